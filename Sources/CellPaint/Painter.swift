import CellCore
import Graphics

/// Interprets draw commands onto a canvas: a small interpreter with no layout decisions of its own.
///
/// Keeps decoded images for the commands it paints, so a table that shows one icon on every
/// row decodes it once. A painter belongs to one thread.
public final class Painter {
    private var images: [String: RasterImage] = [:]

    public init() {}

    /// Paints `commands` with their origin at `origin` (points) on `canvas`.
    ///
    /// Throws when an image cannot be decoded, a text was prepared by a measurer that cannot
    /// draw it, or Cairo reports an error.
    public func paint(_ commands: [DrawCommand], on canvas: Canvas, at origin: Point = .zero) throws(PaintError) {
        try canvas.translated(by: origin) { () throws(PaintError) in
            for command in commands {
                try paint(command, on: canvas)
            }
        }
        do {
            try canvas.checkStatus("paint a cell")
        } catch {
            throw PaintError(message: error.description)
        }
    }

    func paint(_ command: DrawCommand, on canvas: Canvas) throws(PaintError) {
        switch command {
        case .fill(let rect, let color):
            canvas.fill(rect, color: color)
        case .gradient(let rect, let stops, let angle):
            let count = Double(max(1, stops.count - 1))
            canvas.fillGradient(rect, stops: stops.enumerated().map { (Double($0) / count, $1) }, angle: angle)
        case .roundedRect(let rect, let radius, let color):
            canvas.fillRoundedRect(rect, radius: radius, color: color)
        case .ellipse(let rect, let color):
            canvas.fillEllipse(rect, color: color)
        case .text(let text, let textOrigin, let color):
            if let layout = text.prepared as? TextLayout {
                canvas.draw(layout, at: textOrigin, color: color)
            } else if let prepared = text.prepared as? PreparedTextLayout {
                // A text measured by the height engine is drawn by the Pango layout it realizes,
                // which is checked to break into the measured lines.
                do {
                    canvas.draw(try prepared.realize(text), at: textOrigin, color: color)
                } catch {
                    throw PaintError(message: "\(error)")
                }
            } else {
                throw PaintError(message: "a text was measured by a measurer that cannot draw it")
            }
        case .hairline(let x0, let x1, let bottom, let color):
            canvas.hairline(fromX: x0, toX: x1, bottom: bottom, color: color)
        case .border(let rect, let color):
            canvas.strokeHairlineBorder(rect, color: color)
        case .strokeRoundedRect(let rect, let radius, let width, let color):
            canvas.strokeRoundedRect(rect, radius: radius, width: width, color: color)
        case .image(let path, let rect, let fill, let radius):
            canvas.draw(try image(at: path), in: rect, fit: fill ? .fill : .fit, cornerRadius: radius)
        case .accessory(let glyph, let rect, let color, let mirrored):
            AccessoryPainter.draw(glyph, in: rect, color: color, mirrored: mirrored, on: canvas)
        case .pushClip(let rect, let radius):
            canvas.pushClip(rect, radius: radius)
        case .popClip:
            canvas.popClip()
        }
    }

    func image(at path: String) throws(PaintError) -> RasterImage {
        if let cached = images[path] { return cached }
        do {
            let image = try RasterImage(path: path)
            images[path] = image
            return image
        } catch {
            throw PaintError(message: error.description)
        }
    }
}

/// A display list that could not be painted.
public struct PaintError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

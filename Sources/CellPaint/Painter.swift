import CellCore
import Graphics

/// Interprets draw commands onto a canvas: a small interpreter with no layout decisions of its own.
public enum Painter {
    /// Paints `commands` with their origin at `origin` (points) on `canvas`.
    ///
    /// Throws when a text was prepared by a measurer other than Pango's `TextEngine` (nothing to
    /// draw it with) or when Cairo reports an error.
    public static func paint(_ commands: [DrawCommand], on canvas: Canvas, at origin: Point = .zero) throws(PaintError) {
        // A text measured by the height engine is drawn by the Pango layout it realizes, which
        // is checked to break into the measured lines.
        var realized: [ObjectIdentifier: TextLayout] = [:]
        for command in commands {
            if case .text(let text, _, _) = command, let prepared = text.prepared as? PreparedTextLayout {
                do {
                    realized[ObjectIdentifier(prepared)] = try prepared.realize()
                } catch {
                    throw PaintError(message: error.description)
                }
            }
        }
        canvas.translated(by: origin) {
            for command in commands {
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
                    } else if let prepared = text.prepared, let layout = realized[ObjectIdentifier(prepared)] {
                        canvas.draw(layout, at: textOrigin, color: color)
                    }
                case .hairline(let x0, let x1, let bottom, let color):
                    canvas.hairline(fromX: x0, toX: x1, bottom: bottom, color: color)
                case .border(let rect, let color):
                    canvas.strokeHairlineBorder(rect, color: color)
                }
            }
        }
        do {
            try canvas.checkStatus("paint a cell")
        } catch {
            throw PaintError(message: error.description)
        }
        for command in commands {
            if case .text(let text, _, _) = command, !(text.prepared is TextLayout || text.prepared is PreparedTextLayout) {
                throw PaintError(message: "a text was measured by a measurer that cannot draw it")
            }
        }
    }
}

/// A display list that could not be painted.
public struct PaintError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

import CPangoCairo
import CellCore

/// An opaque RGB image in device pixels with a Cairo context that draws in points.
///
/// Owns its surface and context. Every drawing call is recorded by Cairo's sticky status,
/// which `finish()` and `encodePNG()` check, so a failed draw is never a silent blank image.
public final class Canvas {
    /// Cairo's limit on either side of an image surface, in pixels.
    public static let maximumSide = 32_767

    public let pixelWidth: Int
    public let pixelHeight: Int
    public let scale: Int
    let surface: OpaquePointer
    let cr: OpaquePointer

    /// Makes a canvas of `pixelWidth` × `pixelHeight` device pixels drawing at `scale` pixels a point.
    public init(pixelWidth: Int, pixelHeight: Int, scale: Int) throws(GraphicsError) {
        guard (1...Canvas.maximumSide).contains(pixelWidth), (1...Canvas.maximumSide).contains(pixelHeight) else {
            throw .surfaceSize(width: pixelWidth, height: pixelHeight)
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(pixelWidth), Int32(pixelHeight)) else {
            throw .cairo(operation: "create an image surface", status: "no surface")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw .cairo(operation: "create an image surface", status: String(cString: cairo_status_to_string(status)))
        }
        self.surface = surface
        self.cr = cr
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        cairo_scale(cr, Double(scale), Double(scale))
    }

    /// Takes ownership of a surface and context made elsewhere in this module (vector documents).
    init(surface: OpaquePointer, cr: OpaquePointer, pixelWidth: Int, pixelHeight: Int, scale: Int) {
        self.surface = surface
        self.cr = cr
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        cairo_scale(cr, Double(scale), Double(scale))
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Throws the first error Cairo recorded on this canvas, if any.
    public func checkStatus(_ operation: String) throws(GraphicsError) {
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .cairo(operation: operation, status: String(cString: cairo_status_to_string(status)))
        }
    }

    /// Runs `body` with the origin moved to `point` (in points), restoring the state after.
    public func translated<T, E: Error>(by point: Point, _ body: () throws(E) -> T) throws(E) -> T {
        cairo_save(cr)
        cairo_translate(cr, point.x, point.y)
        defer { cairo_restore(cr) }
        return try body()
    }

    /// Runs `body` with drawing clipped to `rect`, restoring the state after.
    public func clipped<T, E: Error>(to rect: Rect, _ body: () throws(E) -> T) throws(E) -> T {
        cairo_save(cr)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(cr)
        defer { cairo_restore(cr) }
        return try body()
    }

    func setSource(_ color: Color) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }

    /// `rect` snapped outwards... to whole device pixels, so fills meet without seams.
    func snapped(_ rect: Rect) -> Rect {
        let s = Double(scale)
        let x0 = (rect.x * s).rounded() / s
        let y0 = (rect.y * s).rounded() / s
        let x1 = (rect.maxX * s).rounded() / s
        let y1 = (rect.maxY * s).rounded() / s
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

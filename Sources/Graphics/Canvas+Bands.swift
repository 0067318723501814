import CPangoCairo
import CellCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Canvas {
    /// Runs `body` with the origin moved to (`x`, `y`) device pixels, restoring the state after.
    ///
    /// Offsets in whole device pixels keep every glyph and hairline on the same pixels whether a
    /// row is painted on a whole-table canvas or on a band: bands and tables give equal pixels.
    public func withDeviceOrigin<T>(x: Int, y: Int, _ body: () throws -> T) rethrows -> T {
        cairo_save(cr)
        var matrix = cairo_matrix_t()
        cairo_matrix_init_translate(&matrix, Double(x), Double(y))
        cairo_matrix_scale(&matrix, Double(scale), Double(scale))
        cairo_set_matrix(cr, &matrix)
        defer { cairo_restore(cr) }
        return try body()
    }

    /// Runs `body` clipped to `rect` with its top or bottom corners rounded by `radius` points.
    public func clipped<T>(
        to rect: Rect, cornerRadius radius: Double, roundTop: Bool, roundBottom: Bool, _ body: () throws -> T
    ) rethrows -> T {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        cairo_new_path(cr)
        if roundTop && r > 0 {
            cairo_arc(cr, rect.x + r, rect.y + r, r, .pi, 3 * .pi / 2)
            cairo_arc(cr, rect.maxX - r, rect.y + r, r, -.pi / 2, 0)
        } else {
            cairo_move_to(cr, rect.x, rect.y)
            cairo_line_to(cr, rect.maxX, rect.y)
        }
        if roundBottom && r > 0 {
            cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, .pi / 2)
            cairo_arc(cr, rect.x + r, rect.maxY - r, r, .pi / 2, .pi)
        } else {
            cairo_line_to(cr, rect.maxX, rect.maxY)
            cairo_line_to(cr, rect.x, rect.maxY)
        }
        cairo_close_path(cr)
        cairo_clip(cr)
        return try body()
    }

    /// Fills the whole canvas with `color`, whatever the current transformation.
    public func fillAll(_ color: Color) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        setSource(color)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Fills the top `rows` device pixel rows with `color`, whatever the current transformation.
    public func fillRows(_ rows: Int, color: Color) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        setSource(color)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_rectangle(cr, 0, 0, Double(pixelWidth), Double(min(rows, pixelHeight)))
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// Decodes a PNG with Cairo's own reader (libpng): the independent check of Cellshot's encoder.
    public convenience init(png: [UInt8], scale: Int = 1) throws(GraphicsError) {
        final class Source {
            let bytes: [UInt8]
            var offset = 0
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let source = Source(png)
        let unmanaged = Unmanaged.passRetained(source)
        defer { unmanaged.release() }
        guard
            let decoded = cairo_image_surface_create_from_png_stream(
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                    let source = Unmanaged<Source>.fromOpaque(closure).takeUnretainedValue()
                    let count = Int(length)
                    guard source.offset + count <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                    source.bytes.withUnsafeBufferPointer { buffer in
                        data.update(from: buffer.baseAddress! + source.offset, count: count)
                    }
                    source.offset += count
                    return CAIRO_STATUS_SUCCESS
                }, unmanaged.toOpaque())
        else { throw .image("cairo could not read the PNG") }
        defer { cairo_surface_destroy(decoded) }
        let status = cairo_surface_status(decoded)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .image("cairo could not read the PNG: \(String(cString: cairo_status_to_string(status)))")
        }
        try self.init(
            pixelWidth: Int(cairo_image_surface_get_width(decoded)), pixelHeight: Int(cairo_image_surface_get_height(decoded)),
            scale: scale)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, decoded, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_restore(cr)
        try checkStatus("copy a decoded PNG")
    }
}

extension Canvas {
    /// Strokes an open polyline with round caps and joins (the disclosure chevron).
    public func strokePolyline(_ points: [Point], lineWidth: Double, color: Color) {
        guard let first = points.first else { return }
        cairo_save(cr)
        setSource(color)
        cairo_set_line_width(cr, lineWidth)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_new_path(cr)
        cairo_move_to(cr, first.x, first.y)
        for point in points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
        cairo_stroke(cr)
        cairo_restore(cr)
    }
}

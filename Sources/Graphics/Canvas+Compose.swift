import CPangoCairo
import CellCore

extension Canvas {
    /// Copies `other`'s pixels onto this canvas with their top-left corner at device pixel `x`, `y`.
    ///
    /// Pixels are copied one to one (no scaling, no filtering): both canvases SHOULD share a
    /// scale. Parts falling outside this canvas are clipped.
    public func draw(_ other: Canvas, atPixelX x: Int, y: Int) throws(GraphicsError) {
        try other.checkStatus("draw the canvas being copied")
        cairo_surface_flush(other.surface)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, other.surface, Double(x), Double(y))
        cairo_rectangle(cr, Double(x), Double(y), Double(other.pixelWidth), Double(other.pixelHeight))
        cairo_fill(cr)
        cairo_restore(cr)
        try checkStatus("copy a canvas")
    }
}

extension Canvas {
    /// Fills the closed polygon through `points` (in points).
    public func fillPolygon(_ points: [Point], color: Color) {
        guard let first = points.first, points.count > 2 else { return }
        setSource(color)
        cairo_new_path(cr)
        cairo_move_to(cr, first.x, first.y)
        for point in points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
        cairo_close_path(cr)
        cairo_fill(cr)
    }
}

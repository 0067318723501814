import CPangoCairo
import CellCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Canvas {
    /// Fills `rect` with `color`, its edges snapped to device pixels.
    public func fill(_ rect: Rect, color: Color) {
        let box = snapped(rect)
        setSource(color)
        cairo_rectangle(cr, box.x, box.y, box.width, box.height)
        cairo_fill(cr)
    }

    /// Fills `rect` with a linear gradient along `angle` degrees (CSS convention: 180 runs top to bottom).
    public func fillGradient(_ rect: Rect, stops: [(position: Double, color: Color)], angle: Double, cornerRadius: Double = 0) {
        guard let first = stops.first else { return }
        guard stops.count > 1 else {
            fillRoundedRect(rect, radius: cornerRadius, color: first.color)
            return
        }
        let box = snapped(rect)
        // CSS: the gradient line passes through the centre at `angle` from "to top", long enough
        // that the corners get the first and last colours.
        let radians = angle * .pi / 180
        let dx = sin(radians)
        let dy = -cos(radians)
        let half = (abs(box.width * dx) + abs(box.height * dy)) / 2
        let cx = box.x + box.width / 2
        let cy = box.y + box.height / 2
        guard let pattern = cairo_pattern_create_linear(cx - dx * half, cy - dy * half, cx + dx * half, cy + dy * half) else {
            return
        }
        for stop in stops {
            cairo_pattern_add_color_stop_rgba(
                pattern, stop.position, stop.color.red, stop.color.green, stop.color.blue, stop.color.alpha)
        }
        cairo_set_source(cr, pattern)
        addRoundedRect(box, radius: cornerRadius)
        cairo_fill(cr)
        cairo_pattern_destroy(pattern)
    }

    /// Fills a rectangle with rounded corners of `radius` points (clamped to half the short side).
    public func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) {
        setSource(color)
        addRoundedRect(rect, radius: radius)
        cairo_fill(cr)
    }

    /// Fills the ellipse inscribed in `rect`.
    public func fillEllipse(_ rect: Rect, color: Color) {
        setSource(color)
        cairo_save(cr)
        cairo_translate(cr, rect.x + rect.width / 2, rect.y + rect.height / 2)
        cairo_scale(cr, rect.width / 2, rect.height / 2)
        cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
        cairo_restore(cr)
        cairo_fill(cr)
    }

    /// Draws a one-device-pixel border just inside `rect` (snapped to pixels), as `layer.borderWidth` would.
    public func strokeHairlineBorder(_ rect: Rect, color: Color) {
        let box = snapped(rect)
        let line = 1 / Double(scale)
        guard box.width > 0, box.height > 0 else { return }
        setSource(color)
        cairo_rectangle(cr, box.x, box.y, box.width, min(line, box.height))
        cairo_rectangle(cr, box.x, box.maxY - min(line, box.height), box.width, min(line, box.height))
        cairo_rectangle(cr, box.x, box.y, min(line, box.width), box.height)
        cairo_rectangle(cr, box.maxX - min(line, box.width), box.y, min(line, box.width), box.height)
        cairo_fill(cr)
    }

    /// Draws a horizontal line one device pixel thick whose bottom edge is at `bottom` points.
    public func hairline(fromX x0: Double, toX x1: Double, bottom: Double, color: Color) {
        let line = 1 / Double(scale)
        fill(Rect(x: x0, y: bottom - line, width: max(0, x1 - x0), height: line), color: color)
    }

    /// Draws a prepared text with its top-left corner at `origin`.
    public func draw(_ text: TextLayout, at origin: Point, color: Color) {
        cairo_save(cr)
        setSource(color)
        cairo_move_to(cr, origin.x, origin.y)
        pango_cairo_show_layout(cr, text.pointer)
        cairo_restore(cr)
    }

    func addRoundedRect(_ rect: Rect, radius: Double) {
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        guard r > 0 else {
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            return
        }
        cairo_new_sub_path(cr)
        cairo_arc(cr, rect.maxX - r, rect.y + r, r, -.pi / 2, 0)
        cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, .pi / 2)
        cairo_arc(cr, rect.x + r, rect.maxY - r, r, .pi / 2, .pi)
        cairo_arc(cr, rect.x + r, rect.y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }
}

extension Canvas {
    /// How an image is fitted into its rectangle.
    public enum ImageFit: Sendable {
        /// Scaled to cover the rectangle, centred and cropped.
        case fill
        /// Scaled to fit inside, centred.
        case fit
    }

    /// Draws `image` into `rect`, clipped to a rounded rectangle of `cornerRadius`.
    public func draw(_ image: RasterImage, in rect: Rect, fit: ImageFit, cornerRadius: Double) {
        guard rect.width > 0, rect.height > 0 else { return }
        let sx = rect.width / Double(image.pixelWidth)
        let sy = rect.height / Double(image.pixelHeight)
        let factor = fit == .fill ? max(sx, sy) : min(sx, sy)
        let drawnWidth = Double(image.pixelWidth) * factor
        let drawnHeight = Double(image.pixelHeight) * factor
        cairo_save(cr)
        addRoundedRect(rect, radius: cornerRadius)
        cairo_clip(cr)
        cairo_translate(cr, rect.x + (rect.width - drawnWidth) / 2, rect.y + (rect.height - drawnHeight) / 2)
        cairo_scale(cr, factor, factor)
        cairo_set_source_surface(cr, image.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Strokes a rounded rectangle's outline of `width` points just inside `rect`.
    public func strokeRoundedRect(_ rect: Rect, radius: Double, width: Double, color: Color) {
        guard width > 0, rect.width > width, rect.height > width else { return }
        setSource(color)
        cairo_set_line_width(cr, width)
        addRoundedRect(
            Rect(x: rect.x + width / 2, y: rect.y + width / 2, width: rect.width - width, height: rect.height - width),
            radius: max(0, radius - width / 2))
        cairo_stroke(cr)
    }

    /// Starts clipping to a rounded rectangle; balance with `popClip()`.
    public func pushClip(_ rect: Rect, radius: Double) {
        cairo_save(cr)
        addRoundedRect(rect, radius: radius)
        cairo_clip(cr)
    }

    public func popClip() {
        cairo_restore(cr)
    }

    /// Strokes an open polyline in points with round caps and joins.
    public func strokePolyline(_ points: [Point], width: Double, color: Color) {
        guard let first = points.first else { return }
        setSource(color)
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_move_to(cr, first.x, first.y)
        for point in points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
        cairo_stroke(cr)
    }

    /// Strokes a circle's outline.
    public func strokeCircle(center: Point, radius: Double, width: Double, color: Color) {
        setSource(color)
        cairo_set_line_width(cr, width)
        cairo_new_sub_path(cr)
        cairo_arc(cr, center.x, center.y, radius, 0, 2 * .pi)
        cairo_stroke(cr)
    }
}

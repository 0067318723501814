import CellCore

/// One drawing operation, in points, in the coordinates of the cell (or table) it belongs to.
///
/// A display list is pure data: building it needs no graphics library, and it can be dumped
/// and compared in tests.
public enum DrawCommand: Sendable {
    case fill(Rect, Color)
    case gradient(Rect, stops: [Color], angle: Double)
    case roundedRect(Rect, radius: Double, Color)
    case ellipse(Rect, Color)
    /// A paragraph laid out by the measurer, drawn as measured.
    case text(MeasuredText, origin: Point, Color)
    /// A horizontal line one device pixel thick whose bottom edge is at `bottom`.
    case hairline(fromX: Double, toX: Double, bottom: Double, Color)
    /// A one-device-pixel border just inside a frame (the debug overlay).
    case border(Rect, Color)
    /// An outline of `width` points just inside a rounded rectangle (an element's border).
    case strokeRoundedRect(Rect, radius: Double, width: Double, Color)
    /// An image file fitted into a rectangle.
    case image(path: String, Rect, fill: Bool, cornerRadius: Double)
    /// An iOS accessory glyph at the trailing edge of a rectangle: the right one, or the left one
    /// when mirrored (right to left: the chevron then points left).
    case accessory(AccessoryGlyph, Rect, Color, mirrored: Bool)
    /// Clips what follows to a rounded rectangle, until the matching `popClip`.
    case pushClip(Rect, radius: Double)
    case popClip

    /// A one-line description for display-list dumps.
    public var dump: String {
        switch self {
        case .fill(let rect, let color): "fill \(rect) \(color)"
        case .gradient(let rect, let stops, let angle):
            "gradient \(rect) \(stops.map(\.description).joined(separator: "→")) \(formatPoints(angle))°"
        case .roundedRect(let rect, let radius, let color): "roundedRect \(rect) r=\(formatPoints(radius)) \(color)"
        case .ellipse(let rect, let color): "ellipse \(rect) \(color)"
        case .text(let text, let origin, let color): "text \(origin) \(text.size) lines=\(text.lineCount) \(color)"
        case .hairline(let x0, let x1, let bottom, let color):
            "hairline \(formatPoints(x0))…\(formatPoints(x1)) bottom=\(formatPoints(bottom)) \(color)"
        case .border(let rect, let color): "border \(rect) \(color)"
        case .strokeRoundedRect(let rect, let radius, let width, let color):
            "strokeRoundedRect \(rect) r=\(formatPoints(radius)) w=\(formatPoints(width)) \(color)"
        case .image(let path, let rect, let fill, let radius):
            "image \(path.split(separator: "/").last ?? "") \(rect) \(fill ? "fill" : "fit") r=\(formatPoints(radius))"
        case .accessory(let glyph, let rect, let color, let mirrored):
            "accessory \(glyph.rawValue) \(rect) \(color)\(mirrored ? " mirrored" : "")"
        case .pushClip(let rect, let radius): "pushClip \(rect) r=\(formatPoints(radius))"
        case .popClip: "popClip"
        }
    }
}

/// The accessory glyphs iOS draws at a cell's trailing edge.
public enum AccessoryGlyph: String, Sendable {
    case disclosure, checkmark, detailButton
}

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
        }
    }
}

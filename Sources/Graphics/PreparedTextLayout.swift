import CPangoCairo
import CellCore

/// A paragraph measured by `PreparedTextEngine`'s arithmetic, ready to be drawn.
///
/// Painting needs a Pango layout; `realize()` builds it once, at the measured width, with the
/// engine's `TextEngine`, and checks that Pango broke it at the measured byte offsets into lines
/// of the measured rectangles. A layout that disagrees is never drawn: `realize()` throws. So the
/// lines drawn are the lines measured, and the height that decided the row is the height drawn.
///
/// It belongs to the engine's thread, like `TextLayout`.
public final class PreparedTextLayout: PreparedText, @unchecked Sendable {
    public let request: TextRequest
    public let width: Double?
    /// The byte offset (UTF-8) in the text where each line starts.
    public var lineStarts: [Int] { lines.map { Int($0.start) } }
    public let size: Size
    public let lineMetrics: [LineMetrics]
    private let lines: [PreparedParagraphs.Line]
    /// The plain Pango engine that draws it. Held strongly (a layout outlives the renderer that
    /// measured it, in a layout tree) without a cycle: the Pango engine holds no measurements,
    /// unlike the `PreparedTextEngine` whose cache holds this layout.
    private let pango: TextEngine?
    private var realized: TextLayout?

    init(
        request: TextRequest, width: Double?, lines: [PreparedParagraphs.Line], size: Size, lineMetrics: [LineMetrics],
        pango: TextEngine?
    ) {
        self.request = request
        self.width = width
        self.lines = lines
        self.size = size
        self.lineMetrics = lineMetrics
        self.pango = pango
    }

    /// The Pango layout to draw, built once; throws when Pango's lines are not the measured ones.
    public func realize() throws(GraphicsError) -> TextLayout {
        if let realized { return realized }
        guard let pango else { throw .pango("no Pango engine could be made to draw “\(request.text.prefix(40))”") }
        let layout = try pango.layout(request, width: width)
        let drawn = layout.measurement
        guard layout.lineStartIndices == lineStarts, drawn.lines == lineMetrics, drawn.size == size else {
            throw .pango(
                "the painted layout of “\(request.text.prefix(40))” breaks at \(layout.lineStartIndices) "
                    + "but was measured breaking at \(lineStarts)")
        }
        realized = layout
        return layout
    }
}

extension TextLayout {
    /// The byte offset (UTF-8) in the text where each of Pango's lines starts.
    var lineStartIndices: [Int] {
        var starts: [Int] = []
        var node = pango_layout_get_lines_readonly(pointer)
        while let current = node {
            let line = current.pointee.data.assumingMemoryBound(to: PangoLayoutLine.self)
            starts.append(Int(line.pointee.start_index))
            node = current.pointee.next
        }
        return starts
    }
}

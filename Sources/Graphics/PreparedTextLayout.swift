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
    public var request: TextRequest { source.request }
    public let width: Double?
    /// The byte offset (UTF-8) in the text where each line starts.
    public var lineStarts: [Int] { lines.map { Int($0.start) } }
    public let size: Size
    public let lineMetrics: [LineMetrics]
    /// The request, its preparation, and the plain Pango engine that draws it. Held strongly (a
    /// layout outlives the renderer that measured it, in a layout tree) without a cycle: the
    /// source holds no measurement.
    private let source: PreparedSource
    private let units: Int32?
    /// The lines when a word was broken (made by shaping); nil: filled again from the entry's
    /// preparation when asked (a measurement does not pay for an array it rarely needs).
    private let brokenLines: [PreparedParagraphs.Line]?
    private var realized: TextLayout?

    init(
        source: PreparedSource, width: Double?, units: Int32?, brokenLines: [PreparedParagraphs.Line]?, size: Size,
        lineMetrics: [LineMetrics]
    ) {
        self.source = source
        self.width = width
        self.units = units
        self.brokenLines = brokenLines
        self.size = size
        self.lineMetrics = lineMetrics
    }

    /// The measured lines.
    private var lines: [PreparedParagraphs.Line] {
        brokenLines ?? source.paragraphs.lines(width: units.map { Int(max(0, $0)) }) ?? []
    }

    /// The Pango layout to draw, built once; throws when Pango's lines are not the measured ones.
    public func realize() throws(GraphicsError) -> TextLayout {
        if let realized { return realized }
        guard let pango = source.pango else { throw .pango("no Pango engine could be made to draw “\(request.text.prefix(40))”") }
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

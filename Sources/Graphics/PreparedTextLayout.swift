import CPangoCairo
import CellCore

/// A text measured by `PreparedTextEngine`'s arithmetic, ready to be drawn at any width it was
/// measured at.
///
/// One object serves every measurement of a request (the engine's entry keeps it), so a
/// measurement allocates only its line metrics: `MeasuredText.measuredWidth` says which width.
/// A measurement whose lines break inside a word gets an object of its own that keeps them.
///
/// Painting needs a Pango layout; `realize(_:)` builds it at the measured width with the
/// engine's `TextEngine` and checks that Pango broke it at the measured byte offsets into lines
/// of the measured rectangles. A layout that disagrees is never drawn: `realize(_:)` throws. So
/// the lines drawn are the lines measured, and the height that decided the row is the height
/// drawn. The last two widths' layouts are kept.
///
/// It belongs to the engine's thread, like `TextLayout`.
public final class PreparedTextLayout: PreparedText, @unchecked Sendable {
    /// The request, as first measured (equal byte for byte to every later one).
    public let request: TextRequest
    let paragraphs: PreparedParagraphs
    /// The plain Pango engine that draws it. Held strongly (a layout outlives the renderer that
    /// measured it, in a layout tree) without a cycle: it holds no measurement.
    private let pango: TextEngine?
    /// The lines when a word was broken (made by shaping); nil: filled again from the
    /// preparation at the measured width.
    private let brokenLines: [PreparedParagraphs.Line]?
    private var realized: [(width: Double?, layout: TextLayout)] = []

    init(request: TextRequest, paragraphs: PreparedParagraphs, pango: TextEngine?) {
        self.request = request
        self.paragraphs = paragraphs
        self.pango = pango
        brokenLines = nil
    }

    /// A layout of `shared`'s request whose lines (broken inside a word) are `brokenLines`.
    init(_ shared: PreparedTextLayout, brokenLines: [PreparedParagraphs.Line]) {
        request = shared.request
        paragraphs = shared.paragraphs
        pango = shared.pango
        self.brokenLines = brokenLines
    }

    /// The byte offset (UTF-8) in the text where each line of `measured` starts.
    public func lineStarts(_ measured: MeasuredText) -> [Int] {
        lines(measured).map { Int($0.start) }
    }

    private func lines(_ measured: MeasuredText) -> [PreparedParagraphs.Line] {
        if let brokenLines { return brokenLines }
        // The engine's units for the width (`PreparedTextEngine.measure`).
        let units = measured.measuredWidth.map { Int(max(0, Int32(clamping: Int(($0 * Double(PANGO_SCALE)).rounded(.down))))) }
        return paragraphs.lines(width: units) ?? []
    }

    /// The Pango layout that draws `measured` (a measurement of this text), built once per width;
    /// throws when Pango's lines are not the measured ones.
    public func realize(_ measured: MeasuredText) throws(GraphicsError) -> TextLayout {
        let width = measured.measuredWidth
        if let known = realized.first(where: { $0.width == width }) { return known.layout }
        guard let pango else { throw .pango("no Pango engine could be made to draw “\(request.text.prefix(40))”") }
        let layout = try pango.layout(request, width: width)
        let drawn = layout.measurement
        let starts = lineStarts(measured)
        guard layout.lineStartIndices == starts, drawn.lines == measured.lines, drawn.size == measured.size else {
            throw .pango(
                "the painted layout of “\(request.text.prefix(40))” breaks at \(layout.lineStartIndices) "
                    + "but was measured breaking at \(starts)")
        }
        if realized.count == 2 { realized.removeFirst() }
        realized.append((width, layout))
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

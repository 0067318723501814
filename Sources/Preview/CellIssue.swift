import CellLayout
import Graphics

/// Something a designer should look at in one rendered row: text cut short or missing glyphs.
public enum CellIssue: Hashable, Sendable, CustomStringConvertible {
    /// A text element hit its `maxLines` and shows an ellipsis.
    case truncated(element: String)
    /// A text element has characters none of the pinned fonts can draw (tofu).
    case missingGlyphs(element: String, count: Int)

    public var description: String {
        switch self {
        case .truncated(let element): "\(element) truncated"
        case .missingGlyphs(let element, let count): "\(element): \(count) missing glyph\(count == 1 ? "" : "s")"
        }
    }

    public var isTruncation: Bool {
        if case .truncated = self { return true }
        return false
    }

    /// The issues of one laid-out row, in tree order, read from its measured texts.
    ///
    /// This is the one place that decides what is flagged: per-row diagnostics from the text
    /// engine, when it reports them, belong here too.
    public static func issues(in row: RowLayout) -> [CellIssue] {
        var found: [CellIssue] = []
        for node in row.root.allNodes {
            guard let text = node.measuredText else { continue }
            let name = node.id ?? node.kind.rawValue
            if text.isTruncated { found.append(.truncated(element: name)) }
            if let layout = text.prepared as? TextLayout, layout.unknownGlyphCount > 0 {
                found.append(.missingGlyphs(element: name, count: layout.unknownGlyphCount))
            }
        }
        return found
    }
}

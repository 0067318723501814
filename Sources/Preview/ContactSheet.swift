import CellCore
import CellLayout

/// A rendered contact sheet: the PNG and, as data, everything drawn on it.
///
/// Frames are in sheet points from the top-left corner; multiply by `scale` for pixels.
public struct ContactSheet: Sendable {
    public var png: [UInt8]
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var scale: Int
    public var size: Size
    /// The variants in sheet order, each with its table's frame and its rows' measured frames.
    public var variants: [VariantFrames]
    /// One tile per variant and shown row: variants.count × rowNumbers.count.
    public var tiles: [SheetTile]
    public var labels: [SheetLabel]
    /// The data rows shown (1-based row numbers of the data).
    public var rowNumbers: [Int]
    /// How many rows the data has in all.
    public var totalRows: Int
    /// Things the person should know about this sheet (rows left out to fit, …), one line each.
    public var notes: [String]

    /// The tiles with at least one issue.
    public var flaggedTiles: [SheetTile] { tiles.filter { !$0.issues.isEmpty } }
}

/// One data row under one variant, where it sits on the sheet and what is wrong with it.
public struct SheetTile: Sendable, Hashable {
    public var variantID: String
    public var row: Int
    public var frame: Rect
    public var issues: [CellIssue]
}

/// A piece of text drawn on the sheet.
public struct SheetLabel: Sendable, Hashable {
    public enum Role: String, Sendable, Hashable {
        case title, summary, legend, block, column, contentSize, contentSizeDetail, rowNumber
    }

    public var text: String
    public var role: Role
    public var frame: Rect
}

/// A variant's table as laid out: the frames the live page shows as numbers.
public struct VariantFrames: Sendable {
    public var variant: PreviewVariant
    /// Where the table sits on the sheet (zero origin for a single-variant image).
    public var tableFrame: Rect
    public var rows: [RowFrames]
}

/// A row's frame tree, flattened: every laid-out element with its depth.
public struct RowFrames: Sendable {
    public struct Node: Sendable, Hashable {
        public var kind: String
        public var id: String?
        public var depth: Int
        /// In the row's coordinates.
        public var frame: Rect
        public var lines: Int?
        public var truncated: Bool
    }

    public var row: Int
    /// The row's top in the table, and its height rounded to device pixels.
    public var y: Double
    public var height: Double
    /// The content height before rounding.
    public var contentHeight: Double
    public var issues: [CellIssue]
    public var nodes: [Node]

    init(layout: RowLayout, y: Double, height: Double) {
        self.row = layout.rowNumber
        self.y = y
        self.height = height
        self.contentHeight = layout.height
        self.issues = CellIssue.issues(in: layout)
        var nodes: [Node] = []
        func walk(_ node: LayoutNode, depth: Int) {
            let text = node.measuredText
            nodes.append(
                Node(
                    kind: node.kind.rawValue, id: node.id, depth: depth, frame: node.frame, lines: text?.lineCount,
                    truncated: text?.isTruncated ?? false))
            for child in node.children { walk(child, depth: depth + 1) }
        }
        walk(layout.root, depth: 0)
        self.nodes = nodes
    }
}

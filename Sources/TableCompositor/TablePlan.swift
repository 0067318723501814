import CellCore
import CellLayout

/// How the table around the cells looks.
public struct TableAppearance: Sendable {
    public var background: Color
    public var separatorColor: Color
    /// Separator insets from the leading and trailing edges, in points (iOS: 16 and 0).
    public var separatorLeadingInset: Double
    public var separatorTrailingInset: Double
    public var showsSeparators: Bool
    /// Right-to-left tables inset separators from the right (the leading edge) instead.
    public var rightToLeft = false

    public init(
        background: Color, separatorColor: Color, separatorLeadingInset: Double = 16, separatorTrailingInset: Double = 0,
        showsSeparators: Bool = true, rightToLeft: Bool = false
    ) {
        self.rightToLeft = rightToLeft
        self.background = background
        self.separatorColor = separatorColor
        self.separatorLeadingInset = separatorLeadingInset
        self.separatorTrailingInset = separatorTrailingInset
        self.showsSeparators = showsSeparators
    }
}

/// The horizontal span of a separator in a cell `width` points wide: `leading` points in from
/// the leading edge (the right one in a right-to-left table) and `trailing` from the other.
public func separatorSpan(width: Double, leading: Double, trailing: Double, rightToLeft: Bool) -> (from: Double, to: Double) {
    rightToLeft ? (trailing, width - leading) : (leading, width - trailing)
}

/// Where every row of a table goes: pure geometry, computed before any pixel is painted.
///
/// Each row's height is rounded up to whole device pixels, so rows never share a pixel row and
/// the table's height is exactly the sum of the rounded row heights.
public struct TablePlan: Sendable {
    public struct Placement: Sendable {
        public var row: RowLayout
        /// The top of the row, in points from the top of the table.
        public var y: Double
        /// The row's height rounded up to device pixels.
        public var height: Double
        public var hasSeparator: Bool
    }

    public let width: Double
    public let scale: Int
    public let placements: [Placement]
    public let height: Double

    public init(rows: [RowLayout], width: Double, scale: Int) {
        var y = 0.0
        var placements: [Placement] = []
        for (index, row) in rows.enumerated() {
            let height = PixelGrid.ceil(row.height, scale: scale)
            placements.append(Placement(row: row, y: y, height: height, hasSeparator: index < rows.count - 1))
            y += height
        }
        self.width = width
        self.scale = scale
        self.placements = placements
        self.height = y
    }

    /// The table's size in device pixels.
    public var pixelWidth: Int { PixelGrid.pixels(width, scale: scale) }
    public var pixelHeight: Int { Int((height * Double(scale)).rounded()) }
}

import CellCore

/// iOS's Dynamic Type text styles.
public enum TextStyle: String, CaseIterable, Hashable, Sendable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// The default weight of the style: Headline is semibold, every other style regular.
    public var weight: FontWeight { self == .headline ? .semibold : .regular }

    /// The style's point size at `category`, from Apple's published table.
    public func pointSize(for category: ContentSizeCategory) -> Double {
        guard let row = TextStyle.table.first(where: { $0.category == category }),
            let column = TextStyle.allCases.firstIndex(of: self)
        else { return 17 }
        return row.sizes[column]
    }

    /// Point sizes for every content size category, one row a category, columns in the order of
    /// `allCases` (largeTitle … caption2): the table of Apple's Human Interface Guidelines for iOS.
    /// This is the only copy of the table in the code.
    static let table: [(category: ContentSizeCategory, sizes: [Double])] = [
        (.xSmall, [31, 25, 19, 17, 14, 14, 13, 12, 12, 11, 11]),
        (.small, [32, 26, 20, 18, 15, 15, 14, 13, 12, 11, 11]),
        (.medium, [33, 27, 21, 19, 16, 16, 15, 14, 12, 11, 11]),
        (.large, [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11]),
        (.xLarge, [36, 30, 24, 22, 19, 19, 18, 17, 15, 14, 13]),
        (.xxLarge, [38, 32, 26, 24, 21, 21, 20, 19, 17, 16, 15]),
        (.xxxLarge, [40, 34, 28, 26, 23, 23, 22, 21, 19, 18, 17]),
        (.ax1, [44, 38, 34, 31, 28, 28, 26, 25, 23, 22, 20]),
        (.ax2, [48, 43, 39, 37, 33, 33, 32, 30, 27, 26, 24]),
        (.ax3, [52, 48, 44, 43, 40, 40, 38, 36, 33, 32, 29]),
        (.ax4, [56, 53, 50, 49, 47, 47, 44, 42, 38, 37, 34]),
        (.ax5, [60, 58, 56, 55, 53, 53, 51, 49, 44, 43, 40]),
    ]
}

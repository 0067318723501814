/// The user's preferred text size, as iOS's content size categories.
public enum ContentSizeCategory: String, CaseIterable, Hashable, Sendable, Codable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case ax1 = "AX1"
    case ax2 = "AX2"
    case ax3 = "AX3"
    case ax4 = "AX4"
    case ax5 = "AX5"

    /// iOS's default category.
    public static let `default` = ContentSizeCategory.large

    /// Whether this is one of the accessibility sizes (AX1…AX5).
    public var isAccessibility: Bool { self >= .ax1 }

    /// Parses a name case-insensitively (`large`, `AX3`, `ax3`).
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else { return nil }
        self = match
    }
}

extension ContentSizeCategory: Comparable {
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

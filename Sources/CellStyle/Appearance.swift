import CellCore

/// Light or dark appearance, as iOS's user interface style.
public enum Appearance: String, CaseIterable, Hashable, Sendable {
    case light, dark
}

/// What the environment contributes to resolving a style: text size, appearance and direction.
public struct StyleEnvironment: Hashable, Sendable {
    public var contentSize: ContentSizeCategory
    public var appearance: Appearance
    public var layoutDirection: LayoutDirection
    /// A BCP 47 locale (`ja-JP`, `fr-FR`) whose language Pango uses for glyph variants and line
    /// breaking; nil: none.
    public var locale: String?

    public init(
        contentSize: ContentSizeCategory = .default, appearance: Appearance = .light,
        layoutDirection: LayoutDirection = .leftToRight,
        locale: String? = nil
    ) {
        self.contentSize = contentSize
        self.appearance = appearance
        self.layoutDirection = layoutDirection
        self.locale = locale
    }
}

/// Light or dark appearance, as iOS's user interface style.
public enum Appearance: String, CaseIterable, Hashable, Sendable {
    case light, dark
}

/// What the environment contributes to resolving a style: text size and appearance.
public struct StyleEnvironment: Hashable, Sendable {
    public var contentSize: ContentSizeCategory
    public var appearance: Appearance

    public init(contentSize: ContentSizeCategory = .default, appearance: Appearance = .light) {
        self.contentSize = contentSize
        self.appearance = appearance
    }
}

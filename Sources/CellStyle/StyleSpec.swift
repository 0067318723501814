import CellCore

/// A cell style as written in a style file: elements with unresolved fonts, colours and templates.
///
/// `StyleResolver` turns it into a `ResolvedStyle` for one environment; nothing downstream ever
/// looks at a token or a text style name.
public struct StyleSpec: Sendable {
    public var name: String
    public var description: String
    /// The style's own colour tokens, which may shadow system tokens.
    public var colors: [String: DynamicColor]
    public var background: FillSpec?
    public var content: ElementSpec

    public init(
        name: String, description: String, colors: [String: DynamicColor] = [:], background: FillSpec?, content: ElementSpec
    ) {
        self.name = name
        self.description = description
        self.colors = colors
        self.background = background
        self.content = content
    }
}

/// A colour as written: a token name or a literal.
public enum ColorSpec: Hashable, Sendable {
    case token(String)
    case literal(Color)
}

/// A background as written: a solid colour or a linear gradient.
public enum FillSpec: Hashable, Sendable {
    case solid(ColorSpec)
    case gradient(stops: [ColorSpec], angle: Double)
}

/// A font as written: a Dynamic Type text style (optionally overriding weight and slant) or an
/// explicit size.
public struct FontRefSpec: Hashable, Sendable {
    public var textStyle: TextStyle?
    public var family: String?
    public var size: Double?
    public var weight: FontWeight?
    public var italic: Bool?

    public init(
        textStyle: TextStyle? = nil, family: String? = nil, size: Double? = nil, weight: FontWeight? = nil, italic: Bool? = nil
    ) {
        self.textStyle = textStyle
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
    }
}

/// Properties every element has.
public struct ElementCommon: Hashable, Sendable {
    /// A name for the element in frame dumps and reports.
    public var id: String?
    /// The element is shown only when this data field is present and not empty.
    public var when: String?
    public var minHeight: Double?

    public init(id: String? = nil, when: String? = nil, minHeight: Double? = nil) {
        self.id = id
        self.when = when
        self.minHeight = minHeight
    }
}

/// An element of a style tree as written.
public indirect enum ElementSpec: Sendable {
    case text(TextSpec, ElementCommon)
    case badge(BadgeSpec, ElementCommon)
    case avatar(AvatarSpec, ElementCommon)
    case spacer(size: Double, ElementCommon)
    case stack(StackSpec, ElementCommon)
    case padding(insets: EdgeInsets, child: ElementSpec, ElementCommon)
    case inlineOrStacked(InlineSpec, ElementCommon)
    case textWithAccessory(AccessorySpec, ElementCommon)
}

public struct TextSpec: Sendable {
    public var value: Template
    public var font: FontRefSpec
    public var color: ColorSpec
    public var alignment: TextAlignment
    public var wrap: WrapMode
    public var maxLines: Int
    public var truncation: TruncationMode
    public var lineSpacing: Double
    public var lineHeightMultiple: Double
    public var letterSpacing: Double
    /// Whether the bound text is Pango markup (data is plain text unless a style opts in).
    public var markup: Bool
    /// Whether surrounding whitespace is removed from the bound text.
    public var trim: Bool
}

public struct BadgeSpec: Sendable {
    public var value: Template
    public var font: FontRefSpec
    public var color: ColorSpec
    public var fill: ColorSpec
    public var cornerRadius: Double
    public var insets: EdgeInsets
}

public struct AvatarSpec: Sendable {
    /// The name whose initials are shown and whose hash picks the colour.
    public var name: Template
    public var size: Double
    public var font: FontRefSpec
    public var color: ColorSpec
}

public enum StackAxis: String, Hashable, Sendable {
    case vertical, horizontal
}

/// Cross-axis alignment of a stack's children.
public enum StackAlignment: String, Hashable, Sendable, CaseIterable {
    /// Vertical stacks: children take the full width. Horizontal: children are top-aligned.
    case fill
    case leading, center, trailing
    case top, bottom
}

public struct StackSpec: Sendable {
    public var axis: StackAxis
    public var spacing: Double
    public var alignment: StackAlignment
    public var children: [ElementSpec]
}

/// Two elements side by side when both fit on one line with `spacing` between, else stacked.
public struct InlineSpec: Sendable {
    public var first: ElementSpec
    public var second: ElementSpec
    public var spacing: Double
    public var stackedSpacing: Double
}

/// A text with a trailing accessory that sinks into the text's last line when there is room.
public struct AccessorySpec: Sendable {
    public var text: ElementSpec
    public var accessory: ElementSpec
    /// The least gap between the last line's end and a sunk accessory.
    public var spacing: Double
    /// The gap above the accessory when it goes below the text.
    public var stackedSpacing: Double
}

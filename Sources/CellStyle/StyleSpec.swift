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
    public var accessory: CellAccessory
    /// Brand font files (absolute paths) that join the pinned set ahead of the defaults.
    public var fonts: [String]
    /// Every font family the style names, checked against the loaded fonts before rendering.
    public var familyUses: [FamilyUse] = []
    public var content: ElementSpec

    public init(
        name: String, description: String, colors: [String: DynamicColor] = [:], background: FillSpec?,
        accessory: CellAccessory = .none, fonts: [String] = [], content: ElementSpec
    ) {
        self.name = name
        self.description = description
        self.colors = colors
        self.background = background
        self.accessory = accessory
        self.fonts = fonts
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
    /// The element is never taller than this; its content is clipped.
    public var maxHeight: Double?
    /// A fixed width in points (the element is centred in the space it is offered).
    public var width: Double?
    /// A fixed height in points.
    public var height: Double?
    /// In a horizontal stack, the element takes its natural one-line width (capped by the space
    /// left) instead of sharing the remainder, like a high content-hugging priority.
    public var hugsContent: Bool = false
    /// The element collapses when its bound text is empty (or, for a container, when all its
    /// children collapsed), without naming a field in `when`.
    public var collapseWhenEmpty: Bool = false
    /// Background, corner radius and border as written (tokens unresolved).
    public var decorationSpec: DecorationSpec?
    /// The same, settled by `StyleResolver`.
    public var decoration: Decoration?

    public init(
        id: String? = nil, when: String? = nil, minHeight: Double? = nil, maxHeight: Double? = nil, width: Double? = nil,
        height: Double? = nil, decorationSpec: DecorationSpec? = nil
    ) {
        self.id = id
        self.when = when
        self.minHeight = minHeight
        self.maxHeight = maxHeight
        self.width = width
        self.height = height
        self.decorationSpec = decorationSpec
    }
}

/// An element's own background, corner radius and border, as written.
public struct DecorationSpec: Hashable, Sendable {
    public var background: FillSpec?
    public var cornerRadius: Double
    public var borderColor: ColorSpec?
    public var borderWidth: Double
}

/// An element's own background, corner radius and border.
public struct Decoration: Hashable, Sendable {
    public var background: ResolvedFill?
    public var cornerRadius: Double
    public var borderColor: Color?
    public var borderWidth: Double

    public init(background: ResolvedFill?, cornerRadius: Double, borderColor: Color?, borderWidth: Double) {
        self.background = background
        self.cornerRadius = cornerRadius
        self.borderColor = borderColor
        self.borderWidth = borderWidth
    }
}

/// An iOS cell accessory drawn at the trailing edge, centred vertically.
public enum CellAccessory: String, CaseIterable, Hashable, Sendable {
    case none, disclosure, checkmark, detailButton

    /// The width the accessory takes from the content, in points (as UIKit's content view shrinks).
    public var width: Double {
        switch self {
        case .none: 0
        case .disclosure: 34
        case .checkmark: 40
        case .detailButton: 44
        }
    }
}

/// How an image fills its frame.
public enum ContentMode: String, CaseIterable, Hashable, Sendable {
    /// The whole image, scaled to cover the frame and cropped.
    case fill
    /// The whole image inside the frame, letterboxed.
    case fit
}

/// An image element: a PNG or JPEG file, by path relative to the style file (fixed) or bound
/// from a data field (relative to the data file).
public struct ImageSpec: Sendable {
    public var file: Template
    public var size: Size
    public var contentMode: ContentMode
    /// The folder a relative path is resolved against: the style file's.
    public var baseFolder: String
}

/// An element of a style tree as written.
public indirect enum ElementSpec: Sendable {
    case text(TextSpec, ElementCommon)
    case badge(BadgeSpec, ElementCommon)
    case avatar(AvatarSpec, ElementCommon)
    /// A gap; `nil` size: flexible, taking the space left in a horizontal stack.
    case spacer(size: Double?, ElementCommon)
    case stack(StackSpec, ElementCommon)
    case padding(insets: EdgeInsets, child: ElementSpec, ElementCommon)
    case inlineOrStacked(InlineSpec, ElementCommon)
    case textWithAccessory(AccessorySpec, ElementCommon)
    case image(ImageSpec, ElementCommon)
    case divider(color: ColorSpec, thickness: Double, ElementCommon)
    case overlay(children: [ElementSpec], alignment: StackAlignment, ElementCommon)
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

/// How a horizontal stack shares its width.
public enum StackDistribution: String, CaseIterable, Hashable, Sendable {
    /// Fixed-size children (avatars, badges, images, spacers, fixed widths) take their own
    /// width; the others share what is left equally.
    case natural
    /// Every child gets the same width.
    case equal
}

public struct StackSpec: Sendable {
    public var axis: StackAxis
    public var spacing: Double
    public var alignment: StackAlignment
    public var distribution: StackDistribution
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

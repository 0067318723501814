import CellCore

/// A style settled for one environment: every font a concrete `FontSpec`, every colour a
/// concrete `Color`. The layout engine and painter read only this.
public struct ResolvedStyle: Sendable {
    public var name: String
    public var background: ResolvedFill?
    public var accessory: CellAccessory
    public var accessoryColor: Color
    public var content: ResolvedElement
    public var environment: StyleEnvironment
}

/// A concrete background.
public enum ResolvedFill: Hashable, Sendable {
    case solid(Color)
    case gradient(stops: [Color], angle: Double)
}

/// An element of a resolved style tree.
public indirect enum ResolvedElement: Sendable {
    case text(ResolvedText, ElementCommon)
    case badge(ResolvedBadge, ElementCommon)
    case avatar(ResolvedAvatar, ElementCommon)
    case spacer(size: Double?, ElementCommon)
    case stack(
        axis: StackAxis, spacing: Double, alignment: StackAlignment, distribution: StackDistribution, children: [ResolvedElement],
        ElementCommon)
    case padding(insets: EdgeInsets, child: ResolvedElement, ElementCommon)
    case inlineOrStacked(first: ResolvedElement, second: ResolvedElement, spacing: Double, stackedSpacing: Double, ElementCommon)
    case textWithAccessory(
        text: ResolvedElement, accessory: ResolvedElement, spacing: Double, stackedSpacing: Double, ElementCommon)
    case image(ImageSpec, ElementCommon)
    case divider(color: Color, thickness: Double, ElementCommon)
    case overlay(children: [ResolvedElement], alignment: StackAlignment, ElementCommon)

    public var common: ElementCommon {
        switch self {
        case .text(_, let c), .badge(_, let c), .avatar(_, let c), .spacer(_, let c), .stack(_, _, _, _, _, let c),
            .padding(_, _, let c), .inlineOrStacked(_, _, _, _, let c), .textWithAccessory(_, _, _, _, let c), .image(_, let c),
            .divider(_, _, let c), .overlay(_, _, let c):
            c
        }
    }
}

public struct ResolvedText: Sendable {
    public var value: Template
    public var font: FontSpec
    public var color: Color
    public var alignment: TextAlignment
    public var wrap: WrapMode
    public var maxLines: Int
    public var truncation: TruncationMode
    public var lineSpacing: Double
    public var lineHeightMultiple: Double
    public var letterSpacing: Double
    public var markup: Bool
    public var trim: Bool
    public var direction: LayoutDirection
}

public struct ResolvedBadge: Sendable {
    public var value: Template
    public var font: FontSpec
    public var color: Color
    public var fill: Color
    public var cornerRadius: Double
    public var insets: EdgeInsets
}

public struct ResolvedAvatar: Sendable {
    public var name: Template
    public var size: Double
    public var font: FontSpec
    public var color: Color
    /// Backgrounds the avatar picks from by a stable hash of the name.
    public var palette: [Color]
}

extension ResolvedElement {
    /// The same element with its common properties replaced.
    func replacingCommon(_ c: ElementCommon) -> ResolvedElement {
        switch self {
        case .text(let v, _): .text(v, c)
        case .badge(let v, _): .badge(v, c)
        case .avatar(let v, _): .avatar(v, c)
        case .spacer(let size, _): .spacer(size: size, c)
        case .stack(let axis, let spacing, let alignment, let distribution, let children, _):
            .stack(axis: axis, spacing: spacing, alignment: alignment, distribution: distribution, children: children, c)
        case .padding(let insets, let child, _): .padding(insets: insets, child: child, c)
        case .inlineOrStacked(let first, let second, let spacing, let stacked, _):
            .inlineOrStacked(first: first, second: second, spacing: spacing, stackedSpacing: stacked, c)
        case .textWithAccessory(let text, let accessory, let spacing, let stacked, _):
            .textWithAccessory(text: text, accessory: accessory, spacing: spacing, stackedSpacing: stacked, c)
        case .image(let v, _): .image(v, c)
        case .divider(let color, let thickness, _): .divider(color: color, thickness: thickness, c)
        case .overlay(let children, let alignment, _): .overlay(children: children, alignment: alignment, c)
        }
    }
}

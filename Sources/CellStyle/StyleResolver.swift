import CellCore

/// Settles a style for an environment: text styles to point sizes, tokens to colours.
public enum StyleResolver {
    /// Resolves `spec` for `environment`. Tokens were checked when the style was read, so an
    /// unknown token here is a programming error reported as `StyleError`.
    public static func resolve(_ spec: StyleSpec, for environment: StyleEnvironment) throws(StyleError) -> ResolvedStyle {
        let context = Context(spec: spec, environment: environment)
        return ResolvedStyle(
            name: spec.name,
            background: try spec.background.map { fill throws(StyleError) in try context.fill(fill) },
            accessory: spec.accessory,
            accessoryColor: try context.color(.token(spec.accessory == .disclosure ? "tertiaryLabel" : "systemBlue")),
            content: try context.element(spec.content),
            environment: environment)
    }

    /// The avatar palette: iOS system colours that carry white initials well.
    static let avatarPalette: [Color] = [
        Color(r: 255, g: 59, b: 48), Color(r: 255, g: 149, b: 0), Color(r: 52, g: 199, b: 89),
        Color(r: 0, g: 122, b: 255), Color(r: 88, g: 86, b: 214), Color(r: 175, g: 82, b: 222),
        Color(r: 255, g: 45, b: 85), Color(r: 48, g: 176, b: 199),
    ]

    struct Context {
        let spec: StyleSpec
        let environment: StyleEnvironment

        func color(_ color: ColorSpec) throws(StyleError) -> Color {
            switch color {
            case .literal(let value): return value
            case .token(let name):
                guard let dynamic = spec.colors[name] ?? SystemColors.tokens[name] else {
                    throw StyleError(source: spec.name, message: "unknown colour token `\(name)`")
                }
                return dynamic.resolved(for: environment.appearance)
            }
        }

        func fill(_ fill: FillSpec) throws(StyleError) -> ResolvedFill {
            switch fill {
            case .solid(let c): return .solid(try color(c))
            case .gradient(let stops, let angle):
                var colors: [Color] = []
                for stop in stops { colors.append(try color(stop)) }
                return .gradient(stops: colors, angle: angle)
            }
        }

        func font(_ font: FontRefSpec) -> FontSpec {
            let style = font.textStyle
            let size =
                font.size ?? style?.pointSize(for: environment.contentSize)
                ?? TextStyle.body.pointSize(for: environment.contentSize)
            return FontSpec(
                family: font.family ?? FontSpec.defaultFamily, size: size,
                weight: font.weight ?? style?.weight ?? .regular, italic: font.italic ?? false)
        }

        func common(_ common: ElementCommon) throws(StyleError) -> ElementCommon {
            guard let spec = common.decorationSpec else { return common }
            var resolved = common
            resolved.decoration = Decoration(
                background: try spec.background.map { fill throws(StyleError) in try self.fill(fill) },
                cornerRadius: spec.cornerRadius,
                borderColor: try spec.borderColor.map { c throws(StyleError) in try color(c) }, borderWidth: spec.borderWidth)
            return resolved
        }

        func element(_ element: ElementSpec) throws(StyleError) -> ResolvedElement {
            let resolved = try elementContent(element)
            return resolved.replacingCommon(try common(resolved.common))
        }

        func elementContent(_ element: ElementSpec) throws(StyleError) -> ResolvedElement {
            switch element {
            case .image(let image, let common):
                return .image(image, common)
            case .divider(let c, let thickness, let common):
                return .divider(color: try color(c), thickness: thickness, common)
            case .overlay(let children, let alignment, let common):
                var resolved: [ResolvedElement] = []
                for child in children { resolved.append(try self.element(child)) }
                return .overlay(children: resolved, alignment: alignment, common)
            case .text(let t, let common):
                return .text(
                    ResolvedText(
                        value: t.value, font: font(t.font), color: try color(t.color), alignment: t.alignment,
                        wrap: t.wrap, maxLines: t.maxLines, truncation: t.truncation, lineSpacing: t.lineSpacing,
                        lineHeightMultiple: t.lineHeightMultiple, letterSpacing: t.letterSpacing, markup: t.markup, trim: t.trim,
                        direction: environment.layoutDirection), common)
            case .badge(let b, let common):
                return .badge(
                    ResolvedBadge(
                        value: b.value, font: font(b.font), color: try color(b.color), fill: try color(b.fill),
                        cornerRadius: b.cornerRadius, insets: b.insets), common)
            case .avatar(let a, let common):
                return .avatar(
                    ResolvedAvatar(
                        name: a.name, size: a.size, font: font(a.font), color: try color(a.color),
                        palette: StyleResolver.avatarPalette),
                    common)
            case .spacer(let size, let common):
                return .spacer(size: size, common)
            case .stack(let s, let common):
                var children: [ResolvedElement] = []
                for child in s.children { children.append(try self.element(child)) }
                return .stack(
                    axis: s.axis, spacing: s.spacing, alignment: s.alignment, distribution: s.distribution, children: children,
                    common)
            case .padding(let insets, let child, let common):
                return .padding(insets: insets, child: try self.element(child), common)
            case .inlineOrStacked(let i, let common):
                return .inlineOrStacked(
                    first: try self.element(i.first), second: try self.element(i.second), spacing: i.spacing,
                    stackedSpacing: i.stackedSpacing, common)
            case .textWithAccessory(let a, let common):
                return .textWithAccessory(
                    text: try self.element(a.text), accessory: try self.element(a.accessory), spacing: a.spacing,
                    stackedSpacing: a.stackedSpacing, common)
            }
        }
    }
}

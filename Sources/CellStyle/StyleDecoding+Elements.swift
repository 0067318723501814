import CellCore
import Yams

extension StyleDecoding {
    func element(_ node: Node, _ path: String, depth: Int, colors: [String: DynamicColor]) -> ElementSpec? {
        guard depth < maxDepth else {
            reader.report(node, path, "elements are nested more than \(maxDepth) deep")
            return nil
        }
        guard case .mapping(let mapping) = node, mapping.count == 1, let key = mapping.first?.key.scalar?.string,
            let body = mapping.first?.value
        else {
            reader.report(
                node, path, "expected one element: a mapping with one of the keys \(elementKinds.joined(separator: ", "))")
            return nil
        }
        let here = join(path, key)
        guard elementKinds.contains(key) else {
            let hint =
                nearest(to: key, in: elementKinds).map { "; did you mean `\($0)`?" }
                ?? "; expected one of \(elementKinds.joined(separator: ", "))"
            reader.report(mapping.first?.key, here, "unknown element `\(key)`\(hint)")
            return nil
        }
        let child = { (node: Node, path: String) in self.element(node, path, depth: depth + 1, colors: colors) }
        switch key {
        case "text": return text(body, here, colors: colors)
        case "badge": return badge(body, here, colors: colors)
        case "avatar": return avatar(body, here, colors: colors)
        case "image": return image(body, here, colors: colors)
        case "spacer":
            guard let keys = reader.mapping(body, here, allowed: ["size"] + commonKeys) else { return nil }
            let size = keys["size"].flatMap { reader.number($0, join(here, "size"), range: 0...10_000) }
            return .spacer(size: size, common(keys, here, colors: colors))
        case "divider":
            guard let keys = reader.mapping(body, here, allowed: ["color", "thickness"] + commonKeys) else { return nil }
            let color = keys["color"].flatMap { self.color($0, join(here, "color"), colors: colors) } ?? .token("separator")
            let thickness = keys["thickness"].flatMap { reader.number($0, join(here, "thickness"), range: 0.1...100) } ?? 0.5
            return .divider(color: color, thickness: thickness, common(keys, here, colors: colors))
        case "vstack", "hstack", "overlay":
            return container(key, body, here, colors: colors, child: child)
        case "padding":
            guard let keys = reader.mapping(body, here, allowed: ["insets", "child"] + commonKeys) else { return nil }
            let insets = keys["insets"].flatMap { self.insets($0, join(here, "insets")) } ?? .zero
            guard let inner = required(keys, "child", body, here).flatMap({ child($0, join(here, "child")) }) else { return nil }
            return .padding(insets: insets, child: inner, common(keys, here, colors: colors))
        case "inlineOrStacked":
            let allowed = ["first", "second", "spacing", "stackedSpacing"] + commonKeys
            guard let keys = reader.mapping(body, here, allowed: allowed) else { return nil }
            guard let first = required(keys, "first", body, here).flatMap({ child($0, join(here, "first")) }),
                let second = required(keys, "second", body, here).flatMap({ child($0, join(here, "second")) })
            else { return nil }
            let spacing = keys["spacing"].flatMap { reader.number($0, join(here, "spacing"), range: 0...10_000) } ?? 8
            let stacked =
                keys["stackedSpacing"].flatMap { reader.number($0, join(here, "stackedSpacing"), range: 0...10_000) } ?? 4
            let spec = InlineSpec(first: first, second: second, spacing: spacing, stackedSpacing: stacked)
            return .inlineOrStacked(spec, common(keys, here, colors: colors))
        default:  // textWithAccessory
            let allowed = ["text", "accessory", "spacing", "stackedSpacing"] + commonKeys
            guard let keys = reader.mapping(body, here, allowed: allowed) else { return nil }
            guard let text = required(keys, "text", body, here).flatMap({ child($0, join(here, "text")) }),
                let accessory = required(keys, "accessory", body, here).flatMap({ child($0, join(here, "accessory")) })
            else { return nil }
            guard case .text = text else {
                reader.report(keys["text"], join(here, "text"), "the `text` of textWithAccessory must be a text element")
                return nil
            }
            let spacing = keys["spacing"].flatMap { reader.number($0, join(here, "spacing"), range: 0...10_000) } ?? 8
            let stacked =
                keys["stackedSpacing"].flatMap { reader.number($0, join(here, "stackedSpacing"), range: 0...10_000) } ?? 4
            let spec = AccessorySpec(text: text, accessory: accessory, spacing: spacing, stackedSpacing: stacked)
            return .textWithAccessory(spec, common(keys, here, colors: colors))
        }
    }

    func container(
        _ key: String, _ body: Node, _ here: String, colors: [String: DynamicColor], child: (Node, String) -> ElementSpec?
    ) -> ElementSpec? {
        let allowed = ["spacing", "alignment", "children"] + (key == "hstack" ? ["distribution"] : []) + commonKeys
        guard let keys = reader.mapping(body, here, allowed: key == "overlay" ? ["alignment", "children"] + commonKeys : allowed)
        else {
            return nil
        }
        let spacing = keys["spacing"].flatMap { reader.number($0, join(here, "spacing"), range: 0...10_000) } ?? 0
        let options: [(String, StackAlignment)] =
            key == "vstack"
            ? [("fill", .fill), ("leading", .leading), ("center", .center), ("trailing", .trailing)]
            : [("top", .top), ("center", .center), ("bottom", .bottom)]
        let alignment =
            keys["alignment"].flatMap { reader.choice($0, join(here, "alignment"), options) } ?? (key == "vstack" ? .fill : .top)
        let distribution =
            keys["distribution"].flatMap {
                reader.choice($0, join(here, "distribution"), StackDistribution.allCases.map { ($0.rawValue, $0) })
            } ?? .natural
        guard let childrenNode = keys["children"], let nodes = reader.sequence(childrenNode, join(here, "children")) else {
            reader.report(body, join(here, "children"), "`\(key)` needs `children`, a list of elements")
            return nil
        }
        let children = nodes.enumerated().compactMap { child($1, "\(here).children[\($0)]") }
        guard children.count == nodes.count else { return nil }
        let common = common(keys, here, colors: colors)
        if key == "overlay" { return .overlay(children: children, alignment: alignment, common) }
        let axis: StackAxis = key == "vstack" ? .vertical : .horizontal
        let spec = StackSpec(axis: axis, spacing: spacing, alignment: alignment, distribution: distribution, children: children)
        return .stack(spec, common)
    }

    func required(_ keys: [String: Node], _ name: String, _ node: Node, _ path: String) -> Node? {
        if let value = keys[name] { return value }
        reader.report(node, join(path, name), "missing required key `\(name)`")
        return nil
    }

    func common(_ keys: [String: Node], _ path: String, colors: [String: DynamicColor]) -> ElementCommon {
        let number = { (key: String, range: ClosedRange<Double>) in
            keys[key].flatMap { self.reader.number($0, join(path, key), range: range) }
        }
        var common = ElementCommon(
            id: keys["id"].flatMap { reader.string($0, join(path, "id")) },
            when: keys["when"].flatMap { reader.string($0, join(path, "when")) },
            minHeight: number("minHeight", 0...100_000), maxHeight: number("maxHeight", 0...100_000),
            width: number("width", 0...100_000), height: number("height", 0...100_000))
        common.hugsContent = keys["hugsContent"].flatMap { reader.bool($0, join(path, "hugsContent")) } ?? false
        common.collapseWhenEmpty = keys["collapseWhenEmpty"].flatMap { reader.bool($0, join(path, "collapseWhenEmpty")) } ?? false
        if let minimum = common.minHeight, let maximum = common.maxHeight, minimum > maximum {
            reader.report(
                keys["maxHeight"], join(path, "maxHeight"),
                "maxHeight \(formatPoints(maximum)) is below minHeight \(formatPoints(minimum))")
        }
        let background = keys["background"].flatMap { fill($0, join(path, "background"), colors: colors) }
        let radius = number("cornerRadius", 0...10_000)
        var borderColor: ColorSpec?
        var borderWidth = 0.0
        if let borderNode = keys["border"],
            let border = reader.mapping(borderNode, join(path, "border"), allowed: ["color", "width"])
        {
            borderColor = border["color"].flatMap { color($0, join(path, "border.color"), colors: colors) } ?? .token("separator")
            borderWidth = border["width"].flatMap { reader.number($0, join(path, "border.width"), range: 0...1_000) } ?? 1
        }
        if background != nil || radius != nil || borderColor != nil {
            common.decorationSpec = DecorationSpec(
                background: background, cornerRadius: radius ?? 0, borderColor: borderColor, borderWidth: borderWidth)
        }
        return common
    }

    func template(_ node: Node, _ path: String) -> Template? {
        guard let text = reader.string(node, path) else { return nil }
        do {
            return try Template(parsing: text)
        } catch {
            reader.report(node, path, error.message)
            return nil
        }
    }

    func insets(_ node: Node, _ path: String) -> EdgeInsets? {
        if case .scalar = node { return reader.number(node, path, range: 0...10_000).map { EdgeInsets(all: $0) } }
        let allowed = ["top", "bottom", "leading", "trailing", "horizontal", "vertical"]
        guard let keys = reader.mapping(node, path, allowed: allowed) else { return nil }
        let value = { (key: String) in keys[key].flatMap { self.reader.number($0, join(path, key), range: 0...10_000) } }
        let horizontal = value("horizontal") ?? 0
        let vertical = value("vertical") ?? 0
        return EdgeInsets(
            top: value("top") ?? vertical, leading: value("leading") ?? horizontal, bottom: value("bottom") ?? vertical,
            trailing: value("trailing") ?? horizontal)
    }

    func font(_ keys: [String: Node], _ path: String) -> FontRefSpec {
        var font = FontRefSpec()
        font.textStyle = keys["textStyle"].flatMap {
            reader.choice($0, join(path, "textStyle"), TextStyle.allCases.map { ($0.rawValue, $0) })
        }
        guard let fontNode = keys["font"] else { return font }
        let here = join(path, "font")
        guard let fontKeys = reader.mapping(fontNode, here, allowed: ["family", "size", "weight", "italic"]) else { return font }
        font.family = fontKeys["family"].flatMap { reader.string($0, join(here, "family")) }
        font.size = fontKeys["size"].flatMap { reader.number($0, join(here, "size"), range: 1...1_000) }
        font.weight = fontKeys["weight"].flatMap {
            reader.choice($0, join(here, "weight"), FontWeight.allCases.map { ($0.name, $0) })
        }
        font.italic = fontKeys["italic"].flatMap { reader.bool($0, join(here, "italic")) }
        if let family = font.family {
            reader.familyUses.append((family, fontKeys["family"], join(here, "family")))
        }
        return font
    }
}

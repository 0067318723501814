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
        case "spacer":
            guard let keys = reader.mapping(body, here, allowed: ["size"] + commonKeys) else { return nil }
            let size = keys["size"].flatMap { reader.number($0, join(here, "size"), range: 0...10_000) } ?? 0
            return .spacer(size: size, common(keys, here))
        case "vstack", "hstack":
            guard let keys = reader.mapping(body, here, allowed: ["spacing", "alignment", "children"] + commonKeys) else {
                return nil
            }
            let spacing = keys["spacing"].flatMap { reader.number($0, join(here, "spacing"), range: 0...10_000) } ?? 0
            let options: [(String, StackAlignment)] =
                key == "vstack"
                ? [("fill", .fill), ("leading", .leading), ("center", .center), ("trailing", .trailing)]
                : [("top", .top), ("center", .center), ("bottom", .bottom)]
            let alignment =
                keys["alignment"].flatMap { reader.choice($0, join(here, "alignment"), options) }
                ?? (key == "vstack" ? .fill : .top)
            guard let childrenNode = keys["children"], let nodes = reader.sequence(childrenNode, join(here, "children")) else {
                reader.report(body, join(here, "children"), "a stack needs `children`, a list of elements")
                return nil
            }
            let children = nodes.enumerated().compactMap { child($1, "\(here).children[\($0)]") }
            guard children.count == nodes.count else { return nil }
            let axis: StackAxis = key == "vstack" ? .vertical : .horizontal
            return .stack(StackSpec(axis: axis, spacing: spacing, alignment: alignment, children: children), common(keys, here))
        case "padding":
            guard let keys = reader.mapping(body, here, allowed: ["insets", "child"] + commonKeys) else { return nil }
            let insets = keys["insets"].flatMap { self.insets($0, join(here, "insets")) } ?? .zero
            guard let childNode = keys["child"] else {
                reader.report(body, join(here, "child"), "padding needs a `child` element")
                return nil
            }
            guard let inner = child(childNode, join(here, "child")) else { return nil }
            return .padding(insets: insets, child: inner, common(keys, here))
        case "inlineOrStacked":
            guard let keys = reader.mapping(body, here, allowed: ["first", "second", "spacing", "stackedSpacing"] + commonKeys)
            else { return nil }
            guard let first = required(keys, "first", body, here).flatMap({ child($0, join(here, "first")) }),
                let second = required(keys, "second", body, here).flatMap({ child($0, join(here, "second")) })
            else { return nil }
            let spacing = keys["spacing"].flatMap { reader.number($0, join(here, "spacing"), range: 0...10_000) } ?? 8
            let stacked =
                keys["stackedSpacing"].flatMap { reader.number($0, join(here, "stackedSpacing"), range: 0...10_000) } ?? 4
            return .inlineOrStacked(
                InlineSpec(first: first, second: second, spacing: spacing, stackedSpacing: stacked), common(keys, here))
        default:  // textWithAccessory
            guard let keys = reader.mapping(body, here, allowed: ["text", "accessory", "spacing", "stackedSpacing"] + commonKeys)
            else { return nil }
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
            return .textWithAccessory(
                AccessorySpec(text: text, accessory: accessory, spacing: spacing, stackedSpacing: stacked), common(keys, here))
        }
    }

    func required(_ keys: [String: Node], _ name: String, _ node: Node, _ path: String) -> Node? {
        if let value = keys[name] { return value }
        reader.report(node, join(path, name), "missing required key `\(name)`")
        return nil
    }

    func common(_ keys: [String: Node], _ path: String) -> ElementCommon {
        ElementCommon(
            id: keys["id"].flatMap { reader.string($0, join(path, "id")) },
            when: keys["when"].flatMap { reader.string($0, join(path, "when")) },
            minHeight: keys["minHeight"].flatMap { reader.number($0, join(path, "minHeight"), range: 0...100_000) })
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
        guard let keys = reader.mapping(node, path, allowed: ["top", "bottom", "leading", "trailing", "horizontal", "vertical"])
        else { return nil }
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
        if let family = font.family, family != FontSpec.defaultFamily {
            reader.report(fontKeys["family"], join(here, "family"), "font families other than Inter are not supported yet")
        }
        return font
    }
}

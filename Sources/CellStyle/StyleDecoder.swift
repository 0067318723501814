import CellCore
import CellData
import Foundation
import Yams

/// Reads a style file (YAML or JSON, same model) into a `StyleSpec`, reporting every problem
/// with file, line, column and field path.
public enum StyleDecoder {
    /// Parses `text`, naming `source` (a file path or built-in name) in errors; relative paths
    /// (`extends`, `fonts`, images) resolve against `baseFolder`.
    public static func decode(_ text: String, source: String, baseFolder: String = ".") throws(StyleError) -> StyleSpec {
        let node = try StyleInheritance.load(text, source: source, baseFolder: baseFolder, chain: [])
        let reader = NodeReader(source: source)
        let spec = StyleDecoding(reader: reader, baseFolder: baseFolder).style(node)
        if var spec, reader.diagnostics.isEmpty {
            spec.familyUses = reader.familyUses.map { use in
                FamilyUse(
                    family: use.family,
                    location: StyleDiagnostic(
                        source: source, line: use.node?.mark?.line, column: use.node?.mark?.column, path: use.path, message: ""))
            }
            return spec
        }
        throw StyleError(diagnostics: reader.diagnostics)
    }

    /// The deepest YAML nesting a style or table file may use (elements are limited to 32 levels,
    /// each a few YAML levels deep).
    static let maxYAMLDepth = 256

    static func compose(_ text: String, source: String) throws(StyleError) -> Node {
        // Found by fuzzing: a collection key holding an alias made Yams hash an alias-expanded tree
        // for minutes inside `compose`, before any budget of ours could apply.
        do {
            try YAMLPreflight.check(text, sourceName: source, maxDepth: maxYAMLDepth)
        } catch {
            throw StyleError(
                diagnostics: [StyleDiagnostic(source: source, line: error.line, column: error.column, message: error.message)])
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw StyleError(diagnostics: [yamlDiagnostic(error, source: source)])
        } catch {
            throw StyleError(source: source, message: "\(error)")
        }
        guard let node else { throw StyleError(source: source, message: "the style file is empty") }
        return node
    }

    static func yamlDiagnostic(_ error: YamlError, source: String) -> StyleDiagnostic {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return StyleDiagnostic(source: source, line: mark.line, column: mark.column, message: "syntax error: \(problem)")
        default:
            return StyleDiagnostic(source: source, message: "syntax error: \(error)")
        }
    }
}

/// The element kinds a style tree may contain, by their key in the file.
let elementKinds = [
    "text", "badge", "avatar", "image", "spacer", "divider", "vstack", "hstack", "overlay", "padding", "inlineOrStacked",
    "textWithAccessory",
]
let commonKeys = [
    "id", "when", "minHeight", "maxHeight", "width", "height", "hugsContent", "collapseWhenEmpty", "background", "cornerRadius",
    "border",
]
let styleKeys = ["name", "description", "extends", "colors", "fonts", "background", "accessory", "content"]

struct StyleDecoding {
    let reader: NodeReader
    let baseFolder: String
    let maxDepth = 32

    func style(_ node: Node) -> StyleSpec? {
        guard let keys = reader.mapping(node, "", allowed: styleKeys) else { return nil }
        let name = keys["name"].flatMap { reader.string($0, "name") }
        if keys["name"] == nil { reader.report(node, "name", "missing required key `name`") }
        let description = keys["description"].flatMap { reader.string($0, "description") } ?? ""
        let colors = keys["colors"].map { self.colors($0, "colors") } ?? [:]
        let background = keys["background"].flatMap { fill($0, "background", colors: colors) }
        let accessory =
            keys["accessory"].flatMap {
                reader.choice($0, "accessory", CellAccessory.allCases.map { ($0.rawValue, $0) })
            } ?? CellAccessory.none
        let fonts = keys["fonts"].map { fontFiles($0, "fonts") } ?? []
        guard let contentNode = keys["content"] else {
            reader.report(node, "content", "missing required key `content` (the cell's element tree)")
            return nil
        }
        guard let content = element(contentNode, "content", depth: 0, colors: colors), let name else { return nil }
        return StyleSpec(
            name: name, description: description, colors: colors, background: background, accessory: accessory, fonts: fonts,
            content: content)
    }

    /// Brand font files, relative to the style file; each must exist.
    func fontFiles(_ node: Node, _ path: String) -> [String] {
        guard let items = reader.sequence(node, path) else { return [] }
        return items.enumerated().compactMap { index, item in
            guard let file = reader.string(item, "\(path)[\(index)]") else { return nil }
            let absolute = file.hasPrefix("/") ? file : baseFolder + "/" + file
            guard FileManager.default.fileExists(atPath: absolute) else {
                reader.report(item, "\(path)[\(index)]", "font file `\(file)` not found (looked for \(absolute))")
                return nil
            }
            let lower = file.lowercased()
            guard [".ttf", ".otf", ".ttc"].contains(where: { lower.hasSuffix($0) }) else {
                reader.report(item, "\(path)[\(index)]", "`\(file)` is not a font file (.ttf, .otf or .ttc)")
                return nil
            }
            return URL(fileURLWithPath: absolute).standardizedFileURL.path
        }
    }

    func colors(_ node: Node, _ path: String) -> [String: DynamicColor] {
        guard case .mapping(let mapping) = node else {
            reader.report(node, path, "expected a mapping of token names to colours")
            return [:]
        }
        var out: [String: DynamicColor] = [:]
        for (key, value) in mapping {
            let name = key.scalar?.string ?? ""
            let here = join(path, name)
            if case .mapping = value {
                guard let pair = reader.mapping(value, here, allowed: ["light", "dark"]),
                    let light = pair["light"].flatMap({ literal($0, join(here, "light")) }),
                    let dark = pair["dark"].flatMap({ literal($0, join(here, "dark")) })
                else {
                    reader.report(value, here, "a colour token needs both `light` and `dark`")
                    continue
                }
                out[name] = DynamicColor(light: light, dark: dark)
            } else if let color = literal(value, here) {
                out[name] = DynamicColor(color)
            }
        }
        return out
    }

    func literal(_ node: Node, _ path: String) -> Color? {
        guard let text = reader.string(node, path) else { return nil }
        guard let color = Color(hex: text) else {
            reader.report(node, path, "expected a colour like #RRGGBB or #RRGGBBAA, found `\(text)`")
            return nil
        }
        return color
    }

    func color(_ node: Node, _ path: String, colors: [String: DynamicColor]) -> ColorSpec? {
        guard let text = reader.string(node, path) else { return nil }
        if text.hasPrefix("#") { return literal(node, path).map(ColorSpec.literal) }
        guard colors[text] != nil || SystemColors.tokens[text] != nil else {
            let names = Array(colors.keys) + SystemColors.tokens.keys.sorted()
            let hint = nearest(to: text, in: names).map { "; did you mean `\($0)`?" } ?? ""
            reader.report(node, path, "unknown colour token `\(text)`\(hint)")
            return nil
        }
        return .token(text)
    }

    func fill(_ node: Node, _ path: String, colors: [String: DynamicColor]) -> FillSpec? {
        if case .scalar = node { return color(node, path, colors: colors).map(FillSpec.solid) }
        guard let keys = reader.mapping(node, path, allowed: ["color", "gradient"]) else { return nil }
        if let solid = keys["color"] { return color(solid, join(path, "color"), colors: colors).map(FillSpec.solid) }
        guard let gradientNode = keys["gradient"] else {
            reader.report(node, path, "expected `color` or `gradient`")
            return nil
        }
        let here = join(path, "gradient")
        guard let gradient = reader.mapping(gradientNode, here, allowed: ["stops", "angle"]) else { return nil }
        let angle = gradient["angle"].flatMap { reader.number($0, join(here, "angle"), range: -360...360) } ?? 180
        guard let stopsNode = gradient["stops"], let stops = reader.sequence(stopsNode, join(here, "stops")) else {
            reader.report(gradientNode, join(here, "stops"), "a gradient needs `stops`, a list of at least two colours")
            return nil
        }
        let colorsList = stops.enumerated().compactMap { color($1, "\(here).stops[\($0)]", colors: colors) }
        guard colorsList.count == stops.count, colorsList.count >= 2 else {
            if stops.count < 2 { reader.report(stopsNode, join(here, "stops"), "a gradient needs at least two stops") }
            return nil
        }
        return .gradient(stops: colorsList, angle: angle)
    }
}

import CellCore
import Foundation
import Yams

/// A table file: ties a style, a data file and the render settings together, so a table is
/// one file a designer can hand over (and a golden case is a table file beside its PNG).
public struct TableFile: Sendable {
    /// The file's path, for messages.
    public var source: String
    /// A built-in style name or an absolute style file path.
    public var style: String
    /// The data file's absolute path.
    public var data: String
    /// Widths in points; a render uses the first, `measure` all of them.
    public var widths: [Double]
    public var scale: Int?
    public var environment: StyleEnvironment
    public var debugBorders: Bool
    /// Repairs text decoded as Latin-1 that was Windows-1252 (like `--repair-cp1252`).
    public var repairCP1252: Bool = false
    /// A 1-based inclusive row range like `1..20`.
    public var rows: String?
    public var separators: SeparatorSettings
    /// plain, grouped or insetGrouped; nil when the file does not say.
    public var tableStyle: TableStyle?
    /// A text above the first section.
    public var header: String?
    /// The field whose value starts a section (and is its header).
    public var sectionField: String?
    /// The field whose value in a section's first row is its footer.
    public var footerField: String?

    /// Reads the table file at `path`.
    public static func load(path: String) throws(StyleError) -> TableFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StyleError(source: path, message: "cannot read the table file")
        }
        guard data.count <= 1 << 20 else { throw StyleError(source: path, message: "the table file is larger than 1 MiB") }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let node = try StyleDecoder.compose(String(decoding: data, as: UTF8.self), source: path)
        let reader = NodeReader(source: path)
        let table = TableFileDecoding(reader: reader, folder: folder, source: path).table(node)
        if let table, reader.diagnostics.isEmpty { return table }
        throw StyleError(diagnostics: reader.diagnostics)
    }
}

/// How separators are drawn between rows.
public struct SeparatorSettings: Sendable, Hashable {
    public var visible: Bool
    /// A colour token or literal; nil means the system `separator` colour.
    public var color: ColorSpec?
    public var leadingInset: Double
    public var trailingInset: Double

    public init(visible: Bool = true, color: ColorSpec? = nil, leadingInset: Double = 16, trailingInset: Double = 0) {
        self.visible = visible
        self.color = color
        self.leadingInset = leadingInset
        self.trailingInset = trailingInset
    }

    /// The separator colour for `appearance`.
    public func resolvedColor(for appearance: Appearance) -> Color {
        switch color {
        case .literal(let value): return value
        case .token(let name): return (SystemColors.tokens[name] ?? SystemColors.tokens["separator"]!).resolved(for: appearance)
        case nil: return SystemColors.tokens["separator"]!.resolved(for: appearance)
        }
    }
}

/// Keys of a table file that are part of the format but not built yet: rejected, never ignored.
let tableKeysNotYetSupported = ["footer"]
let tableKeys =
    [
        "style", "data", "width", "scale", "contentSize", "appearance", "layoutDirection", "debugBorders", "rows", "separators",
        "repairCP1252", "tableStyle", "sections", "header", "locale",
    ] + tableKeysNotYetSupported

struct TableFileDecoding {
    let reader: NodeReader
    let folder: String
    let source: String

    func table(_ node: Node) -> TableFile? {
        guard let keys = reader.mapping(node, "", allowed: tableKeys) else { return nil }
        for key in tableKeysNotYetSupported {
            if let value = keys[key] { reader.report(value, key, "`\(key)` is not supported yet") }
        }
        guard let styleNode = keys["style"], let style = reader.string(styleNode, "style") else {
            reader.report(node, "style", "missing required key `style` (a built-in style name or a style file)")
            return nil
        }
        guard let dataNode = keys["data"], let data = reader.string(dataNode, "data") else {
            reader.report(node, "data", "missing required key `data` (the data file, relative to the table file)")
            return nil
        }
        let dataPath = StyleInheritance.absolute(data, in: folder)
        if !FileManager.default.fileExists(atPath: dataPath) {
            reader.report(dataNode, "data", "data file `\(data)` not found (looked for \(dataPath))")
        }
        let stylePath = BuiltinStyles.names.contains(style) ? style : StyleInheritance.absolute(style, in: folder)
        if !BuiltinStyles.names.contains(style), !FileManager.default.fileExists(atPath: stylePath) {
            let hint = nearest(to: style, in: BuiltinStyles.names).map { "; did you mean `\($0)`?" } ?? ""
            reader.report(styleNode, "style", "no built-in style or file named `\(style)`\(hint)")
        }
        var environment = StyleEnvironment()
        if let value = keys["contentSize"] {
            environment.contentSize =
                reader.choice(value, "contentSize", ContentSizeCategory.allCases.map { ($0.rawValue, $0) }) ?? .default
        }
        if let value = keys["appearance"] {
            environment.appearance = reader.choice(value, "appearance", Appearance.allCases.map { ($0.rawValue, $0) }) ?? .light
        }
        if let value = keys["locale"], let locale = reader.string(value, "locale") {
            if locale.range(of: "^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$", options: .regularExpression) == nil {
                reader.report(value, "locale", "expected a locale like ja-JP, zh-Hans or fr, found `\(locale)`")
            } else {
                environment.locale = locale
            }
        }
        if let value = keys["layoutDirection"] {
            environment.layoutDirection =
                reader.choice(value, "layoutDirection", LayoutDirection.allCases.map { ($0.rawValue, $0) }) ?? .leftToRight
        }
        var table = TableFile(
            source: source, style: stylePath, data: dataPath, widths: widths(keys["width"]),
            scale: keys["scale"].flatMap { reader.integer($0, "scale", range: 1...3) }, environment: environment,
            debugBorders: keys["debugBorders"].flatMap { reader.bool($0, "debugBorders") } ?? false,
            rows: keys["rows"].flatMap { reader.string($0, "rows") }, separators: separators(keys["separators"]))
        table.repairCP1252 = keys["repairCP1252"].flatMap { reader.bool($0, "repairCP1252") } ?? false
        table.tableStyle = keys["tableStyle"].flatMap {
            reader.choice($0, "tableStyle", TableStyle.allCases.map { ($0.rawValue, $0) })
        }
        table.header = keys["header"].flatMap { reader.string($0, "header") }
        if let sectionsNode = keys["sections"],
            let sections = reader.mapping(sectionsNode, "sections", allowed: ["field", "footerField"])
        {
            table.sectionField = sections["field"].flatMap { reader.string($0, "sections.field") }
            table.footerField = sections["footerField"].flatMap { reader.string($0, "sections.footerField") }
            if sections["field"] == nil { reader.report(sectionsNode, "sections.field", "missing required key `field`") }
        }
        return table
    }

    func widths(_ node: Node?) -> [Double] {
        guard let node else { return [375] }
        if case .sequence(let items) = node {
            let values = items.enumerated().compactMap { reader.number($1, "width[\($0)]", range: 1...10_000) }
            if values.isEmpty { reader.report(node, "width", "expected at least one width") }
            return values
        }
        return reader.number(node, "width", range: 1...10_000).map { [$0] } ?? [375]
    }

    func separators(_ node: Node?) -> SeparatorSettings {
        var settings = SeparatorSettings()
        guard let node,
            let keys = reader.mapping(node, "separators", allowed: ["visible", "color", "leadingInset", "trailingInset"])
        else { return settings }
        settings.visible = keys["visible"].flatMap { reader.bool($0, "separators.visible") } ?? true
        settings.leadingInset =
            keys["leadingInset"].flatMap { reader.number($0, "separators.leadingInset", range: 0...10_000) } ?? 16
        settings.trailingInset =
            keys["trailingInset"].flatMap { reader.number($0, "separators.trailingInset", range: 0...10_000) } ?? 0
        if let colorNode = keys["color"] {
            settings.color = StyleDecoding(reader: reader, baseFolder: folder).color(colorNode, "separators.color", colors: [:])
        }
        return settings
    }
}

/// UITableView's styles, as a table file names them.
public enum TableStyle: String, CaseIterable, Hashable, Sendable {
    case plain, grouped, insetGrouped
}

import ArgumentParser
import CellCore
import CellLayout
import CellStyle
import Cellshot
import Foundation

/// The style, data and layout options every rendering command takes, alone or from a table file.
struct TableOptions: ParsableArguments {
    @Option(help: "A table file (YAML or JSON) naming the style, data and settings; flags given here override it.")
    var table: String?

    @Option(help: "A built-in style name (see `cellshot styles`) or a style file (YAML or JSON). Default: numbered-line.")
    var style: String?

    @Option(help: "The data file: .json, .yaml/.yml, .csv, .plist or .txt; `-` reads standard input.")
    var data: String?

    @Option(help: "The data format when the extension does not say it (json, yaml, csv, plist, text).")
    var format: String?

    @Option(help: "Device pixels per point: 1, 2 or 3 (default 2).")
    var scale: Int?

    @Option(help: "The content size category (xSmall … xxxLarge, AX1 … AX5; default large).")
    var contentSize: String?

    @Option(help: "light or dark (default light).")
    var appearance: String?

    @Option(help: "leftToRight or rightToLeft (default leftToRight).")
    var layoutDirection: String?

    @Option(help: "A BCP 47 locale like ja-JP or zh-Hans: the text's language (CJK glyph forms, line breaking).")
    var locale: String?

    @Option(help: "Only these rows, 1-based and inclusive, like 1..200.")
    var rows: String?

    @Flag(help: "Let image paths in the data point outside the data file's folder.")
    var allowImagesOutsideData = false

    @Flag(
        name: .customLong("repair-cp1252"),
        help: "Map U+0080…U+009F to the Windows-1252 characters they were mis-decoded from (U+0097 → —).")
    var repairCP1252 = false

    @Flag(help: "Treat text warnings (missing glyphs, control characters, cut text, data warnings) as an error.")
    var strict = false

    @Option(help: "The text engine: prepared (prepare once, lay out by arithmetic) or pango (plain Pango, for comparison).")
    var engine: String = "prepared"

    func textEngine() throws(CellshotError) -> TextEngineChoice {
        guard let choice = TextEngineChoice(rawValue: engine) else {
            throw .invalidOption("--engine must be prepared or pango, got `\(engine)`")
        }
        return choice
    }

    /// Everything a command needs, settled from the table file and the flags.
    struct Settings {
        var spec: StyleSpec
        var input: DataInput
        var options: RenderOptions
        var widths: [Double]
        /// The table file, when one was given.
        var file: TableFile?
    }

    func settings(width: [Double]?, debugBorders: Bool) throws(CellshotError) -> Settings {
        var file: TableFile?
        if let table {
            do {
                file = try TableFile.load(path: table)
            } catch {
                throw .style(error)
            }
        }
        var environment = file?.environment ?? StyleEnvironment()
        if let contentSize {
            guard let category = ContentSizeCategory(name: contentSize) else {
                let names = ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")
                throw .invalidOption("--content-size must be one of \(names), got `\(contentSize)`")
            }
            environment.contentSize = category
        }
        if let appearance {
            guard let look = Appearance(rawValue: appearance) else {
                throw .invalidOption("--appearance must be light or dark, got `\(appearance)`")
            }
            environment.appearance = look
        }
        if let layoutDirection {
            guard let direction = LayoutDirection(rawValue: layoutDirection) else {
                throw .invalidOption("--layout-direction must be leftToRight or rightToLeft, got `\(layoutDirection)`")
            }
            environment.layoutDirection = direction
        }
        if let locale {
            guard locale.range(of: "^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$", options: .regularExpression) != nil else {
                throw .invalidOption("--locale must look like ja-JP, zh-Hans or fr, got `\(locale)`")
            }
            environment.locale = locale
        }
        let widths = width ?? file?.widths ?? [375]
        guard let dataPath = data ?? file?.data else {
            throw .invalidOption("--data is required (a data file, or `-` for standard input), unless --table names one")
        }
        let dataFolder = dataPath == "-" ? "." : URL(fileURLWithPath: dataPath).deletingLastPathComponent().path
        let options = RenderOptions(
            width: widths.first ?? 375, scale: scale ?? file?.scale ?? 2,
            debugBorders: debugBorders || (file?.debugBorders ?? false),
            environment: environment,
            imagePolicy: ImagePolicy(dataFolder: dataFolder, allowOutsideDataFolder: allowImagesOutsideData),
            separators: file?.separators ?? SeparatorSettings(), repairCP1252: repairCP1252 || (file?.repairCP1252 ?? false),
            strict: strict, textEngine: try textEngine())
        for value in widths {
            var check = options
            check.width = value
            try check.validate()
        }
        let spec: StyleSpec
        do {
            spec = try StyleSpec.load(nameOrPath: style ?? file?.style ?? "numbered-line")
        } catch {
            throw .style(error)
        }
        var input = try DataInput.load(path: dataPath, format: format)
        let dataWarnings = input.warnings + input.unboundFieldWarnings(for: spec)
        for warning in dataWarnings { printError("warning: \(warning)") }
        if strict, let first = dataWarnings.first {
            throw .invalidOption("--strict: the data has \(dataWarnings.count) warning(s), the first: \(first)")
        }
        if let range = rows ?? file?.rows {
            let parsed = try RowRange(parsing: range)
            let total = input.rows.count
            input.rows = input.rows.filter { parsed.contains($0.number) }
            guard !input.rows.isEmpty else {
                throw .invalidOption("--rows \(range) selects no rows; the data has rows 1..\(total)")
            }
        }
        return Settings(spec: spec, input: input, options: options, widths: widths, file: file)
    }
}

/// A 1-based inclusive row range given as `A..B`, `A..` or `..B`.
struct RowRange {
    var lower: Int
    var upper: Int

    init(parsing text: String) throws(CellshotError) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].isEmpty else {
            throw .invalidOption("--rows must look like 1..200, got `\(text)`")
        }
        let lower = parts[0].isEmpty ? 1 : Int(parts[0])
        let upper = parts[2].isEmpty ? Int.max : Int(parts[2])
        guard let lower, let upper, lower >= 1, upper >= lower else {
            throw .invalidOption("--rows must look like 1..200 with 1 ≤ A ≤ B, got `\(text)`")
        }
        self.lower = lower
        self.upper = upper
    }

    func contains(_ row: Int) -> Bool { row >= lower && row <= upper }
}

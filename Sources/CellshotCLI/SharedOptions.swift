import ArgumentParser
import CellStyle
import Cellshot

/// The style, data and layout options every rendering command takes.
struct TableOptions: ParsableArguments {
    @Option(help: "A built-in style name (see `cellshot styles`) or a style file (YAML or JSON).")
    var style: String = "numbered-line"

    @Option(help: "The data file: .json, .yaml/.yml, .csv, .plist or .txt; `-` reads standard input.")
    var data: String

    @Option(help: "The data format when the extension does not say it (json, yaml, csv, plist, text).")
    var format: String?

    @Option(help: "Device pixels per point: 1, 2 or 3.")
    var scale: Int = 2

    @Option(help: "The content size category (xSmall … xxxLarge, AX1 … AX5).")
    var contentSize: String = "large"

    @Option(help: "light or dark.")
    var appearance: String = "light"

    @Option(help: "Only these rows, 1-based and inclusive, like 1..200.")
    var rows: String?

    @Option(help: "The text engine: prepared (prepare once, lay out by arithmetic) or pango (plain Pango, for comparison).")
    var engine: String = "prepared"

    func textEngine() throws(CellshotError) -> TextEngineChoice {
        guard let choice = TextEngineChoice(rawValue: engine) else {
            throw .invalidOption("--engine must be prepared or pango, got `\(engine)`")
        }
        return choice
    }

    func environment() throws(CellshotError) -> StyleEnvironment {
        guard let category = ContentSizeCategory(name: contentSize) else {
            let names = ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalidOption("--content-size must be one of \(names), got `\(contentSize)`")
        }
        guard let look = Appearance(rawValue: appearance) else {
            throw .invalidOption("--appearance must be light or dark, got `\(appearance)`")
        }
        return StyleEnvironment(contentSize: category, appearance: look)
    }

    /// Loads the style and the data, applying `--rows`; prints data warnings.
    func load() throws(CellshotError) -> (StyleSpec, DataInput) {
        let spec: StyleSpec
        do {
            spec = try StyleSpec.load(nameOrPath: style)
        } catch {
            throw .style(error)
        }
        var input = try DataInput.load(path: data, format: format)
        for warning in input.warnings { printError("warning: \(warning)") }
        if let rows {
            let range = try RowRange(parsing: rows)
            input.rows = input.rows.filter { range.contains($0.number) }
            guard !input.rows.isEmpty else {
                throw .invalidOption("--rows \(rows) selects no rows; the data has rows 1..\(input.rows.count)")
            }
        }
        return (spec, input)
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

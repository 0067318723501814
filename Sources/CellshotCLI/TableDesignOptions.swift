import ArgumentParser
import Cellshot
import TableCompositor

/// The table around the cells, until the style language's table file exists.
struct TableDesignOptions: ParsableArguments {
    @Option(help: "plain, grouped or inset-grouped (default plain, or the table file's).")
    var tableStyle: String?

    @Option(help: "A data field: a new section starts where its value changes; the value is the section header.")
    var sectionField: String?

    @Option(help: "A data field whose value (in a section's first row) is the section footer.")
    var footerField: String?

    @Option(help: "A header text above the table.")
    var tableHeader: String?

    @Flag(help: "Draw no separators between rows.")
    var noSeparators = false

    @Option(help: "Separator insets from the cell's leading and trailing edges in points, like 16,0.")
    var separatorInsets: String = "16,0"

    @Option(help: "Rows drawn selected, by row number, like 3,7..9.")
    var selectedRows: String?

    @Option(help: "Rows drawn highlighted (pressed), by row number, like 2.")
    var highlightedRows: String?

    @Flag(help: "A disclosure chevron at the trailing edge of every row.")
    var disclosure = false

    /// Whether the command line set the separators (then a table file's are not used).
    var separatorsGiven: Bool { noSeparators || separatorInsets != "16,0" }

    func design() throws(CellshotError) -> TableDesign {
        guard let style = TableDesign.Style(rawValue: tableStyle ?? "plain") else {
            throw .invalidOption("--table-style must be plain, grouped or inset-grouped, got `\(tableStyle ?? "")`")
        }
        let insets = separatorInsets.split(separator: ",").map { Double($0.trimmingCharacters(in: " ")) }
        guard insets.count == 2, let leading = insets[0], let trailing = insets[1], leading >= 0, trailing >= 0 else {
            throw .invalidOption("--separator-insets must be two points values like 16,0, got `\(separatorInsets)`")
        }
        return TableDesign(
            style: style, headerText: tableHeader, sectionField: sectionField, footerField: footerField,
            showsSeparators: !noSeparators, separatorLeadingInset: leading, separatorTrailingInset: trailing,
            selectedRows: try Self.rowSet(selectedRows, option: "--selected-rows"),
            highlightedRows: try Self.rowSet(highlightedRows, option: "--highlighted-rows"), disclosure: disclosure)
    }

    static func rowSet(_ text: String?, option: String) throws(CellshotError) -> Set<Int> {
        guard let text else { return [] }
        var rows = Set<Int>()
        for part in text.split(separator: ",") {
            if part.contains("..") {
                let range = try RowRange(parsing: String(part))
                guard range.upper < Int.max else {
                    throw .invalidOption("\(option) needs closed ranges like 7..9, got `\(part)`")
                }
                rows.formUnion(range.lower...range.upper)
            } else if let row = Int(part), row >= 1 {
                rows.insert(row)
            } else {
                throw .invalidOption("\(option) must be row numbers and ranges like 3,7..9, got `\(text)`")
            }
        }
        return rows
    }
}

/// `--shard i/n`: the i-th of n contiguous, nearly equal parts of the selected rows.
struct RowShard {
    var index: Int
    var count: Int

    init(parsing text: String) throws(CellshotError) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index)
        else {
            throw .invalidOption("--shard must look like 2/5 (part 2 of 5, 1 ≤ i ≤ n), got `\(text)`")
        }
        self.index = index
        self.count = count
    }

    func slice<T>(_ rows: [T]) -> [T] {
        let lower = rows.count * (index - 1) / count
        let upper = rows.count * index / count
        return Array(rows[lower..<upper])
    }
}

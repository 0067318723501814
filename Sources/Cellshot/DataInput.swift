import CellCore
import CellData
import CellLayout
import CellStyle

/// Rows read from a data file (or standard input), ready for the layout engine.
public struct DataInput: Sendable {
    /// The file path, or `<stdin>`.
    public var source: String
    public var rows: [RowInput]
    /// Problems that did not stop the load (invalid UTF-8 replaced, …), one line each.
    public var warnings: [String]

    /// A warning for each field `style` reads that no row has (a likely typo in the style or
    /// the data), or nil when every bound field appears somewhere.
    public func unboundFieldWarnings(for style: StyleSpec) -> [String] {
        guard !rows.isEmpty else { return [] }
        let present = Set(rows.flatMap(\.fields.keys))
        return style.boundFields.subtracting(present).sorted().map { field in
            var message = "\(source): style `\(style.name)` reads field `\(field)`, which no row has"
            if let near = NameSuggestion.nearest(to: field, in: present.sorted(), tolerance: max(1, field.count / 3)) {
                message += "; did you mean `\(near)`?"
            }
            return message
        }
    }

    /// Reads `path` (`-` for standard input); the format comes from the extension unless given.
    public static func load(path: String, format: String? = nil) throws(CellshotError) -> DataInput {
        var dataFormat: DataFormat?
        if let format {
            guard let known = DataFormat(rawValue: format.lowercased()) else {
                let names = DataFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw .invalidOption("--format must be one of \(names), got `\(format)`")
            }
            dataFormat = known
        }
        let set: DataSet
        do {
            if path == "-" {
                set = try DataLoader.load(StandardInput.readAll(), format: dataFormat ?? .json, sourceName: "<stdin>")
            } else {
                set = try DataLoader.load(contentsOf: path, format: dataFormat)
            }
        } catch {
            throw .data(error.description)
        }
        let rows = set.rows.map { RowInput(number: $0.number, fields: $0.fields) }
        // Control characters are reported once, by the text engine, which knows the element and
        // aggregates them by code point; the loader's per-field report would say it twice.
        let warnings = set.warnings.filter { !$0.message.hasPrefix("control character") }
        return DataInput(source: set.sourceName, rows: rows, warnings: warnings.map(\.description))
    }
}

enum StandardInput {
    static func readAll() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { readInput($0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return bytes
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

private func readInput(_ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(STDIN_FILENO, buffer, count)
}

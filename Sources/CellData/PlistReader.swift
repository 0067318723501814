import Foundation

/// Reads an XML or binary property list holding an array of dictionaries or strings.
///
/// Foundation's `PropertyListSerialization` does the parsing; it reports no
/// columns and, for XML, a line only inside its message ("… on line 7"), which
/// is lifted into `DataError.line`. Rows have no line. Numbers are formatted
/// from their parsed value (`<real>2.50</real>` gives "2.5": the source text is
/// gone), booleans as "true"/"false", dates as ISO 8601 in UTC.
struct PlistReader {
    private let bytes: ArraySlice<UInt8>
    private var collector: RowCollector

    init(bytes: ArraySlice<UInt8>, sourceName: String, limits: DataLimits) {
        self.bytes = bytes
        collector = RowCollector(sourceName: sourceName, limits: limits)
    }

    mutating func read() throws(DataError) -> DataSet {
        let isBinary = bytes.starts(with: Array("bplist".utf8))
        var data = Data(bytes)
        var repaired = false
        if !isBinary {
            // Foundation would drop or reject bad bytes silently; repair them
            // here so the loss is visible as a warning like in other formats.
            let decoded = SourceText.decode(bytes)
            repaired = decoded.repaired
            data = Data(decoded.text.utf8)
        }
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, format: nil)
        } catch {
            throw describe(error)
        }
        guard let items = root as? [Any] else {
            throw fail("expected an array of rows at the top level, found \(kind(of: root))")
        }
        for item in items {
            let row = collector.nextNumber
            if let text = item as? String {
                if repaired, text.contains("\u{FFFD}") { collector.warnRepaired(row: row, field: "text") }
                try collector.append(["text": text], order: ["text"], line: nil)
            } else if let dictionary = item as? [String: Any] {
                try appendDictionary(dictionary, row: row, repaired: repaired)
            } else {
                throw fail("expected a dictionary or a string, found \(kind(of: item))", row: row)
            }
        }
        return collector.finish()
    }

    private mutating func appendDictionary(
        _ dictionary: [String: Any], row: Int, repaired: Bool
    ) throws(DataError) {
        var fields: [String: String] = [:]
        // Dictionaries are unordered once parsed; sorting keeps `fieldNames` stable.
        let order = dictionary.keys.sorted()
        for key in order {
            let value = dictionary[key]!
            guard let text = Self.text(of: value) else {
                throw fail(
                    "expected a string, number, boolean or date, found \(kind(of: value))", row: row,
                    field: key)
            }
            if repaired, text.contains("\u{FFFD}") || key.contains("\u{FFFD}") {
                collector.warnRepaired(row: row, field: key)
            }
            fields[key] = text
        }
        try collector.append(fields, order: order, line: nil)
    }

    /// A scalar's text, or nil for a collection or data.
    ///
    /// `as? Bool` cannot tell booleans from numbers: `<integer>1</integer>`
    /// bridges to `true`. So the checks go by type instead.
    private static func text(of value: Any) -> String? {
        if let string = value as? String { return string }
        if let date = value as? Date { return date.formatted(.iso8601) }
        // swift-corelibs-foundation gives plist booleans as Swift `Bool`s.
        if type(of: value) == Bool.self, let bool = value as? Bool { return bool ? "true" : "false" }
        guard let number = value as? NSNumber else { return nil }
        // Apple's Foundation gives them as NSNumbers of type "c" instead.
        if String(cString: number.objCType) == "c" { return number.boolValue ? "true" : "false" }
        return number.description
    }

    private func kind(of value: Any) -> String {
        switch value {
        case is [Any]: "an array"
        case is [String: Any]: "a dictionary"
        case is Data: "data"
        case is String: "a string"
        default: "a \(type(of: value))"
        }
    }

    private func fail(_ message: String, row: Int? = nil, field: String? = nil) -> DataError {
        DataError(sourceName: collector.sourceName, row: row, field: field, message: message)
    }

    /// Lifts "on line N" out of Foundation's message into the error's line.
    private func describe(_ error: any Error) -> DataError {
        let nsError = error as NSError
        let detail =
            nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? nsError.localizedDescription
        var line: Int?
        var message = detail
        if let range = detail.range(of: #" on line (\d+)"#, options: .regularExpression) {
            line = Int(detail[range].filter(\.isNumber))
            message.removeSubrange(range)
        }
        let lowered = message.prefix(1).lowercased() + message.dropFirst()
        return DataError(
            sourceName: collector.sourceName, line: line, message: "invalid property list: \(lowered)")
    }
}

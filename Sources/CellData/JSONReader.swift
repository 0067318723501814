/// Reads a JSON array of objects or of strings into rows.
///
/// The reader follows the row schema directly (array, then object or string,
/// then scalar values) instead of building a generic tree, so it never nests
/// deeper than three levels: `[[[[…` a hundred thousand deep is refused at the
/// second bracket as "expected an object or a string", in constant stack.
struct JSONReader {
    private enum RowKind: String {
        case object = "an object"
        case string = "a string"
    }

    private var cursor: JSONCursor
    private var collector: RowCollector
    private var kind: RowKind?

    init(bytes: ArraySlice<UInt8>, sourceName: String, limits: DataLimits) {
        cursor = JSONCursor(bytes: bytes, sourceName: sourceName)
        collector = RowCollector(sourceName: sourceName, limits: limits)
    }

    /// Reads every row. `[]` gives an empty data set.
    mutating func read() throws(DataError) -> DataSet {
        cursor.skipWhitespace()
        guard cursor.current == UInt8(ascii: "[") else {
            throw cursor.error(
                "expected an array of rows at the top level, found \(cursor.describeCurrent())")
        }
        cursor.advance()
        cursor.skipWhitespace()
        if cursor.current == UInt8(ascii: "]") {
            cursor.advance()
        } else {
            try readRows()
        }
        cursor.skipWhitespace()
        guard cursor.current == nil else {
            throw cursor.error("unexpected \(cursor.describeCurrent()) after the top-level array")
        }
        return collector.finish()
    }

    private mutating func readRows() throws(DataError) {
        while true {
            cursor.skipWhitespace()
            try readRow()
            cursor.skipWhitespace()
            switch cursor.current {
            case UInt8(ascii: ","): cursor.advance()
            case UInt8(ascii: "]"):
                cursor.advance()
                return
            default:
                throw cursor.error(
                    "expected `,` or `]` after row \(collector.nextNumber - 1), found \(cursor.describeCurrent())"
                )
            }
        }
    }

    private mutating func readRow() throws(DataError) {
        let start = cursor.mark
        let row = collector.nextNumber
        let found: RowKind
        switch cursor.current {
        case UInt8(ascii: "{"): found = .object
        case UInt8(ascii: "\""): found = .string
        default:
            throw cursor.error(
                "expected an object or a string, found \(cursor.describeCurrent())", row: row)
        }
        if let kind, kind != found {
            throw cursor.error(
                "expected \(kind.rawValue) like row 1, found \(found.rawValue)", row: row)
        }
        kind = found
        if found == .string {
            let (text, damage) = try cursor.readString(row: row, field: "text")
            warn(damage, row: row, field: "text")
            try collector.append(["text": text], order: ["text"], line: start.line)
        } else {
            let (fields, order) = try readObject(row: row)
            try collector.append(fields, order: order, line: start.line)
        }
    }

    private mutating func readObject(row: Int) throws(DataError) -> ([String: String], [String]) {
        cursor.advance()
        var fields: [String: String] = [:]
        var order: [String] = []
        var seen: Set<String> = []
        cursor.skipWhitespace()
        if cursor.current == UInt8(ascii: "}") {
            cursor.advance()
            return (fields, order)
        }
        while true {
            cursor.skipWhitespace()
            let keyMark = cursor.mark
            guard cursor.current == UInt8(ascii: "\"") else {
                throw cursor.error(
                    "expected a field name in double quotes, found \(cursor.describeCurrent())",
                    row: row)
            }
            let (key, keyDamage) = try cursor.readString(row: row, field: nil)
            warn(keyDamage, row: row, field: key)
            guard seen.insert(key).inserted else {
                throw cursor.error("duplicate field", at: keyMark, row: row, field: key)
            }
            cursor.skipWhitespace()
            guard cursor.current == UInt8(ascii: ":") else {
                throw cursor.error(
                    "expected `:` after the field name, found \(cursor.describeCurrent())",
                    row: row, field: key)
            }
            cursor.advance()
            cursor.skipWhitespace()
            order.append(key)
            fields[key] = try readValue(row: row, field: key)
            cursor.skipWhitespace()
            switch cursor.current {
            case UInt8(ascii: ","): cursor.advance()
            case UInt8(ascii: "}"):
                cursor.advance()
                return (fields, order)
            default:
                throw cursor.error(
                    "expected `,` or `}` after the value, found \(cursor.describeCurrent())",
                    row: row, field: key)
            }
        }
    }

    /// Reads a scalar value as text; nil for null.
    private mutating func readValue(row: Int, field: String) throws(DataError) -> String? {
        switch cursor.current {
        case UInt8(ascii: "\""):
            let (text, damage) = try cursor.readString(row: row, field: field)
            warn(damage, row: row, field: field)
            return text
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            throw cursor.error(
                "expected a string, number or boolean, found \(cursor.describeCurrent())",
                row: row, field: field)
        default:
            return try cursor.readLiteral(row: row, field: field)
        }
    }

    private mutating func warn(_ damage: JSONCursor.StringDamage, row: Int, field: String) {
        if damage.contains(.invalidUTF8) { collector.warnRepaired(row: row, field: field) }
        if damage.contains(.loneSurrogate) {
            collector.warn(row: row, field: field, "lone surrogate escape replaced with U+FFFD")
        }
    }
}

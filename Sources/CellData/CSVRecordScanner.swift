/// Splits RFC 4180 CSV bytes into records of raw field bytes, with positions.
///
/// Hand-written because neither offered package can say where a record went
/// wrong: SwiftCSV 0.10.0 throws `CSVParseError.quotation("Can't have
/// non-quote here")` with no position, and CSV.swift 2.5.2 has no error for
/// malformed quoting at all; neither reports the line a record starts on.
/// Accepts LF, CRLF and CR line ends; line breaks inside quotes are kept as
/// written.
struct CSVRecordScanner {
    /// Where a field starts; the column is computed only for an error, since
    /// counting it for every field would be quadratic in a very long line.
    struct Place {
        var line: Int
        var offset: Int
        var lineStart: Int
    }

    /// One record: its fields' bytes and where each field starts.
    struct Record {
        var fields: [[UInt8]] = []
        var places: [Place] = []
        var line: Int
    }

    let bytes: ArraySlice<UInt8>
    let sourceName: String
    private var offset: Int
    private var line = 1
    private var lineStart: Int

    init(bytes: ArraySlice<UInt8>, sourceName: String) {
        self.bytes = bytes
        self.sourceName = sourceName
        offset = bytes.startIndex
        lineStart = bytes.startIndex
    }

    private var current: UInt8? { offset < bytes.endIndex ? bytes[offset] : nil }
    private var column: Int { SourceText.column(of: offset, lineStart: lineStart, in: bytes) }

    /// The next record, or nil at the end. Empty lines are skipped, so a
    /// final line break or a trailing blank line never makes an extra record.
    mutating func next(row: Int?) throws(DataError) -> Record? {
        while current == 0x0A || current == 0x0D { consumeLineBreak() }
        guard current != nil else { return nil }
        var record = Record(line: line)
        while true {
            record.places.append(Place(line: line, offset: offset, lineStart: lineStart))
            let field =
                current == UInt8(ascii: "\"") ? try quotedField(row: row) : try plainField(row: row)
            record.fields.append(field)
            switch current {
            case UInt8(ascii: ","): offset += 1
            case nil: return record
            default:
                consumeLineBreak()
                return record
            }
        }
    }

    private mutating func plainField(row: Int?) throws(DataError) -> [UInt8] {
        let start = offset
        while let byte = current, byte != UInt8(ascii: ","), byte != 0x0A, byte != 0x0D {
            if byte == UInt8(ascii: "\"") {
                throw error(
                    "a quote inside an unquoted field; quote the whole field and double the quote",
                    row: row)
            }
            offset += 1
        }
        return Array(bytes[start..<offset])
    }

    private mutating func quotedField(row: Int?) throws(DataError) -> [UInt8] {
        let (openLine, openColumn) = (line, column)
        offset += 1
        var field: [UInt8] = []
        while true {
            guard let byte = current else {
                throw DataError(
                    sourceName: sourceName, line: openLine, column: openColumn, row: row,
                    message: "unterminated quoted field")
            }
            if byte == UInt8(ascii: "\"") {
                offset += 1
                guard current == UInt8(ascii: "\"") else { break }
            } else if byte == 0x0A || byte == 0x0D {
                // Keep the break as written; only the line count needs care.
                let crlf = byte == 0x0D && offset + 1 < bytes.endIndex && bytes[offset + 1] == 0x0A
                field.append(contentsOf: bytes[offset..<(offset + (crlf ? 2 : 1))])
                consumeLineBreak()
                continue
            }
            field.append(bytes[offset])
            offset += 1
        }
        guard current == nil || current == UInt8(ascii: ",") || current == 0x0A || current == 0x0D
        else {
            throw error("expected `,` or a line break after the closing quote", row: row)
        }
        return field
    }

    private mutating func consumeLineBreak() {
        if current == 0x0D, offset + 1 < bytes.endIndex, bytes[offset + 1] == 0x0A { offset += 1 }
        offset += 1
        line += 1
        lineStart = offset
    }

    /// The 1-based column of `place`.
    func column(of place: Place) -> Int {
        SourceText.column(of: place.offset, lineStart: place.lineStart, in: bytes)
    }

    private func error(_ message: String, row: Int?) -> DataError {
        DataError(sourceName: sourceName, line: line, column: column, row: row, message: message)
    }
}

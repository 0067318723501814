/// Reads plain text as one row per line, in the field `text`.
///
/// Lines end at LF, CRLF or CR. A final line break does not start another
/// row, but blank lines inside the text are rows with an empty `text`, so
/// line N is always row N. Control characters, NUL included, are kept.
struct TextReader {
    private let bytes: ArraySlice<UInt8>
    private var collector: RowCollector

    init(bytes: ArraySlice<UInt8>, sourceName: String, limits: DataLimits) {
        self.bytes = bytes
        collector = RowCollector(sourceName: sourceName, limits: limits)
    }

    mutating func read() throws(DataError) -> DataSet {
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == 0x0A || byte == 0x0D else {
                index += 1
                continue
            }
            try appendLine(bytes[start..<index])
            let crlf = byte == 0x0D && index + 1 < bytes.endIndex && bytes[index + 1] == 0x0A
            index += crlf ? 2 : 1
            start = index
        }
        if start < bytes.endIndex { try appendLine(bytes[start...]) }
        return collector.finish()
    }

    private mutating func appendLine(_ line: ArraySlice<UInt8>) throws(DataError) {
        let row = collector.nextNumber
        let (text, repaired) = SourceText.decode(line)
        if repaired { collector.warnRepaired(row: row, field: "text") }
        try collector.append(["text": text], order: ["text"], line: row)
    }
}

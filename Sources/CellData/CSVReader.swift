/// Reads CSV with a header row into rows keyed by the header's names.
///
/// The header is required. Its names are trimmed of spaces and tabs; an empty
/// or repeated name is an error at its column. Every record MUST have exactly
/// as many fields as the header: a short or long record is an error naming its
/// line and row, not silently padded, because a shifted column would put text
/// in the wrong cell. An empty cell is an empty string; blank lines are skipped.
struct CSVReader {
    private var scanner: CSVRecordScanner
    private var collector: RowCollector

    init(bytes: ArraySlice<UInt8>, sourceName: String, limits: DataLimits) {
        scanner = CSVRecordScanner(bytes: bytes, sourceName: sourceName)
        collector = RowCollector(sourceName: sourceName, limits: limits)
    }

    mutating func read() throws(DataError) -> DataSet {
        guard let header = try scanner.next(row: nil) else {
            throw DataError(
                sourceName: collector.sourceName, line: 1, column: 1,
                message: "expected a header row, found an empty file")
        }
        let names = try headerNames(header)
        for name in names { collector.declare(name) }
        while let record = try scanner.next(row: collector.nextNumber) {
            let row = collector.nextNumber
            guard record.fields.count == names.count else {
                // A long record points at its first extra field; a short one has no such place.
                let extra = record.fields.count > names.count ? record.places[names.count] : nil
                throw DataError(
                    sourceName: collector.sourceName, line: extra?.line ?? record.line,
                    column: extra.map(scanner.column(of:)), row: row,
                    message:
                        "expected \(names.count) fields like the header, found \(record.fields.count)"
                )
            }
            var fields: [String: String] = [:]
            for (name, bytes) in zip(names, record.fields) {
                let (text, repaired) = SourceText.decode(bytes)
                if repaired { collector.warnRepaired(row: row, field: name) }
                fields[name] = text
            }
            try collector.append(fields, order: names, line: record.line)
        }
        return collector.finish()
    }

    /// Linear in the header's length: positions are computed only for an error, and repeated
    /// names are found through a dictionary (a 20,000-column header once took minutes).
    private mutating func headerNames(_ header: CSVRecordScanner.Record) throws(DataError) -> [String] {
        var names: [String] = []
        var columns: [String: Int] = [:]
        for (index, bytes) in header.fields.enumerated() {
            let (raw, repaired) = SourceText.decode(bytes)
            let name = raw.trimmingSpacesAndTabs()
            func failure(_ message: String, field: String? = nil) -> DataError {
                DataError(
                    sourceName: collector.sourceName, line: header.places[index].line,
                    column: scanner.column(of: header.places[index]), field: field, message: message)
            }
            guard !name.isEmpty else {
                throw failure("header column \(index + 1) has no name")
            }
            if let first = columns[name] {
                throw failure("header column \(index + 1) repeats the name of column \(first + 1)", field: name)
            }
            if repaired { collector.warnRepaired(row: nil, field: name) }
            columns[name] = index
            names.append(name)
        }
        return names
    }
}

extension String {
    /// Trims only spaces and tabs: other characters in a name are the user's.
    func trimmingSpacesAndTabs() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }),
            let last = lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(self[first...last])
    }
}

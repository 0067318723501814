/// Accumulates rows for one source and enforces the row limit.
///
/// Every reader funnels its rows through here so numbering, the field-name
/// union and warnings behave identically across formats.
struct RowCollector {
    let sourceName: String
    let limits: DataLimits
    private(set) var rows: [DataRow] = []
    private var fieldNames: [String] = []
    private var knownNames: Set<String> = []
    private var warnings: [DataWarning] = []

    init(sourceName: String, limits: DataLimits) {
        self.sourceName = sourceName
        self.limits = limits
    }

    /// The number the next appended row will get.
    var nextNumber: Int { rows.count + 1 }

    /// Appends a row whose field names, in source order, are `order`.
    ///
    /// Throws when the row would exceed `limits.maxRows`, before storing it.
    mutating func append(_ fields: [String: String], order: [String], line: Int?)
        throws(DataError)
    {
        guard rows.count < limits.maxRows else {
            throw DataError(
                sourceName: sourceName, line: line, row: nextNumber,
                message: "more than \(limits.maxRows) rows (the limit)")
        }
        for name in order where fields[name] != nil {
            declare(name)
            if let control = fields[name]?.unicodeScalars.first(where: Self.isReportedControl) {
                let code = String(control.value, radix: 16, uppercase: true)
                warn(
                    row: nextNumber, field: name,
                    "control character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code) kept as it is "
                        + "(drawn as a visible symbol)")
            }
        }
        rows.append(DataRow(number: nextNumber, fields: fields, line: line))
    }

    /// Adds `name` to the field names if it is new; CSV declares its header up front.
    mutating func declare(_ name: String) {
        if knownNames.insert(name).inserted { fieldNames.append(name) }
    }

    /// C0 controls other than tab, line feed and carriage return, and DEL: kept in the value, but
    /// reported, since they are almost always damage (C1 controls such as the U+0097 dashes of old
    /// Windows text are left alone).
    static func isReportedControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && ![0x09, 0x0A, 0x0D].contains(scalar.value)) || scalar.value == 0x7F
    }

    /// Records a warning unless the same one is already recorded.
    mutating func warn(row: Int?, field: String?, _ message: String) {
        let warning = DataWarning(sourceName: sourceName, row: row, field: field, message: message)
        if warnings.last != warning { warnings.append(warning) }
    }

    /// Warns that a value lost invalid UTF-8 bytes.
    mutating func warnRepaired(row: Int?, field: String?) {
        warn(row: row, field: field, "invalid UTF-8 replaced with U+FFFD")
    }

    /// The finished data set.
    func finish() -> DataSet {
        DataSet(rows: rows, fieldNames: fieldNames, sourceName: sourceName, warnings: warnings)
    }
}

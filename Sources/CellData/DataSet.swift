/// The rows read from one source, with the field names they use.
///
/// An empty source (an empty JSON or YAML array, a CSV file with a header and
/// no records, an empty text file) is a valid data set with no rows: the
/// caller decides whether that is worth a message.
public struct DataSet: Sendable {
    /// The rows in source order; `rows[i].number == i + 1`.
    public var rows: [DataRow]
    /// Every field name used by any row, in the order first seen.
    ///
    /// For CSV this is the header, even when there are no records.
    public var fieldNames: [String]
    /// The file path the rows came from, or "<stdin>".
    public let sourceName: String
    /// Problems that did not stop reading, such as repaired UTF-8.
    public var warnings: [DataWarning]

    /// Creates a data set from parts the caller already checked.
    public init(
        rows: [DataRow],
        fieldNames: [String],
        sourceName: String,
        warnings: [DataWarning] = []
    ) {
        self.rows = rows
        self.fieldNames = fieldNames
        self.sourceName = sourceName
        self.warnings = warnings
    }
}

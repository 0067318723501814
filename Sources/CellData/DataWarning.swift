/// A problem in the input that did not stop reading.
///
/// Warnings carry the row (and field) they affect so a user can find the
/// damaged value; the loader never drops or truncates data to avoid one.
public struct DataWarning: Sendable, Equatable, CustomStringConvertible {
    /// The file path, or "<stdin>".
    public let sourceName: String
    /// The 1-based row affected, when known.
    public let row: Int?
    /// The field affected, when known.
    public let field: String?
    /// What happened, in lower case without a final period.
    public let message: String

    /// Creates a warning.
    public init(sourceName: String, row: Int? = nil, field: String? = nil, message: String) {
        self.sourceName = sourceName
        self.row = row
        self.field = field
        self.message = message
    }

    /// One line: "rows.json: row 3, field `name`: invalid UTF-8 replaced with U+FFFD".
    public var description: String {
        DataError.describe(
            sourceName: sourceName, line: nil, column: nil, row: row, field: field, message: message)
    }
}

/// Why a source could not be read, with where it happened.
///
/// Syntax errors always carry a line and a column (1-based; columns count
/// Unicode scalars, so a tab or an "é" is one column). Errors about a value
/// also name the row and field. Property lists are the exception: Foundation
/// reports only a line for XML and nothing for binary.
public struct DataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file path, or "<stdin>".
    public let sourceName: String
    /// The 1-based line of the problem, when known.
    public let line: Int?
    /// The 1-based column of the problem, when known.
    public let column: Int?
    /// The 1-based row of the problem, when it concerns a row.
    public let row: Int?
    /// The field of the problem, when it concerns a field.
    public let field: String?
    /// What is wrong, in lower case without a final period.
    public let message: String

    /// Creates an error.
    public init(
        sourceName: String,
        line: Int? = nil,
        column: Int? = nil,
        row: Int? = nil,
        field: String? = nil,
        message: String
    ) {
        self.sourceName = sourceName
        self.line = line
        self.column = column
        self.row = row
        self.field = field
        self.message = message
    }

    /// One line in the compiler style editors understand:
    /// "rows.json:12:7: row 4, field `caption`: expected a string, number or boolean, found an array".
    public var description: String {
        Self.describe(
            sourceName: sourceName, line: line, column: column, row: row, field: field,
            message: message)
    }

    /// Shared with `DataWarning` so both read alike.
    static func describe(
        sourceName: String, line: Int?, column: Int?, row: Int?, field: String?, message: String
    ) -> String {
        var location = sourceName
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        var subject: [String] = []
        if let row { subject.append("row \(row)") }
        if let field { subject.append("field `\(field)`") }
        if subject.isEmpty { return "\(location): \(message)" }
        return "\(location): \(subject.joined(separator: ", ")): \(message)"
    }
}

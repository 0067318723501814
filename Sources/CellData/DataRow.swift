/// One row of input: named string fields, ready to be laid out as a cell.
///
/// Every value is the text to show. Formats with typed values (JSON, YAML,
/// plist) convert numbers and booleans to text; a null value is an absent key,
/// never an empty string, so the renderer can tell "missing" from "empty".
public struct DataRow: Sendable, Equatable {
    /// The row's position in the data set, counting from 1.
    public let number: Int
    /// The row's fields by name.
    public var fields: [String: String]
    /// The source line where the row starts, when the format knows it.
    ///
    /// Nil for property lists, whose parser reports no positions.
    public let line: Int?

    /// Creates a row; `number` MUST be 1-based.
    public init(number: Int, fields: [String: String], line: Int? = nil) {
        self.number = number
        self.fields = fields
        self.line = line
    }

    /// The value of `name`, or nil when the row has no such field.
    public subscript(name: String) -> String? {
        fields[name]
    }
}

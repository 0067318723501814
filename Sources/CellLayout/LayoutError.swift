/// A row that cannot be laid out with a style.
public enum LayoutError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The row lacks a field that a shown element needs.
    case missingField(row: Int, field: String, element: String?)
    /// The text measurer failed.
    case measurement(row: Int, message: String)
    /// An image path bound from the data points outside the data's folder.
    case imagePath(row: Int, path: String, message: String)

    public var description: String {
        switch self {
        case .missingField(let row, let field, let element):
            "row \(row): missing field `\(field)`" + (element.map { " (needed by element `\($0)`)" } ?? "")
                + "; add it to the data or give the placeholder a default like {\(field)|…}"
        case .measurement(let row, let message):
            "row \(row): \(message)"
        case .imagePath(let row, let path, let message):
            "row \(row): image `\(path)`: \(message)"
        }
    }
}

/// One data row as the layout engine sees it: named text fields and the 1-based row number.
public struct RowInput: Sendable, Hashable {
    public var number: Int
    public var fields: [String: String]

    public init(number: Int, fields: [String: String]) {
        self.number = number
        self.fields = fields
    }
}

import Yams

/// Turns Yams' errors into `DataError`s with a line and column.
///
/// libyaml's marks are 0-based and Yams adds 1, so they are used as they
/// come; reader errors carry only a character offset, mapped here to a
/// line and column over the same text libyaml read.
struct YAMLErrorMapper {
    let sourceName: String
    let text: String

    func map(_ error: any Error) -> DataError {
        guard let yamlError = error as? YamlError else {
            return DataError(sourceName: sourceName, line: 1, column: 1, message: "\(error)")
        }
        switch yamlError {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            var message = problem
            if let context {
                message += " (\(context.text) at \(context.mark.line):\(context.mark.column))"
            }
            return DataError(
                sourceName: sourceName, line: mark.line, column: mark.column, message: message)
        case .reader(let problem, let offset, let value, _):
            let (line, column) = position(ofCharacter: offset ?? 0)
            let hex = String(value, radix: 16, uppercase: true)
            let suffix =
                value >= 0 ? " (U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex))" : ""
            return DataError(
                sourceName: sourceName, line: line, column: column, message: problem + suffix)
        case .duplicatedKeysInMapping(let duplicates, let context):
            // Yams marks only the first occurrence, so the message says so.
            let names = duplicates.map { "`\($0)`" }.joined(separator: ", ")
            return DataError(
                sourceName: sourceName, line: context.mark.line, column: context.mark.column,
                message: "key \(names) appears more than once in this mapping")
        default:
            return DataError(sourceName: sourceName, line: 1, column: 1, message: "\(yamlError)")
        }
    }

    /// The 1-based line and column of the `offset`-th `Character` of `text`.
    ///
    /// Yams counts reader offsets in Characters, where CRLF is one; columns
    /// here count Unicode scalars like every other position in this module.
    private func position(ofCharacter offset: Int) -> (Int, Int) {
        var line = 1
        var column = 1
        for character in text.prefix(offset) {
            if character == "\r\n" || character == "\n" || character == "\r" {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        return (line, column)
    }
}

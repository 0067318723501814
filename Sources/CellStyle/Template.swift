/// A text with `{field}` placeholders, bound to a data row at layout time.
///
/// `{name}` is required: binding fails when the row has no such field. `{name|fallback}` uses
/// `fallback` when the field is missing. `{row}` is the row's 1-based number. `{{` and `}}`
/// are literal braces.
public struct Template: Hashable, Sendable, CustomStringConvertible {
    public enum Part: Hashable, Sendable {
        case literal(String)
        case field(name: String, fallback: String?)
    }

    public let parts: [Part]
    public let source: String

    /// Parses `source`; throws a message naming the problem for unbalanced braces or empty names.
    public init(parsing source: String) throws(TemplateError) {
        var parts: [Part] = []
        var literal = ""
        var index = source.startIndex
        while index < source.endIndex {
            let character = source[index]
            let next = source.index(after: index)
            if character == "{", next < source.endIndex, source[next] == "{" {
                literal.append("{")
                index = source.index(after: next)
            } else if character == "}", next < source.endIndex, source[next] == "}" {
                literal.append("}")
                index = source.index(after: next)
            } else if character == "{" {
                guard let close = source[next...].firstIndex(of: "}") else {
                    throw TemplateError(message: "`{` without a closing `}` in \"\(source)\"")
                }
                let body = source[next..<close]
                let pieces = body.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
                let name = pieces[0].trimmingSpaces()
                guard !name.isEmpty, !name.contains("{") else {
                    throw TemplateError(message: "empty or malformed placeholder `{\(body)}` in \"\(source)\"")
                }
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = ""
                parts.append(.field(name: name, fallback: pieces.count > 1 ? String(pieces[1]) : nil))
                index = source.index(after: close)
            } else if character == "}" {
                throw TemplateError(message: "`}` without an opening `{` in \"\(source)\"")
            } else {
                literal.append(character)
                index = next
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
        self.source = source
    }

    /// The names of the fields that must be present (placeholders without a fallback, except `row`).
    public var requiredFields: [String] {
        parts.compactMap { part in
            if case .field(let name, nil) = part, name != "row" { return name }
            return nil
        }
    }

    /// Every field named by a placeholder.
    public var fields: [String] {
        parts.compactMap { part in
            if case .field(let name, _) = part { return name }
            return nil
        }
    }

    /// The text for `fields` and `row`; throws the name of the first missing required field.
    public func render(fields: [String: String], row: Int) throws(MissingField) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .literal(let text): out += text
            case .field("row", _) where fields["row"] == nil: out += String(row)
            case .field(let name, let fallback):
                if let value = fields[name] {
                    out += value
                } else if let fallback {
                    out += fallback
                } else {
                    throw MissingField(name: name)
                }
            }
        }
        return out
    }

    public var description: String { source }
}

/// A template that could not be parsed.
public struct TemplateError: Error, Hashable, Sendable {
    public let message: String
}

/// A required field that a data row does not have.
public struct MissingField: Error, Hashable, Sendable {
    public let name: String
}

extension Substring {
    func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

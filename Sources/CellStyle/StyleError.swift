import CellCore

/// One problem found in a style file, located by file, line, column and field path.
public struct StyleDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public var source: String
    public var line: Int?
    public var column: Int?
    /// The path of the field, like `content.padding.child.text.font.size`.
    public var path: String
    public var message: String

    public init(source: String, line: Int? = nil, column: Int? = nil, path: String = "", message: String) {
        self.source = source
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    public var description: String {
        var location = source
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return path.isEmpty ? "\(location): \(message)" : "\(location): \(path): \(message)"
    }
}

/// A style that cannot be used, with every problem found in it (not only the first).
public struct StyleError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [StyleDiagnostic]

    public init(diagnostics: [StyleDiagnostic]) {
        self.diagnostics = diagnostics
    }

    public init(source: String, message: String) {
        self.init(diagnostics: [StyleDiagnostic(source: source, message: message)])
    }

    /// The most problems printed; past it, one line counts the rest (a file of 20,000 unknown keys
    /// is one mistake repeated, not 20,000 lines of output).
    public static let printedLimit = 20

    public var description: String {
        let shown = diagnostics.prefix(Self.printedLimit).map(\.description)
        let rest = diagnostics.count - shown.count
        return (shown + (rest > 0 ? ["… and \(rest) more problems"] : [])).joined(separator: "\n")
    }
}

/// The candidate closest to `name`, when it is close enough to be a likely typo.
func nearest(to name: String, in candidates: [String]) -> String? {
    NameSuggestion.nearest(to: name, in: candidates)
}

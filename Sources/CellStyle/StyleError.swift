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

/// The candidate closest to `name` by edit distance, when it is close enough to be a likely typo.
func nearest(to name: String, in candidates: [String]) -> String? {
    let scored = candidates.map { ($0, editDistance(name.lowercased(), $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }) else { return nil }
    return best.1 <= max(2, name.count / 3) ? best.0 : nil
}

func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}

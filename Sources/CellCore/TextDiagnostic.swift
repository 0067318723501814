/// Something about a row's text that the picture does not show faithfully, or that Cellshot
/// changed: a glyph the pinned fonts lack, a control character, a repair, a cut at a limit.
///
/// Every diagnostic names the row and the slot (the element's id, or its kind when it has
/// none). All but repairs are warnings, which `--strict` turns into an error.
public struct TextDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Problem: Hashable, Sendable {
        /// No pinned font has a glyph for the code point; Pango draws a box with its hex code.
        case missingGlyph(Unicode.Scalar)
        /// A C0 control (other than tab and line breaks), DEL, or a C1 control U+0080…U+009F;
        /// drawn visibly as a box with its hex code.
        case controlCharacter(Unicode.Scalar)
        /// `count` characters U+0080…U+009F were replaced by the Windows-1252 characters they
        /// were mis-decoded from (`--repair-cp1252`).
        case repairedCP1252(count: Int)
        /// The text was cut at one of `TextLimits`.
        case cut(TextCut)
    }

    /// The 1-based data row.
    public var row: Int
    /// The element's id, or its kind (`text`, `badge`, `avatar`) when it has none.
    public var slot: String
    public var problem: Problem
    /// How many times the code point occurs in the text (1 for other problems).
    public var occurrences: Int

    public init(row: Int, slot: String, problem: Problem, occurrences: Int = 1) {
        self.row = row
        self.slot = slot
        self.problem = problem
        self.occurrences = occurrences
    }

    /// Whether this is a warning (everything but a repair); `--strict` fails on warnings.
    public var isWarning: Bool {
        if case .repairedCP1252 = problem { return false }
        return true
    }

    /// The code point a missing-glyph or control-character diagnostic is about.
    public var scalar: Unicode.Scalar? {
        switch problem {
        case .missingGlyph(let scalar), .controlCharacter(let scalar): scalar
        default: nil
        }
    }

    public var description: String { "row \(row), element `\(slot)`: \(problem)" }
}

extension TextDiagnostic.Problem: CustomStringConvertible {
    public var description: String {
        switch self {
        case .missingGlyph(let scalar):
            "\(scalar.codePoint) has no glyph in the pinned fonts (drawn as a box)"
        case .controlCharacter(let scalar):
            "control character \(scalar.codePoint) (drawn as a box)"
                + (CP1252Repair.replacement(for: scalar).map {
                    "; --repair-cp1252 maps it to \($0.codePoint) \(String($0))"
                } ?? "")
        case .repairedCP1252(let count):
            "repaired \(count) character\(count == 1 ? "" : "s") mis-decoded from Windows-1252"
        case .cut(let cut):
            cut.description
        }
    }
}

/// What a `TextLimits` limit cut from a text.
public enum TextCut: Hashable, Sendable, CustomStringConvertible {
    /// Characters past `limit` were dropped from a text of `original` characters.
    case characters(limit: Int, original: Int)
    /// Lines past `limit` were dropped from a text of `original` lines.
    case lines(limit: Int, original: Int)
    /// `removed` combining marks beyond `limit` on one base character were dropped.
    case combiningMarks(limit: Int, removed: Int)
    /// The laid-out text would have been taller or wider than `limit` points; it was cut to
    /// `keptLines` lines (wrapped at `limit` when it was too wide).
    case extent(limit: Double, keptLines: Int)

    public var description: String {
        switch self {
        case .characters(let limit, let original):
            "cut at the limit of \(limit) characters (the text had \(original))"
        case .lines(let limit, let original):
            "cut at the limit of \(limit) lines (the text had \(original))"
        case .combiningMarks(let limit, let removed):
            "dropped \(removed) combining marks past \(limit) in a row on one character"
        case .extent(let limit, let keptLines):
            "cut to \(keptLines) lines to stay within \(formatPoints(limit)) points"
        }
    }
}

extension Unicode.Scalar {
    /// `U+0097`: the code point in the form Unicode charts use (at least four hex digits).
    public var codePoint: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

import CellCore

/// Text diagnostics aggregated for people: one line per code point or kind of cut, with counts
/// and the first few rows, rather than one line per row (the Huckleberry data has 221 em dashes
/// stored as U+0097).
public enum DiagnosticSummary {
    /// How many row numbers a line lists before `…`.
    static let rowsShown = 5

    /// One line per group, in the order each group first occurs; warnings start `warning:`,
    /// repairs `note:`.
    public static func lines(_ diagnostics: [TextDiagnostic], source: String) -> [String] {
        var order: [GroupKey] = []
        var groups: [GroupKey: [TextDiagnostic]] = [:]
        for diagnostic in diagnostics {
            let key = GroupKey(diagnostic.problem)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(diagnostic)
        }
        return order.map { key in line(key, groups[key]!, source: source) }
    }

    /// What diagnostics are grouped by: the code point, or the kind of problem.
    enum GroupKey: Hashable {
        case missingGlyph(Unicode.Scalar)
        case control(Unicode.Scalar)
        case repaired
        case characters, lines, marks, extent

        init(_ problem: TextDiagnostic.Problem) {
            switch problem {
            case .missingGlyph(let scalar): self = .missingGlyph(scalar)
            case .controlCharacter(let scalar): self = .control(scalar)
            case .repairedCP1252: self = .repaired
            case .cut(.characters): self = .characters
            case .cut(.lines): self = .lines
            case .cut(.combiningMarks): self = .marks
            case .cut(.extent): self = .extent
            }
        }
    }

    static func line(_ key: GroupKey, _ group: [TextDiagnostic], source: String) -> String {
        let rows = Array(Set(group.map(\.row))).sorted()
        var slots: [String] = []
        for slot in group.map(\.slot) where !slots.contains(slot) { slots.append(slot) }
        let shown = rows.prefix(rowsShown).map(String.init).joined(separator: ", ") + (rows.count > rowsShown ? ", …" : "")
        let whereText =
            (rows.count == 1 ? "row \(shown)" : "\(rows.count) rows (\(shown))")
            + ", element\(slots.count == 1 ? "" : "s") " + slots.map { "`\($0)`" }.joined(separator: ", ")
        let times = group.map(\.occurrences).reduce(0, +)
        switch key {
        case .missingGlyph(let scalar):
            return "warning: \(source): \(scalar.codePoint) has no glyph in the pinned fonts, \(times)× in \(whereText)"
                + "; drawn as a box"
        case .control(let scalar):
            let hint = CP1252Repair.replacement(for: scalar).map {
                "; --repair-cp1252 maps it to \($0.codePoint) \(String($0))"
            }
            return "warning: \(source): control character \(scalar.codePoint), \(times)× in \(whereText); drawn as a box"
                + (hint ?? "")
        case .repaired:
            let count = group.reduce(0) { total, diagnostic in
                if case .repairedCP1252(let count) = diagnostic.problem { return total + count }
                return total
            }
            return "note: \(source): --repair-cp1252 repaired \(count) character\(count == 1 ? "" : "s") "
                + "mis-decoded from Windows-1252 in \(whereText)"
        case .characters, .lines, .marks, .extent:
            let first = group[0].problem
            let texts = group.count == 1 ? "" : " (\(group.count) texts; the first shown)"
            return "warning: \(source): \(whereText): \(first)\(texts)"
        }
    }
}

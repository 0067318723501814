import Yams

/// Checks that every font family a style names is one Cellshot can draw: Inter (the pinned
/// UI font) or a family from the style's own font files.
///
/// The family names inside brand font files are read by the graphics layer; until a render
/// loads them, a family is accepted when its name matches the start of a brand font file's
/// name (`Brand-Regular.otf` → `Brand`), which is how font files are conventionally named.
enum FamilyCheck {
    static func verify(_ uses: [(family: String, node: Yams.Node?, path: String)], fonts: [String], source: String)
        throws(StyleError)
    {
        let brandNames = fonts.map { path -> String in
            let file = path.split(separator: "/").last.map(String.init) ?? path
            let stem = file.split(separator: ".").first.map(String.init) ?? file
            return stem.split(separator: "-").first.map(String.init) ?? stem
        }
        let known = ["Inter"] + brandNames
        var diagnostics: [StyleDiagnostic] = []
        for use in uses
        where !known.contains(where: {
            $0.lowercased() == use.family.replacingOccurrences(of: " ", with: "").lowercased() || $0 == use.family
        }) {
            let hint = nearest(to: use.family, in: known).map { "; did you mean `\($0)`?" } ?? ""
            diagnostics.append(
                StyleDiagnostic(
                    source: source, line: use.node?.mark?.line, column: use.node?.mark?.column, path: use.path,
                    message: "unknown font family `\(use.family)`: use Inter or add the font's file under `fonts`\(hint)"))
        }
        if !diagnostics.isEmpty { throw StyleError(diagnostics: diagnostics) }
    }
}

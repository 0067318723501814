/// A font family named in a style, with where it was named.
public struct FamilyUse: Hashable, Sendable {
    public var family: String
    public var location: StyleDiagnostic
}

extension StyleSpec {
    /// Checks that every family the style names is in `available` (the families of the pinned
    /// set plus the style's brand font files, as the graphics layer reads them).
    public func checkFamilies(available: Set<String>) throws(StyleError) {
        let known = available.sorted()
        let diagnostics = familyUses.filter { !available.contains($0.family) }.map { use -> StyleDiagnostic in
            var diagnostic = use.location
            let hint = nearest(to: use.family, in: known).map { "; did you mean `\($0)`?" } ?? ""
            diagnostic.message =
                "unknown font family `\(use.family)`: name Inter or a family of a file listed under `fonts`\(hint)"
            return diagnostic
        }
        if !diagnostics.isEmpty { throw StyleError(diagnostics: diagnostics) }
    }
}

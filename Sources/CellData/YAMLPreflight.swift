/// The checks the data reader runs on YAML before Yams composes it, for other YAML readers
/// (style and table files): nesting bounded by `maxDepth`, no collection used as a mapping key,
/// and no aliases at all. Yams' duplicate-key check hashes alias-expanded trees while it
/// composes (fuzzing found several ways to reach it in exponential time); a style reuses parts
/// through `extends`, so refusing aliases costs designers nothing and closes the whole class.
public enum YAMLPreflight {
    /// Throws the first place that breaks a rule, with its line and column.
    public static func check(_ text: String, sourceName: String, maxDepth: Int) throws(DataError) {
        var scanner = YAMLDepthScanner(bytes: Array(text.utf8)[...], sourceName: sourceName, maxDepth: maxDepth)
        scanner.refusesAliases = true
        try scanner.scan()
    }
}

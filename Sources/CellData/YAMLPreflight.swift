/// The checks the data reader runs on YAML before Yams composes it, for other YAML readers
/// (style and table files): nesting bounded by `maxDepth`, and no alias or collection used as a
/// mapping key (Yams' duplicate-key check would hash an alias-expanded tree in exponential time).
public enum YAMLPreflight {
    /// Throws the first place that breaks a rule, with its line and column.
    public static func check(_ text: String, sourceName: String, maxDepth: Int) throws(DataError) {
        var scanner = YAMLDepthScanner(bytes: Array(text.utf8)[...], sourceName: sourceName, maxDepth: maxDepth)
        try scanner.scan()
    }
}

/// Bounds that keep a hostile or mistaken input from exhausting time or memory.
///
/// Every limit is checked before the work it protects: size before reading,
/// nesting before the YAML composer recurses, rows before they are stored.
public struct DataLimits: Sendable {
    /// The largest source accepted, in bytes. Files are refused by size before
    /// they are read.
    public var maxBytes: Int
    /// The deepest YAML nesting accepted. JSON needs no such limit: its reader
    /// never descends below the row schema (array, object, value).
    public var maxDepth: Int
    /// The most rows accepted.
    public var maxRows: Int
    /// How many nodes YAML aliases may bring in, counted each time an alias is
    /// used, so an "alias bomb" is refused instead of expanded.
    public var maxAliasExpansions: Int

    /// Creates limits; omitted ones take their default.
    public init(
        maxBytes: Int = 256 << 20,
        maxDepth: Int = 64,
        maxRows: Int = 1_000_000,
        maxAliasExpansions: Int = 100_000
    ) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxRows = maxRows
        self.maxAliasExpansions = maxAliasExpansions
    }

    /// 256 MiB, 64 levels, a million rows, 100,000 alias-expanded nodes.
    public static let `default` = DataLimits()
}

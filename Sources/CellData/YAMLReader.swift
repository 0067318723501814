import Yams

/// Reads a YAML sequence of mappings or of scalars into rows.
///
/// Uses `Yams.compose`, never `Yams.load`: composing shares aliased nodes
/// instead of copying them, so an alias bomb costs milliseconds, and the walk
/// below charges every alias use to `DataLimits.maxAliasExpansions`.
/// `YAMLDepthScanner` runs first because the composer recurses per level.
/// Scalars keep their source text (`2.50`, `yes`, `0x1F` stay as written); a
/// plain `null`, `~` or empty value is an absent field. Keys keep their
/// string form; a key that is not a scalar is an error.
struct YAMLReader {
    private let bytes: ArraySlice<UInt8>
    private let limits: DataLimits
    private var collector: RowCollector
    /// Where each row and field starts, to pin repaired bytes on one of them.
    private var places: [(line: Int, column: Int, row: Int, field: String?)] = []
    private var seenMarks: Set<[Int]> = []
    private var aliasBudget: Int

    init(bytes: ArraySlice<UInt8>, sourceName: String, limits: DataLimits) {
        self.bytes = bytes
        self.limits = limits
        collector = RowCollector(sourceName: sourceName, limits: limits)
        aliasBudget = limits.maxAliasExpansions
    }

    mutating func read() throws(DataError) -> DataSet {
        let (text, repaired) = SourceText.decode(bytes)
        let textBytes = Array(text.utf8)[...]
        var scanner = YAMLDepthScanner(
            bytes: textBytes, sourceName: collector.sourceName, maxDepth: limits.maxDepth)
        try scanner.scan()
        let root: Node?
        do {
            // The basic resolver (no rules) halves compose time: tags are only
            // needed to spot nulls, which `isNull` does by hand.
            root = try Yams.compose(yaml: text, Resolver.basic)
        } catch {
            throw YAMLErrorMapper(sourceName: collector.sourceName, text: text).map(error)
        }
        guard let root else {
            throw fail("expected a sequence of rows, found an empty document", at: nil)
        }
        guard case .sequence(let sequence) = root else {
            throw fail(
                "expected a sequence of rows at the top level, found \(kind(of: root))", at: root.mark)
        }
        for item in sequence {
            try readRow(item)
        }
        if repaired { warnRepairs(at: SourceText.repairPositions(in: bytes)) }
        return collector.finish()
    }

    private mutating func readRow(_ item: Node) throws(DataError) {
        let row = collector.nextNumber
        // A repeated row adds no places: its marks belong to the anchored original.
        let noting = try !chargeAlias(item, row: row)
        let line = item.mark?.line
        switch item {
        case .scalar(let scalar) where !Self.isNull(item):
            if noting { note(item.mark, row: row, field: nil) }
            try collector.append(["text": scalar.string], order: ["text"], line: line)
        case .mapping(let mapping):
            if noting { note(item.mark, row: row, field: nil) }
            var fields: [String: String] = [:]
            var order: [String] = []
            var seen = Set<String>()  // not `order.contains`: quadratic for a row of 20,000 fields
            for (key, value) in mapping {
                guard case .scalar(let name) = key else {
                    throw fail("expected a field name, found \(kind(of: key))", at: key.mark, row: row)
                }
                guard seen.insert(name.string).inserted else {
                    throw fail("duplicate field", at: key.mark, row: row, field: name.string)
                }
                order.append(name.string)
                if noting { note(key.mark, row: row, field: name.string) }
                guard case .scalar(let scalar) = value else {
                    throw fail(
                        "expected a string, number or boolean, found \(kind(of: value))",
                        at: value.mark, row: row, field: name.string)
                }
                if !Self.isNull(value) { fields[name.string] = scalar.string }
            }
            try collector.append(fields, order: order, line: line)
        default:
            throw fail("expected a mapping or a string, found \(kind(of: item))", at: item.mark, row: row)
        }
    }

    /// Charges a row node seen before, which only an alias can bring back;
    /// returns whether it was such a repeat.
    private mutating func chargeAlias(_ node: Node, row: Int) throws(DataError) -> Bool {
        guard let mark = node.mark, !seenMarks.insert([mark.line, mark.column]).inserted else {
            return false
        }
        aliasBudget -= 1 + (node.mapping?.count ?? 0)
        guard aliasBudget < 0 else { return true }
        // No position: the node's mark is its anchor's, not the alias that repeated it.
        throw DataError(
            sourceName: collector.sourceName, row: row,
            message: "aliases expand to more than \(limits.maxAliasExpansions) nodes (the limit)")
    }

    private mutating func note(_ mark: Mark?, row: Int, field: String?) {
        guard let mark else { return }
        places.append((mark.line, mark.column, row, field))
    }

    /// Pins each repaired position on the last row or field that starts before it.
    private mutating func warnRepairs(at positions: [(line: Int, column: Int)]) {
        // Aliased rows add no places, so places are already in source order;
        // both lists are sorted and one merged pass pins every position.
        var owner: (line: Int, column: Int, row: Int, field: String?)?
        var next = places.startIndex
        for position in positions {
            while next < places.endIndex,
                (places[next].line, places[next].column) <= (position.line, position.column)
            {
                owner = places[next]
                next += 1
            }
            collector.warnRepaired(row: owner?.row, field: owner?.field)
        }
    }

    /// A plain `null`, `~` or empty scalar; quoted "null" is a string.
    ///
    /// Matches Yams' null rule by hand: `Node.tag` runs the resolver's regular
    /// expressions on every access, which tripled the time to read a large file.
    private static func isNull(_ node: Node) -> Bool {
        guard let scalar = node.scalar else { return false }
        guard scalar.style == .plain, scalar.tag.rawValue == Tag.Name.implicit.rawValue else {
            return scalar.tag.rawValue == Tag.Name.null.rawValue
        }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    private func kind(of node: Node) -> String {
        switch node {
        case .scalar: Self.isNull(node) ? "null" : "a scalar"
        case .mapping: "a mapping"
        case .sequence: "a sequence"
        case .alias: "an alias"
        }
    }

    private func fail(_ message: String, at mark: Mark?, row: Int? = nil, field: String? = nil)
        -> DataError
    {
        DataError(
            sourceName: collector.sourceName, line: mark?.line ?? 1, column: mark?.column ?? 1, row: row,
            field: field, message: message)
    }
}

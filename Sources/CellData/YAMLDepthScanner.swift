/// Refuses YAML that may nest deeper than a limit, before anything recurses.
///
/// Yams' composer recurses once per nesting level, so a 100,000-deep `[[[…`
/// would overflow the stack before any walk could count levels. This scanner
/// runs first, in one pass and constant stack, and computes an upper bound on
/// the depth of every line: the parent line's bound, plus the block
/// indicators (`- `, `: `) opened on the line, plus open flow brackets and
/// single-pair mappings inside them. The bound may exceed the true depth (a
/// compact `- a: 1` followed by `  b:` counts one level too many) but never
/// falls short of it, which is what keeps the composer safe.
///
/// It also refuses two things the row schema rejects anyway but that would
/// make Yams' duplicate-key check hash an alias-expanded tree in exponential
/// time: alias keys (`*a: x`) and complex keys (`? x`, `[a]: x`).
struct YAMLDepthScanner {
    let bytes: ArraySlice<UInt8>
    let sourceName: String
    let maxDepth: Int
    var offset: Int
    var line = 1
    var lineStart: Int
    /// Open block levels: a line's indentation and the bound of its parent.
    var stack: [(column: Int, base: Int)] = []
    var lineBase = 0
    var lineIndicators = 0
    var lineBound = 0
    var previousLineBound = 0
    /// Open flow brackets; true for a `[` holding an implicit single-pair mapping.
    var flow: [(bracket: UInt8, pair: Bool)] = []
    var openPairs = 0
    var atNodeStart = true
    var blockScalarIndent: Int?
    /// Refuse every alias (`*name`), not only those used as keys (style and table files).
    var refusesAliases = false

    init(bytes: ArraySlice<UInt8>, sourceName: String, maxDepth: Int) {
        self.bytes = Self.normalizingBreaks(bytes)
        self.sourceName = sourceName
        self.maxDepth = maxDepth
        offset = bytes.startIndex
        lineStart = bytes.startIndex
    }

    /// The bytes with NEL, LS and PS turned into LF.
    ///
    /// libyaml (YAML 1.1) breaks lines at them too; missing one would let
    /// indentation-based nesting hide on what looks like a single line.
    static func normalizingBreaks(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard bytes.contains(0xC2) || bytes.contains(0xE2) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            let next = index + 1 < bytes.endIndex ? bytes[index + 1] : 0
            let third = index + 2 < bytes.endIndex ? bytes[index + 2] : 0
            if byte == 0xC2 && next == 0x85 {
                result.append(0x0A)
                index += 2
            } else if byte == 0xE2 && next == 0x80 && (third == 0xA8 || third == 0xA9) {
                result.append(0x0A)
                index += 3
            } else {
                result.append(byte)
                index += 1
            }
        }
        return result[...]
    }

    /// Throws the first place where nesting may exceed `maxDepth`.
    mutating func scan() throws(DataError) {
        while offset < bytes.endIndex {
            try scanLine()
        }
    }

    var current: UInt8? { offset < bytes.endIndex ? bytes[offset] : nil }

    func byte(at index: Int) -> UInt8? { index < bytes.endIndex ? bytes[index] : nil }

    static func isBreak(_ byte: UInt8?) -> Bool { byte == 0x0A || byte == 0x0D }

    static func isBlank(_ byte: UInt8?) -> Bool {
        byte == nil || byte == 0x20 || byte == 0x09 || isBreak(byte)
    }

    /// Consumes one line break and starts the next line.
    mutating func consumeBreak() {
        if current == 0x0D, byte(at: offset + 1) == 0x0A { offset += 1 }
        offset += 1
        line += 1
        lineStart = offset
    }

    /// Re-checks the bound after the line opened a level.
    mutating func checkBound() throws(DataError) {
        lineBound = max(lineBound, lineBase + lineIndicators + flow.count + openPairs)
        guard lineBound > maxDepth else { return }
        throw failure("nesting deeper than \(maxDepth) levels (the limit)")
    }

    /// The 1-based column of the current byte.
    var column: Int { SourceText.column(of: offset, lineStart: lineStart, in: bytes) }

    func failure(_ message: String, at place: Int? = nil) -> DataError {
        DataError(
            sourceName: sourceName, line: line,
            column: SourceText.column(of: place ?? offset, lineStart: lineStart, in: bytes),
            message: message)
    }
}

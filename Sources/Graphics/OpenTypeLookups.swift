import CPangoCairo

// Reading the GSUB and GPOS lookups `PairwiseGlyphs` needs: which printable-ASCII glyphs a lookup
// could change in runs of candidate glyphs.

/// GSUB or GPOS.
enum LayoutTable {
    case substitution, positioning

    var tag: hb_tag_t { Self.tag(self == .substitution ? "GSUB" : "GPOS") }

    static func tag(_ text: String) -> hb_tag_t {
        text.utf8.reduce(0) { $0 << 8 | hb_tag_t($1) }
    }
}

struct Malformed: Error {}

/// Big-endian reads from an OpenType table, bounds-checked.
struct TableReader {
    let bytes: UnsafeRawBufferPointer

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    func u16(_ offset: Int) throws(Malformed) -> Int {
        guard offset >= 0, offset + 2 <= bytes.count else { throw Malformed() }
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    func u32(_ offset: Int) throws(Malformed) -> Int {
        try u16(offset) << 16 | u16(offset + 2)
    }

    /// The coverage index of `glyph` in the Coverage table at `offset`, nil when not covered
    /// (binary search: the tables are sorted by glyph).
    func coverageIndex(_ offset: Int, _ glyph: UInt32) throws(Malformed) -> Int? {
        let format = try u16(offset)
        let count = try u16(offset + 2)
        var low = 0
        var high = count - 1
        while low <= high {
            let middle = (low + high) / 2
            switch format {
            case 1:
                let value = UInt32(try u16(offset + 4 + 2 * middle))
                if value == glyph { return middle }
                if value < glyph { low = middle + 1 } else { high = middle - 1 }
            case 2:
                let record = offset + 4 + 6 * middle
                let (start, end) = (UInt32(try u16(record)), UInt32(try u16(record + 2)))
                if glyph < start {
                    high = middle - 1
                } else if glyph > end {
                    low = middle + 1
                } else {
                    return try u16(record + 4) + Int(glyph - start)
                }
            default: throw Malformed()
            }
        }
        return nil
    }

    /// The class of `glyph` in the ClassDef table at `offset` (absent: class 0).
    func classOf(_ offset: Int, _ glyph: UInt32) throws(Malformed) -> Int {
        switch try u16(offset) {
        case 1:
            let start = UInt32(try u16(offset + 2))
            let count = try u16(offset + 4)
            guard glyph >= start, glyph < start + UInt32(count) else { return 0 }
            return try u16(offset + 6 + 2 * Int(glyph - start))
        case 2:
            var low = 0
            var high = try u16(offset + 2) - 1
            while low <= high {
                let middle = (low + high) / 2
                let record = offset + 4 + 6 * middle
                let (start, end) = (UInt32(try u16(record)), UInt32(try u16(record + 2)))
                if glyph < start {
                    high = middle - 1
                } else if glyph > end {
                    low = middle + 1
                } else {
                    return try u16(record + 4)
                }
            }
            return 0
        default: throw Malformed()
        }
    }
}

/// A set of printable-ASCII characters (bit = byte value), standing for their glyphs.
struct GlyphMask: Equatable {
    var low: UInt64 = 0
    var high: UInt64 = 0

    var isEmpty: Bool { low == 0 && high == 0 }

    mutating func insert(_ byte: UInt8) {
        if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
    }

    func contains(_ byte: UInt8) -> Bool { byte < 64 ? low >> UInt64(byte) & 1 != 0 : high >> UInt64(byte - 64) & 1 != 0 }

    mutating func formUnion(_ other: GlyphMask) {
        low |= other.low
        high |= other.high
    }

    mutating func subtract(_ other: GlyphMask) {
        low &= ~other.low
        high &= ~other.high
    }

    func intersection(_ other: GlyphMask) -> GlyphMask { GlyphMask(low: low & other.low, high: high & other.high) }
}

/// The glyphs of the printable-ASCII characters, both ways.
struct GlyphBits {
    /// Each character with its glyph.
    let pairs: [(byte: UInt8, glyph: UInt32)]
    /// The characters of each glyph.
    let masks: [UInt32: GlyphMask]
    let all: GlyphMask

    init(_ glyphOf: [UInt8: UInt32]) {
        pairs = glyphOf.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        var masks: [UInt32: GlyphMask] = [:]
        var all = GlyphMask()
        for (byte, glyph) in pairs {
            masks[glyph, default: GlyphMask()].insert(byte)
            all.insert(byte)
        }
        self.masks = masks
        self.all = all
    }
}

/// What one lookup could change in runs of candidate glyphs. Coverage and class tables are
/// read once each (many rules share them) and kept as character masks.
struct LookupReader {
    let reader: TableReader
    let table: LayoutTable
    let face: OpaquePointer
    let glyphs: GlyphBits
    let candidates: GlyphMask
    private var coverages: [Int: GlyphMask] = [:]
    private var classDefinitions: [Int: [Int: GlyphMask]] = [:]

    init(reader: TableReader, table: LayoutTable, face: OpaquePointer, glyphs: GlyphBits, candidates: GlyphMask) {
        self.reader = reader
        self.table = table
        self.face = face
        self.glyphs = glyphs
        self.candidates = candidates
    }

    /// The candidates lookup `index` could substitute or move other than by single adjustment
    /// or pair kerning of the first glyph.
    mutating func affected(lookup index: Int) throws(Malformed) -> GlyphMask {
        let lookupList = try reader.u16(8)
        guard index < (try reader.u16(lookupList)) else { throw Malformed() }
        let lookup = lookupList + (try reader.u16(lookupList + 2 + 2 * index))
        let type = try reader.u16(lookup)
        let flags = try reader.u16(lookup + 2)
        let subtables = try reader.u16(lookup + 4)
        // Skipping base glyphs or ligatures while matching: runs are not what they seem.
        if flags & 0x6 != 0 { return collectedGlyphs(index) }
        var affected = GlyphMask()
        for subtable in 0..<subtables {
            var offset = lookup + (try reader.u16(lookup + 6 + 2 * subtable))
            var kind = type
            if (table == .substitution && type == 7) || (table == .positioning && type == 9) {
                kind = try reader.u16(offset + 2)
                offset += try reader.u32(offset + 4)
            }
            affected.formUnion(try subtableAffected(kind: kind, at: offset, lookup: index))
        }
        return affected
    }

    private func collectedGlyphs(_ index: Int) -> GlyphMask {
        let input = hb_set_create()
        defer { hb_set_destroy(input) }
        hb_ot_layout_lookup_collect_glyphs(face, table.tag, UInt32(index), nil, input, nil, nil)
        var mask = GlyphMask()
        for (byte, glyph) in glyphs.pairs where hb_set_has(input, glyph) != 0 { mask.insert(byte) }
        return mask.intersection(candidates)
    }

    /// The candidates the Coverage table at `offset` covers.
    private mutating func covered(_ offset: Int) throws(Malformed) -> GlyphMask {
        if let known = coverages[offset] { return known }
        var mask = GlyphMask()
        for (byte, glyph) in glyphs.pairs where candidates.contains(byte) {
            if try reader.coverageIndex(offset, glyph) != nil { mask.insert(byte) }
        }
        coverages[offset] = mask
        return mask
    }

    /// The candidates of each class of the ClassDef table at `offset`.
    private mutating func classMasks(_ offset: Int) throws(Malformed) -> [Int: GlyphMask] {
        if let known = classDefinitions[offset] { return known }
        var masks: [Int: GlyphMask] = [:]
        for (byte, glyph) in glyphs.pairs where candidates.contains(byte) {
            masks[try reader.classOf(offset, glyph), default: GlyphMask()].insert(byte)
        }
        classDefinitions[offset] = masks
        return masks
    }

    /// The candidates drawn with `glyph`.
    private func mask(of glyph: UInt32) -> GlyphMask { (glyphs.masks[glyph] ?? GlyphMask()).intersection(candidates) }

    private mutating func subtableAffected(kind: Int, at offset: Int, lookup: Int) throws(Malformed) -> GlyphMask {
        switch (table, kind) {
        case (.substitution, 1), (.substitution, 2), (.substitution, 3):
            return try covered(offset + (try reader.u16(offset + 2)))
        case (.substitution, 4): return try ligatures(offset)
        case (.substitution, 5), (.positioning, 7): return try context(offset, chained: false)
        case (.substitution, 6), (.positioning, 8): return try context(offset, chained: true)
        case (.substitution, 8): return try reverseChain(offset)
        case (.positioning, 1): return GlyphMask()
        case (.positioning, 2):
            // Pair kerning is pairwise while it moves only the first glyph (value format 2 empty):
            // with a second value HarfBuzz also skips the second glyph as a first one.
            return try reader.u16(offset + 6) == 0 ? GlyphMask() : collectedGlyphs(lookup)
        case (.positioning, 4), (.positioning, 5), (.positioning, 6):
            var marks = try covered(offset + (try reader.u16(offset + 2)))
            guard !marks.isEmpty else { return GlyphMask() }
            marks.formUnion(try covered(offset + (try reader.u16(offset + 4))))
            return marks
        default:
            return collectedGlyphs(lookup)
        }
    }

    /// Ligature substitution: a ligature whose first glyph and components are all candidates.
    private mutating func ligatures(_ offset: Int) throws(Malformed) -> GlyphMask {
        guard try reader.u16(offset) == 1 else { throw Malformed() }
        let coverage = offset + (try reader.u16(offset + 2))
        var affected = GlyphMask()
        for (byte, first) in glyphs.pairs where candidates.contains(byte) {
            guard let index = try reader.coverageIndex(coverage, first) else { continue }
            let set = offset + (try reader.u16(offset + 6 + 2 * index))
            for ligature in 0..<(try reader.u16(set)) {
                let entry = set + (try reader.u16(set + 2 + 2 * ligature))
                let count = try reader.u16(entry + 2)
                var components = GlyphMask()
                var all = true
                for component in 0..<max(0, count - 1) {
                    let mask = mask(of: UInt32(try reader.u16(entry + 4 + 2 * component)))
                    if mask.isEmpty { all = false }
                    components.formUnion(mask)
                }
                if all {
                    affected.insert(byte)
                    affected.formUnion(components)
                }
            }
        }
        return affected
    }

    /// Contextual (5/7) and chaining contextual (6/8) rules, formats 1–3: the candidates allowed at
    /// the input positions of every rule all of whose positions candidates can fill.
    private mutating func context(_ offset: Int, chained: Bool) throws(Malformed) -> GlyphMask {
        var affected = GlyphMask()
        func add(context: [GlyphMask], input: [GlyphMask]) {
            guard !context.contains(where: \.isEmpty), !input.contains(where: \.isEmpty) else { return }
            for position in input { affected.formUnion(position) }
        }
        switch try reader.u16(offset) {
        case 1:
            let coverage = offset + (try reader.u16(offset + 2))
            for (byte, first) in glyphs.pairs where candidates.contains(byte) {
                guard let index = try reader.coverageIndex(coverage, first) else { continue }
                let set = try reader.u16(offset + 6 + 2 * index)
                guard set != 0 else { continue }
                var firstMask = GlyphMask()
                firstMask.insert(byte)
                for rule in try rules(offset + set) {
                    let values = try ruleValues(rule, chained: chained)
                    add(
                        context: (values.backtrack + values.lookahead).map { mask(of: $0) },
                        input: [firstMask] + values.input.map { mask(of: $0) })
                }
            }
        case 2:
            let firsts = try covered(offset + (try reader.u16(offset + 2)))
            let inputClasses = try classMasks(offset + (try reader.u16(chained ? offset + 6 : offset + 4)))
            let backtrackClasses = chained ? try classMasks(offset + (try reader.u16(offset + 4))) : [:]
            let lookaheadClasses = chained ? try classMasks(offset + (try reader.u16(offset + 8))) : [:]
            let setsOffset = chained ? offset + 10 : offset + 6
            for setIndex in 0..<(try reader.u16(setsOffset)) {
                let set = try reader.u16(setsOffset + 2 + 2 * setIndex)
                guard set != 0 else { continue }
                let first = firsts.intersection(inputClasses[setIndex] ?? GlyphMask())
                for rule in try rules(offset + set) {
                    let values = try ruleValues(rule, chained: chained)
                    let input = [first] + values.input.map { inputClasses[Int($0)] ?? GlyphMask() }
                    let context =
                        values.backtrack.map { backtrackClasses[Int($0)] ?? GlyphMask() }
                        + values.lookahead.map { lookaheadClasses[Int($0)] ?? GlyphMask() }
                    add(context: context, input: input)
                }
            }
        case 3:
            var cursor = offset + 2
            var context: [GlyphMask] = []
            var input: [GlyphMask] = []
            if chained {
                for list in 0..<3 {
                    let count = try reader.u16(cursor)
                    for index in 0..<count {
                        let mask = try covered(offset + (try reader.u16(cursor + 2 + 2 * index)))
                        if list == 1 { input.append(mask) } else { context.append(mask) }
                    }
                    cursor += 2 + 2 * count
                }
            } else {
                let count = try reader.u16(cursor)
                for index in 0..<count { input.append(try covered(offset + (try reader.u16(cursor + 4 + 2 * index)))) }
            }
            add(context: context, input: input)
        default:
            throw Malformed()
        }
        return affected
    }

    /// The offsets of the rules of the rule set at `offset`.
    private func rules(_ offset: Int) throws(Malformed) -> [Int] {
        var rules: [Int] = []
        for index in 0..<(try reader.u16(offset)) { rules.append(offset + (try reader.u16(offset + 2 + 2 * index))) }
        return rules
    }

    /// A format 1 or 2 rule's values (glyphs or classes): backtrack, input after the first, lookahead.
    private func ruleValues(_ rule: Int, chained: Bool) throws(Malformed)
        -> (backtrack: [UInt32], input: [UInt32], lookahead: [UInt32])
    {
        var cursor = rule
        func values(_ count: Int) throws(Malformed) -> [UInt32] {
            var values: [UInt32] = []
            for index in 0..<count { values.append(UInt32(try reader.u16(cursor + 2 * index))) }
            cursor += 2 * count
            return values
        }
        var backtrack: [UInt32] = []
        var lookahead: [UInt32] = []
        if chained {
            let count = try reader.u16(cursor)
            cursor += 2
            backtrack = try values(count)
        }
        let inputCount = try reader.u16(cursor)
        cursor += chained ? 2 : 4  // input count (then, unchained, the lookup-record count)
        let input = try values(max(0, inputCount - 1))
        if chained {
            let count = try reader.u16(cursor)
            cursor += 2
            lookahead = try values(count)
        }
        return (backtrack, input, lookahead)
    }

    /// Reverse chaining single substitution: its coverage, when its context can be filled.
    private mutating func reverseChain(_ offset: Int) throws(Malformed) -> GlyphMask {
        let input = try covered(offset + (try reader.u16(offset + 2)))
        var cursor = offset + 4
        for _ in 0..<2 {
            let count = try reader.u16(cursor)
            for index in 0..<count where try covered(offset + (try reader.u16(cursor + 2 + 2 * index))).isEmpty {
                return GlyphMask()
            }
            cursor += 2 + 2 * count
        }
        return input
    }
}

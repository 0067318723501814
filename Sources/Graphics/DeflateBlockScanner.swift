/// Finds where the last block of a raw DEFLATE stream starts and where the stream ends, to the bit.
///
/// libdeflate compresses whole buffers only and always marks its last block final; to join
/// independently compressed pieces into one stream, the final flag is cleared and the piece is
/// closed with an empty stored block (what zlib's sync flush writes). Block boundaries are not
/// recorded anywhere in DEFLATE, so this walks every symbol (no output is produced).
///
/// It is on the encoder's hot path (a sixth of a whole-table render before it was rewritten),
/// so it reads bits from a 64-bit buffer refilled a word at a time, and decodes with lookup
/// tables whose entries already include the extra bits to skip: a literal, or a length and its
/// distance, costs one or two table reads. Codes longer than a table's index take a slow path.
struct DeflateBlockScanner {
    struct Tail: Equatable {
        /// The bit position (LSB first) of the final block's BFINAL bit.
        var finalHeaderBit: Int
        /// The bit position just after the final block's end-of-block code.
        var endBit: Int
    }

    enum Failure: Error {
        case truncated
        case invalid(String)
    }

    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> Tail {
        let tables = ScanTables()
        var bits = BitStream(bytes)
        while true {
            let header = bits.position
            bits.refill()
            let final = bits.take(1)
            let type = bits.take(2)
            switch type {
            case 0:
                bits.alignToByte()
                bits.refill()
                let length = bits.take(16)
                let complement = bits.take(16)
                guard length ^ 0xFFFF == complement else { throw .invalid("stored block length") }
                try bits.skipBytes(Int(length))
            case 1:
                try walk(&bits, literals: Self.fixed.literals, distances: Self.fixed.distances)
            case 2:
                try tables.readDynamic(&bits)
                try walk(&bits, literals: tables.literals, distances: tables.distances)
            default:
                throw .invalid("block type 3")
            }
            guard bits.position <= bytes.count * 8 else { throw .truncated }
            if final == 1 { return Tail(finalHeaderBit: header, endBit: bits.position) }
        }
    }

    /// Walks one block's symbols up to and including its end-of-block code.
    private static func walk(_ bits: inout BitStream, literals: DecodeTable, distances: DecodeTable) throws(Failure) {
        while true {
            bits.refill()
            guard !bits.exhausted else { throw .truncated }
            // At least 56 bits are buffered: a literal/length code and its extra bits (15 + 5)
            // and a distance code and its extra bits (15 + 13) fit, so one refill serves both.
            var entry = literals.entries[Int(bits.buffer & literals.mask)]
            if entry & DecodeTable.slow != 0 { entry = try literals.slowEntry(bits.buffer) }
            bits.drop(Int(entry & 31))
            if entry & DecodeTable.kindMask == DecodeTable.literal {
                // Most symbols are literals: a second one (at most 15 bits) is still buffered.
                entry = literals.entries[Int(bits.buffer & literals.mask)]
                if entry & DecodeTable.slow != 0 { entry = try literals.slowEntry(bits.buffer) }
                bits.drop(Int(entry & 31))
                if entry & DecodeTable.kindMask == DecodeTable.literal { continue }
                // A length's code and extra bits, then a distance's, need a full buffer.
                if entry & DecodeTable.kindMask == DecodeTable.length { bits.refill() }
            }
            if entry & DecodeTable.kindMask == DecodeTable.end { return }
            var distance = distances.entries[Int(bits.buffer & distances.mask)]
            if distance & DecodeTable.slow != 0 { distance = try distances.slowEntry(bits.buffer) }
            bits.drop(Int(distance & 31))
        }
    }

    /// The tables of the fixed Huffman codes (block type 1), built once.
    private static let fixed: (literals: DecodeTable, distances: DecodeTable) = {
        let literals = DecodeTable(bits: DecodeTable.literalBits, alphabet: .literals)
        let distances = DecodeTable(bits: DecodeTable.distanceBits, alphabet: .distances)
        // Force-unwrapped only over constant, valid code lengths.
        try! literals.build(
            [UInt8](repeating: 8, count: 144) + [UInt8](repeating: 9, count: 112) + [UInt8](repeating: 7, count: 24)
                + [UInt8](repeating: 8, count: 8))
        try! distances.build([UInt8](repeating: 5, count: 32))
        return (literals, distances)
    }()
}

/// Bits LSB first from a byte buffer, through a 64-bit buffer refilled a word at a time. Bytes
/// past the end read as zeros; consuming them marks the stream `exhausted`, which ends the walk.
private struct BitStream {
    private let base: UnsafePointer<UInt8>
    private let count: Int
    /// The next byte to load.
    private var next = 0
    /// Buffered bits, the next one in bit 0.
    private(set) var buffer: UInt64 = 0
    private var available = 0
    /// Whether bits past the end were consumed (seen at the refill after): the stream is truncated.
    private(set) var exhausted = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
        count = bytes.count
    }

    /// The bit position of the next bit to read.
    var position: Int { next * 8 - available }

    /// Makes at least 56 bits available.
    @inline(__always)
    mutating func refill() {
        guard available < 56 else { return }
        if next + 8 <= count {
            let word = UnsafeRawPointer(base + next).loadUnaligned(as: UInt64.self).littleEndian
            buffer |= word << UInt64(available)
            let added = (63 - available) >> 3
            next += added
            available += added << 3
        } else {
            if position > count * 8 { exhausted = true }
            while available <= 56 {
                let byte: UInt64 = next < count ? UInt64(base[next]) : 0
                buffer |= byte << UInt64(available)
                next += 1
                available += 8
            }
        }
    }

    /// Drops `count` buffered bits (at most the available ones).
    @inline(__always)
    mutating func drop(_ count: Int) {
        buffer >>= UInt64(count)
        available -= count
    }

    /// Reads `count` (≤ 32) buffered bits.
    @inline(__always)
    mutating func take(_ count: Int) -> UInt32 {
        let value = UInt32(truncatingIfNeeded: buffer & ((1 << UInt64(count)) - 1))
        drop(count)
        return value
    }

    mutating func alignToByte() { drop(available & 7) }

    /// Skips `length` bytes after a byte-aligned position (a stored block's contents).
    mutating func skipBytes(_ length: Int) throws(DeflateBlockScanner.Failure) {
        let target = position / 8 + length
        guard target <= count else { throw .truncated }
        next = target
        buffer = 0
        available = 0
    }
}

/// A canonical Huffman code as a lookup table over the next `bits` stream bits. Each entry is
/// the number of bits to drop (code length plus the symbol's extra bits) in bits 0–4 and the
/// symbol's kind in bits 5–6; codes longer than `bits` are marked slow and decoded bit by bit.
/// Reused from block to block (rebuilt in place); immutable once built for the fixed codes.
private final class DecodeTable: @unchecked Sendable {
    static let literalBits = 11
    static let distanceBits = 10
    static let literal: UInt32 = 0 << 5
    static let length: UInt32 = 1 << 5
    static let end: UInt32 = 2 << 5
    static let kindMask: UInt32 = 3 << 5
    static let slow: UInt32 = 1 << 7

    enum Alphabet { case literals, distances, codeLengths }

    let entries: UnsafeMutablePointer<UInt32>
    let mask: UInt64
    private let size: Int
    private let alphabet: Alphabet
    /// Codes per length and symbols in canonical order, for the slow path.
    private var counts = [Int](repeating: 0, count: 16)
    private var symbols = [Int](repeating: 0, count: 320)

    init(bits: Int, alphabet: Alphabet) {
        size = 1 << bits
        mask = UInt64(size - 1)
        self.alphabet = alphabet
        entries = .allocate(capacity: size)
        entries.initialize(repeating: Self.slow, count: size)
    }

    deinit { entries.deallocate() }

    private static let lengthExtraBits: [UInt32] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceExtraBits: [UInt32] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    /// The entry of `symbol` with a code of `length` bits; slow (and so an error) for symbols
    /// a valid stream never uses.
    private func entry(symbol: Int, length: Int) -> UInt32 {
        switch alphabet {
        case .codeLengths:
            return UInt32(length) | UInt32(symbol) << 8
        case .distances:
            guard symbol < 30 else { return Self.slow }
            return UInt32(length) + Self.distanceExtraBits[symbol]
        case .literals:
            if symbol < 256 { return UInt32(length) | Self.literal }
            if symbol == 256 { return UInt32(length) | Self.end }
            guard symbol < 286 else { return Self.slow }
            return (UInt32(length) + Self.lengthExtraBits[symbol - 257]) | Self.length
        }
    }

    /// Rebuilds the table for the code lengths `lengths` (one per symbol, 0: unused).
    func build(_ lengths: UnsafeBufferPointer<UInt8>) throws(DeflateBlockScanner.Failure) {
        for index in 0..<16 { counts[index] = 0 }
        for length in lengths where length > 0 { counts[Int(length)] += 1 }
        var offsets = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &offsets) { raw in
            let offsets = raw.bindMemory(to: Int.self)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            for (symbol, length) in lengths.enumerated() where length > 0 {
                symbols[offsets[Int(length)]] = symbol
                offsets[Int(length)] += 1
            }
        }
        let bits = size.trailingZeroBitCount
        // A complete code fills every entry (libdeflate writes complete codes): short codes their
        // slots, long codes the slot of their first `bits` bits (marked slow below); only an
        // incomplete code leaves entries that must say "no code here".
        var space = 0
        for length in 1...15 { space += counts[length] << (15 - length) }
        if space != 1 << 15 { entries.update(repeating: Self.slow, count: size) }
        var code = 0
        var index = 0
        for length in 1...15 {
            for _ in 0..<counts[length] {
                guard code < (1 << length) else { throw .invalid("oversubscribed Huffman code") }
                // The stream holds codes most significant bit first: the slot is the code reversed.
                let prefix = length <= bits ? length : bits
                var reversed = 0
                var rest = code >> (length - prefix)
                for _ in 0..<prefix {
                    reversed = reversed << 1 | rest & 1
                    rest >>= 1
                }
                if length <= bits {
                    let value = entry(symbol: symbols[index], length: length)
                    var slot = reversed
                    while slot < size {
                        entries[slot] = value
                        slot += 1 << length
                    }
                } else {
                    entries[reversed] = Self.slow
                }
                code += 1
                index += 1
            }
            code <<= 1
        }
    }

    func build(_ lengths: [UInt8]) throws(DeflateBlockScanner.Failure) {
        try lengths.withUnsafeBufferPointer { buffer throws(DeflateBlockScanner.Failure) in try build(buffer) }
    }

    /// The entry of a code longer than the table covers (or of no code: an error), from the
    /// buffered stream bits.
    func slowEntry(_ bits: UInt64) throws(DeflateBlockScanner.Failure) -> UInt32 {
        var code = 0
        var first = 0
        var index = 0
        for length in 1...15 {
            code |= Int((bits >> UInt64(length - 1)) & 1)
            let count = counts[length]
            if code - first < count {
                let value = entry(symbol: symbols[index + code - first], length: length)
                guard value & Self.slow == 0 else { throw .invalid("a symbol DEFLATE does not use") }
                return value
            }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw .invalid("no such Huffman code")
    }
}

/// The tables of one scan, rebuilt for every dynamic block.
private final class ScanTables {
    let literals = DecodeTable(bits: DecodeTable.literalBits, alphabet: .literals)
    let distances = DecodeTable(bits: DecodeTable.distanceBits, alphabet: .distances)
    private let codeLengths = DecodeTable(bits: 7, alphabet: .codeLengths)
    private var lengths = [UInt8](repeating: 0, count: 320)

    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Reads a dynamic block's header and rebuilds the literal/length and distance tables.
    func readDynamic(_ bits: inout BitStream) throws(DeflateBlockScanner.Failure) {
        bits.refill()
        let literalCount = Int(bits.take(5)) + 257
        let distanceCount = Int(bits.take(5)) + 1
        let codeLengthCount = Int(bits.take(4)) + 4
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<codeLengthCount {
            bits.refill()
            codeLengthLengths[Self.codeLengthOrder[index]] = UInt8(bits.take(3))
        }
        try codeLengths.build(codeLengthLengths)
        let total = literalCount + distanceCount
        var filled = 0
        while filled < total {
            bits.refill()
            var entry = codeLengths.entries[Int(bits.buffer & codeLengths.mask)]
            if entry & DecodeTable.slow != 0 { entry = try codeLengths.slowEntry(bits.buffer) }
            bits.drop(Int(entry & 31))
            let symbol = Int(entry >> 8)
            var repeated: UInt8 = 0
            var times = 1
            switch symbol {
            case 0...15: repeated = UInt8(symbol)
            case 16:
                guard filled > 0 else { throw .invalid("repeat with no previous length") }
                repeated = lengths[filled - 1]
                times = 3 + Int(bits.take(2))
            case 17: times = 3 + Int(bits.take(3))
            default: times = 11 + Int(bits.take(7))
            }
            guard filled + times <= total else { throw .invalid("code lengths overflow") }
            for index in filled..<filled + times { lengths[index] = repeated }
            filled += times
            guard !bits.exhausted else { throw .truncated }
        }
        try lengths.withUnsafeBufferPointer { all throws(DeflateBlockScanner.Failure) in
            try literals.build(UnsafeBufferPointer(rebasing: all[0..<literalCount]))
            try distances.build(UnsafeBufferPointer(rebasing: all[literalCount..<total]))
        }
    }
}

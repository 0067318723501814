/// Finds where the last block of a raw DEFLATE stream starts and where the stream ends, to the bit.
///
/// libdeflate compresses whole buffers only and always marks its last block final; to join
/// independently compressed pieces into one stream, the final flag is cleared and the piece is
/// closed with an empty stored block (what zlib's sync flush writes). Block boundaries are not
/// recorded anywhere in DEFLATE, so this walks every symbol (no output is produced).
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

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> Tail {
        var scanner = DeflateBlockScanner(bytes)
        return try scanner.run()
    }

    private mutating func run() throws(Failure) -> Tail {
        while true {
            let header = position
            let final = try read(1)
            let type = try read(2)
            switch type {
            case 0:
                position = (position + 7) & ~7
                let length = try read(16)
                let complement = try read(16)
                guard length ^ 0xFFFF == complement else { throw .invalid("stored block length") }
                position += Int(length) * 8
                guard position <= bytes.count * 8 else { throw .truncated }
            case 1:
                try walkSymbols(literals: Self.fixedLiterals, distances: Self.fixedDistances)
            case 2:
                let (literals, distances) = try readDynamicTables()
                try walkSymbols(literals: literals, distances: distances)
            default:
                throw .invalid("block type 3")
            }
            if final == 1 { return Tail(finalHeaderBit: header, endBit: position) }
        }
    }

    /// Up to 32 bits at the current position, zero past the end (checked by `consume`).
    @inline(__always)
    private func peek() -> UInt32 {
        let byte = position >> 3
        var value: UInt64 = 0
        if byte + 8 <= bytes.count {
            value = UnsafeRawPointer(bytes.baseAddress! + byte).loadUnaligned(as: UInt64.self).littleEndian
        } else {
            var shift: UInt64 = 0
            var index = byte
            while index < bytes.count {
                value |= UInt64(bytes[index]) << shift
                shift += 8
                index += 1
            }
        }
        return UInt32(truncatingIfNeeded: value >> UInt64(position & 7))
    }

    @inline(__always)
    private mutating func consume(_ count: Int) throws(Failure) {
        position += count
        guard position <= bytes.count * 8 else { throw .truncated }
    }

    private mutating func read(_ count: Int) throws(Failure) -> UInt32 {
        let value = peek() & ((1 << UInt32(count)) - 1)
        try consume(count)
        return value
    }

    @inline(__always)
    private mutating func decode(_ table: HuffmanTable) throws(Failure) -> Int {
        let bits = peek()
        let entry = table.entries[Int(bits & table.mask)]
        if entry != 0 {
            try consume(Int(entry & 15))
            return Int(entry >> 4)
        }
        guard let (symbol, length) = table.slowDecode(bits) else { throw .invalid("no such Huffman code") }
        try consume(length)
        return symbol
    }

    private mutating func walkSymbols(literals: HuffmanTable, distances: HuffmanTable) throws(Failure) {
        while true {
            let symbol = try decode(literals)
            if symbol < 256 { continue }
            if symbol == 256 { return }
            let index = symbol - 257
            guard index < 29 else { throw .invalid("length symbol \(symbol)") }
            try consume(Self.lengthExtraBits[index])
            let distance = try decode(distances)
            guard distance < 30 else { throw .invalid("distance symbol \(distance)") }
            try consume(Self.distanceExtraBits[distance])
        }
    }

    private mutating func readDynamicTables() throws(Failure) -> (HuffmanTable, HuffmanTable) {
        let literalCount = Int(try read(5)) + 257
        let distanceCount = Int(try read(5)) + 1
        let codeLengthCount = Int(try read(4)) + 4
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<codeLengthCount {
            codeLengthLengths[Self.codeLengthOrder[index]] = UInt8(try read(3))
        }
        let codeLengths = try HuffmanTable(lengths: codeLengthLengths)
        var lengths: [UInt8] = []
        lengths.reserveCapacity(literalCount + distanceCount)
        while lengths.count < literalCount + distanceCount {
            let symbol = try decode(codeLengths)
            switch symbol {
            case 0...15: lengths.append(UInt8(symbol))
            case 16:
                guard let previous = lengths.last else { throw .invalid("repeat with no previous length") }
                lengths += repeatElement(previous, count: 3 + Int(try read(2)))
            case 17: lengths += repeatElement(0, count: 3 + Int(try read(3)))
            default: lengths += repeatElement(0, count: 11 + Int(try read(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw .invalid("code lengths overflow") }
        return (
            try HuffmanTable(lengths: Array(lengths[..<literalCount])),
            try HuffmanTable(lengths: Array(lengths[literalCount...]))
        )
    }

    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    private static let lengthExtraBits = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceExtraBits = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    // Force-unwrapped only over constant, valid code lengths.
    private static let fixedLiterals = try! HuffmanTable(
        lengths: [UInt8](repeating: 8, count: 144) + [UInt8](repeating: 9, count: 112) + [UInt8](repeating: 7, count: 24)
            + [UInt8](repeating: 8, count: 8))
    private static let fixedDistances = try! HuffmanTable(lengths: [UInt8](repeating: 5, count: 32))
}

/// A canonical Huffman code: a direct lookup table over the next `primaryBits` stream bits for
/// short codes, and a bit-by-bit canonical walk (as zlib's puff does) for the rare longer ones.
///
/// Each table entry is `symbol << 4 | length`, 0 when the code is longer than `primaryBits`.
/// A small table is cheap to build: libdeflate starts a new block every few kilobytes.
/// Immutable after `init`, so tables may be shared between threads (the fixed-code tables are).
final class HuffmanTable: @unchecked Sendable {
    static let primaryBits = 10

    /// Owned; `mask + 1` entries. A pointer, not an array: the walk reads it once per symbol.
    let entries: UnsafeMutablePointer<UInt32>
    let mask: UInt32
    /// Codes per length, and symbols in canonical order, for the slow path.
    let counts: [Int]
    let symbols: [Int]

    init(lengths: [UInt8]) throws(DeflateBlockScanner.Failure) {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { counts[Int(length)] += 1 }
        var offsets = [Int](repeating: 0, count: 16)
        for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
        var symbols = [Int](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            symbols[offsets[Int(length)]] = symbol
            offsets[Int(length)] += 1
        }
        let maxLength = Int(lengths.max() ?? 0)
        let bits = min(Self.primaryBits, max(1, maxLength))
        let size = 1 << bits
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: size)
        table.initialize(repeating: 0, count: size)
        var code = 0
        var index = 0
        for length in 1...15 {
            for _ in 0..<counts[length] {
                guard code < (1 << length) else {
                    table.deallocate()
                    throw .invalid("oversubscribed Huffman code")
                }
                if length <= bits {
                    var reversed = 0
                    for bit in 0..<length where code & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
                    let entry = UInt32(symbols[index] << 4 | length)
                    var slot = reversed
                    while slot < size {
                        table[slot] = entry
                        slot += 1 << length
                    }
                }
                code += 1
                index += 1
            }
            code <<= 1
        }
        entries = table
        mask = UInt32(size - 1)
        self.counts = counts
        self.symbols = symbols
    }

    deinit { entries.deallocate() }

    /// The symbol and code length of a code longer than the table covers, from the next stream
    /// bits (LSB first); nil when the bits are no code.
    func slowDecode(_ bits: UInt32) -> (symbol: Int, length: Int)? {
        var code = 0
        var first = 0
        var index = 0
        for length in 1...15 {
            code |= Int((bits >> UInt32(length - 1)) & 1)
            let count = counts[length]
            if code - first < count { return (symbols[index + code - first], length) }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        return nil
    }
}

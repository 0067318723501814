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
        let entry = table.entries[Int(peek() & table.mask)]
        guard entry != 0 else { throw .invalid("no such Huffman code") }
        try consume(Int(entry & 15))
        return Int(entry >> 4)
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

/// A canonical Huffman code as a direct lookup table over the next `maxLength` stream bits.
///
/// Each entry is `symbol << 4 | length`, 0 for bit patterns that are no code.
struct HuffmanTable {
    let entries: [UInt32]
    let mask: UInt32

    init(lengths: [UInt8]) throws(DeflateBlockScanner.Failure) {
        let maxLength = Int(lengths.max() ?? 0)
        guard maxLength > 0 else {
            // A block may have no distance codes at all; any lookup then fails.
            entries = [0]
            mask = 0
            return
        }
        var countPerLength = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { countPerLength[Int(length)] += 1 }
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1...15 {
            nextCode[length] = code
            code = (code + countPerLength[length]) << 1
        }
        var table = [UInt32](repeating: 0, count: 1 << maxLength)
        for (symbol, lengthByte) in lengths.enumerated() where lengthByte > 0 {
            let length = Int(lengthByte)
            let value = nextCode[length]
            nextCode[length] += 1
            guard value < (1 << length) else { throw .invalid("oversubscribed Huffman code") }
            var reversed = 0
            for bit in 0..<length where value & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
            let entry = UInt32(symbol << 4 | length)
            var index = reversed
            while index < table.count {
                table[index] = entry
                index += 1 << length
            }
        }
        entries = table
        mask = UInt32(table.count - 1)
    }
}

/// A DEFLATE block for rows equal to the row above, written without a compressor: each such
/// row is filtered with PNG's Up filter, which makes it a 2 followed by zeros, and coded as two
/// literals and a run of zeros copied from one byte back.
///
/// Rows equal to the row above are common in tables (margins, line gaps, blank cells); letting
/// libdeflate rediscover them costs it as much as any other bytes, and this is smaller (about
/// 4 bytes a row). The block uses a tiny dynamic Huffman code, is never final, and ends on a
/// byte boundary with an empty stored block, so it joins like any other piece.
enum RowRepeatBlock {
    /// The scanline of a repeated row: filter type Up, then zeros.
    static let filterUp: UInt8 = 2

    /// Appends the block producing `count` scanlines of `[2, 0, 0, …]`, each `rowLength` bytes.
    /// `rowLength` MUST be at least 5.
    static func append(rows count: Int, rowLength: Int, to piece: inout [UInt8]) {
        // One row: literal 2, literal 0, then rowLength - 2 zeros as matches at distance 1
        // (at least 3 of them: no literal is left over).
        let lengths = DeflateTables.copies(of: rowLength - 2).lengths
        let lengthSymbols = lengths.map(lengthSymbol)
        // The most frequent symbols first: they get the shorter codes.
        var used: [Int] = []
        for symbol in lengthSymbols + [0, Int(filterUp), 256] where !used.contains(symbol) { used.append(symbol) }
        var literalLengths = [Int](repeating: 0, count: 286)
        for (symbol, length) in zip(used, completeCodeLengths(count: used.count)) { literalLengths[symbol] = length }
        let literalCodes = canonicalCodes(literalLengths)
        let distanceLengths = [1]  // one code: distance 1

        var writer = BitWriter()
        writer.write(0, bits: 1)  // not final
        writer.write(2, bits: 2)  // dynamic Huffman codes
        writer.write(UInt32(286 - 257), bits: 5)
        writer.write(UInt32(distanceLengths.count - 1), bits: 5)
        writer.write(UInt32(18 - 4), bits: 4)
        // Code-length code: 0 and 18 get 2 bits; 1, 2, 3 and 17 get 3 bits (complete).
        let codeLengthLengths: [Int: Int] = [0: 2, 18: 2, 1: 3, 2: 3, 3: 3, 17: 3]
        for symbol in [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1] {
            writer.write(UInt32(codeLengthLengths[symbol] ?? 0), bits: 3)
        }
        var codeLengthCodeLengths = [Int](repeating: 0, count: 19)
        for (symbol, length) in codeLengthLengths { codeLengthCodeLengths[symbol] = length }
        let codeLengthCodes = canonicalCodes(codeLengthCodeLengths)
        // The code lengths, with runs of zeros as symbols 17 and 18.
        let all = literalLengths + distanceLengths
        var index = 0
        while index < all.count {
            if all[index] != 0 {
                writer.writeCode(codeLengthCodes[all[index]], length: codeLengthCodeLengths[all[index]])
                index += 1
                continue
            }
            var run = 0
            while index + run < all.count && all[index + run] == 0 && run < 138 { run += 1 }
            if run >= 11 {
                writer.writeCode(codeLengthCodes[18], length: codeLengthCodeLengths[18])
                writer.write(UInt32(run - 11), bits: 7)
            } else if run >= 3 {
                writer.writeCode(codeLengthCodes[17], length: codeLengthCodeLengths[17])
                writer.write(UInt32(run - 3), bits: 3)
            } else {
                run = 1
                writer.writeCode(codeLengthCodes[0], length: codeLengthCodeLengths[0])
            }
            index += run
        }
        for _ in 0..<count {
            writer.writeCode(literalCodes[Int(filterUp)], length: literalLengths[Int(filterUp)])
            writer.writeCode(literalCodes[0], length: literalLengths[0])
            for (length, symbol) in zip(lengths, lengthSymbols) {
                writer.writeCode(literalCodes[symbol], length: literalLengths[symbol])
                let (base, extra) = lengthBase(symbol)
                writer.write(UInt32(length - base), bits: extra)
                writer.writeCode(0, length: 1)  // distance 1, no extra bits
            }
        }
        writer.writeCode(literalCodes[256], length: literalLengths[256])
        // Empty stored block: 3 zero header bits, pad to a byte, LEN 0, NLEN 0xFFFF.
        writer.write(0, bits: 3)
        writer.flushToByte()
        piece.append(contentsOf: writer.bytes)
        piece.append(contentsOf: [0x00, 0x00, 0xFF, 0xFF])
    }

    /// Lengths of a complete prefix code over `count` (2 … 8) symbols, shortest first.
    static func completeCodeLengths(count: Int) -> [Int] {
        var bits = 1
        while 1 << bits < count { bits += 1 }
        let short = (1 << bits) - count
        return (0..<count).map { $0 < short ? bits - 1 : bits }
    }

    static func lengthSymbol(_ length: Int) -> Int { 257 + Int(DeflateTables.lengthSlot[length - 3]) }

    static func lengthBase(_ symbol: Int) -> (base: Int, extra: Int) {
        (Int(DeflateTables.lengthBase[symbol - 257]), Int(DeflateTables.lengthExtra[symbol - 257]))
    }

    /// Canonical Huffman codes (MSB-first values) for code lengths.
    static func canonicalCodes(_ lengths: [Int]) -> [UInt32] {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { counts[length] += 1 }
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1..<16 {
            code = (code + counts[length - 1]) << 1
            next[length] = code
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            defer { next[length] += 1 }
            return UInt32(next[length])
        }
    }
}

/// Writes bits LSB first, as DEFLATE packs them.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    mutating func write(_ value: UInt32, bits: Int) {
        guard bits > 0 else { return }
        buffer |= UInt64(value & UInt32((1 << UInt64(bits)) - 1)) << UInt64(count)
        count += bits
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    /// A Huffman code, whose bits DEFLATE sends most significant first.
    mutating func writeCode(_ code: UInt32, length: Int) {
        var reversed: UInt32 = 0
        for bit in 0..<length where code & (1 << UInt32(bit)) != 0 { reversed |= 1 << UInt32(length - 1 - bit) }
        write(reversed, bits: length)
    }

    mutating func flushToByte() {
        if count > 0 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer = 0
            count = 0
        }
    }
}

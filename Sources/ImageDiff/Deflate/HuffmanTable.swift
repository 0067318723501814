/// A canonical Huffman code prepared for decoding.
///
/// Codes of up to `fastBits` bits decode with one table lookup; longer codes
/// fall back to a bit-at-a-time canonical walk. The two-speed design keeps
/// table construction cheap (512 entries) even for a stream crafted to hold
/// thousands of tiny dynamic blocks.
struct HuffmanTable: Sendable {
    static let fastBits = 9

    /// Number of codes of each length 0…15.
    private var counts = [Int](repeating: 0, count: 16)
    /// Symbols ordered by code (length first, then symbol value).
    private var symbols: [Int]
    /// `symbol << 4 | length` indexed by the next `fastBits` stream bits; 0 = no short code.
    private var fast = [UInt16](repeating: 0, count: 1 << 9)

    /// Builds the code for per-symbol lengths (0 = unused), or `nil` if the
    /// lengths are over-subscribed. Incomplete codes are accepted; a stream that
    /// uses a missing code fails while decoding.
    init?(lengths: [UInt8]) {
        for length in lengths { counts[Int(length)] += 1 }
        counts[0] = 0
        var left = 1
        for length in 1..<16 {
            left = left * 2 - counts[length]
            if left < 0 { return nil }
        }
        var offsets = [Int](repeating: 0, count: 16)
        for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
        symbols = [Int](repeating: 0, count: lengths.count)
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1..<16 {
            code = (code + counts[length - 1]) << 1
            nextCode[length] = code
        }
        for (symbol, length) in lengths.enumerated() where length != 0 {
            let length = Int(length)
            symbols[offsets[length]] = symbol
            offsets[length] += 1
            let code = nextCode[length]
            nextCode[length] += 1
            guard length <= Self.fastBits else { continue }
            // The stream stores codes most significant bit first; the table is
            // indexed by stream bits, so the code is reversed.
            var reversed = 0
            for bit in 0..<length where code & (1 << (length - 1 - bit)) != 0 { reversed |= 1 << bit }
            let entry = UInt16(symbol << 4 | length)
            for high in stride(from: reversed, to: 1 << Self.fastBits, by: 1 << length) {
                fast[high] = entry
            }
        }
    }

    /// Reads one symbol from `reader`.
    @inline(__always)
    func decode(_ reader: inout BitReader) throws(PNGError) -> Int {
        if reader.bitCount < Self.fastBits { reader.refill() }
        let entry = Int(fast[Int(reader.buffer & 0x1FF)])
        let length = entry & 0xF
        if entry != 0 && length <= reader.bitCount {
            reader.consume(length)
            return entry >> 4
        }
        return try decodeSlowly(&reader)
    }

    /// Canonical decoding one bit at a time, for codes longer than `fastBits`.
    private func decodeSlowly(_ reader: inout BitReader) throws(PNGError) -> Int {
        var code = 0
        var first = 0
        var index = 0
        for length in 1..<16 {
            code |= try reader.read(1)
            let count = counts[length]
            if code - first < count { return symbols[index + code - first] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw PNGError.malformed("the compressed image data uses an undefined Huffman code")
    }
}

/// Writes a deflate bit stream, least significant bit first.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var bitCount = 0

    /// Appends the low `count` (0…32) bits of `value`.
    @inline(__always)
    mutating func write(_ value: Int, _ count: Int) {
        let mask: UInt64 = (1 << UInt64(count)) - 1
        buffer |= (UInt64(truncatingIfNeeded: value) & mask) << UInt64(bitCount)
        bitCount += count
        while bitCount >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            bitCount -= 8
        }
    }

    /// Pads with zero bits to the next byte boundary.
    mutating func alignToByte() {
        if bitCount > 0 { write(0, 8 - bitCount) }
    }

    /// Appends whole bytes; the stream MUST be byte-aligned.
    mutating func append(contentsOf newBytes: [UInt8]) {
        bytes.append(contentsOf: newBytes)
    }
}

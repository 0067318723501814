/// Reads a deflate bit stream (least significant bit first) from a byte array.
///
/// Up to 64 bits are buffered so that most reads touch no array at all; every
/// array access is bounds-checked against `bytes.count`, so a short stream is
/// an error and never an out-of-bounds read.
struct BitReader {
    private let bytes: [UInt8]
    private var position: Int
    private(set) var buffer: UInt64 = 0
    private(set) var bitCount = 0

    init(_ bytes: [UInt8], startingAt position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    static let endOfStream = PNGError.malformed("the compressed image data ends early")

    /// Tops the buffer up to at least 57 bits, or to whatever input is left.
    @inline(__always)
    mutating func refill() {
        while bitCount <= 56 && position < bytes.count {
            buffer |= UInt64(bytes[position]) << UInt64(bitCount)
            position += 1
            bitCount += 8
        }
    }

    /// Consumes `count` (0…32) bits and returns them as an integer.
    @inline(__always)
    mutating func read(_ count: Int) throws(PNGError) -> Int {
        if bitCount < count {
            refill()
            if bitCount < count { throw Self.endOfStream }
        }
        let value = Int(buffer & ((1 << UInt64(count)) - 1))
        consume(count)
        return value
    }

    /// Drops `count` bits that the caller has already inspected in `buffer`.
    @inline(__always)
    mutating func consume(_ count: Int) {
        buffer >>= UInt64(count)
        bitCount -= count
    }

    /// Skips to the next byte boundary, as stored blocks and the zlib trailer require.
    mutating func alignToByte() {
        consume(bitCount % 8)
    }
}

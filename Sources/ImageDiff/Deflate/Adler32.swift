/// Adler-32, the checksum that ends every zlib stream.
enum Adler32 {
    /// The checksum of `bytes[range]`.
    static func checksum(_ bytes: [UInt8], _ range: Range<Int>? = nil) -> UInt32 {
        let range = range ?? 0..<bytes.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        var i = range.lowerBound
        while i < range.upperBound {
            // 5552 is the longest run for which `b` cannot overflow 32 bits before
            // the modulo, which is what lets the inner loop skip it.
            let end = min(i + 5552, range.upperBound)
            while i < end {
                a &+= UInt32(bytes[i])
                b &+= a
                i += 1
            }
            a %= 65521
            b %= 65521
        }
        return b << 16 | a
    }
}

/// The constant tables of RFC 1951, shared by the inflater and the deflater.
enum DeflateTables {
    /// Base match length for length codes 257…285.
    static let lengthBase: [Int] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
        35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    /// Extra bits for length codes 257…285.
    static let lengthExtra: [Int] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
        3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    /// Base distance for distance codes 0…29.
    static let distanceBase: [Int] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
        257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
    ]
    /// Extra bits for distance codes 0…29.
    static let distanceExtra: [Int] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
        7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    /// Order in which code-length code lengths are stored in a dynamic block header.
    static let codeLengthOrder: [Int] = [
        16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
    ]

    /// Code lengths of the fixed literal/length code (RFC 1951 §3.2.6).
    static let fixedLiteralLengths: [UInt8] =
        [UInt8](repeating: 8, count: 144) + [UInt8](repeating: 9, count: 112)
        + [UInt8](repeating: 7, count: 24) + [UInt8](repeating: 8, count: 8)
    /// Code lengths of the fixed distance code.
    static let fixedDistanceLengths = [UInt8](repeating: 5, count: 30)

    /// Length code index (0…28) for each match length 0…258; entries below 3 are unused.
    static let lengthCodeForLength: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 259)
        for code in 0..<29 {
            let upper = code == 28 ? 258 : lengthBase[code] + (1 << lengthExtra[code]) - 1
            for length in lengthBase[code]...min(upper, 258) { table[length] = UInt8(code) }
        }
        table[258] = 28  // 258 has its own code; 227 + 31 would otherwise claim it.
        return table
    }()

    /// Distance code (0…29) for each distance 0…32768; entry 0 is unused.
    static let distanceCodeForDistance: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 32769)
        for code in 0..<30 {
            let upper = distanceBase[code] + (1 << distanceExtra[code]) - 1
            for distance in distanceBase[code]...min(upper, 32768) { table[distance] = UInt8(code) }
        }
        return table
    }()
}

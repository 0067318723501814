@testable import ImageDiff

/// Assembles PNG files chunk by chunk, so tests can state exactly which rule
/// a file breaks. Compression uses the module's own deflater, whose output is
/// checked separately against the inflater and against Python's zlib files.
enum PNGBuilder {
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var bytes = bigEndian(UInt32(data.count)) + Array(type.utf8) + data
        bytes += bigEndian(CRC32.checksum(bytes, 4..<bytes.count))
        return bytes
    }

    static func ihdr(
        width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8 = 6,
        interlace: UInt8 = 0
    ) -> [UInt8] {
        chunk("IHDR", bigEndian(width) + bigEndian(height) + [bitDepth, colorType, 0, 0, interlace])
    }

    /// A complete file whose single IDAT holds `scanlines` (filter bytes included).
    static func png(
        width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8 = 6,
        scanlines: [UInt8], extraChunks: [UInt8] = []
    ) -> [UInt8] {
        signature + ihdr(width: width, height: height, bitDepth: bitDepth, colorType: colorType)
            + extraChunks + chunk("IDAT", Deflater.compress(scanlines)) + chunk("IEND", [])
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
}

/// SplitMix64: tiny, seedable, and identical on every platform, so a failing
/// seed printed by a test reproduces anywhere.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

import Testing

@testable import ImageDiff

/// Hostile and broken inputs: each must produce its exact typed error, never a trap.
@Suite("PNG decoder: errors and limits")
struct PNGDecoderErrorTests {
    static let onePixel = PNGBuilder.png(width: 1, height: 1, scanlines: [0, 1, 2, 3, 4])

    @Test func everyPrefixIsTruncated() throws {
        let file = try FixtureFiles.bytes(FixtureFiles.local.appendingPathComponent("rgba8.png"))
        for length in 0..<file.count {
            #expect(throws: PNGError.truncated, "prefix of \(length) bytes") {
                try PNGDecoder.decode(Array(file.prefix(length)))
            }
        }
    }

    @Test func notAPNG() {
        #expect(throws: PNGError.notPNG) { try PNGDecoder.decode(Array("GIF89a and more".utf8)) }
    }

    @Test func corruptDataFailsItsChunkCRC() {
        var file = Self.onePixel
        file[file.count - 20] ^= 0x01  // inside the IDAT data
        #expect(throws: PNGError.badChecksum(chunk: "IDAT")) { try PNGDecoder.decode(file) }
        var header = Self.onePixel
        header[29] ^= 0xFF  // IHDR's CRC itself
        #expect(throws: PNGError.badChecksum(chunk: "IHDR")) { try PNGDecoder.decode(header) }
    }

    @Test func corruptAdler32IsRefused() {
        var stream = Deflater.compress([0, 1, 2, 3, 4])
        stream[stream.count - 1] ^= 0x01
        let file =
            PNGBuilder.signature + PNGBuilder.ihdr(width: 1, height: 1)
            + PNGBuilder.chunk("IDAT", stream) + PNGBuilder.chunk("IEND", [])
        #expect(throws: PNGError.badAdler32) { try PNGDecoder.decode(file) }
    }

    /// The file has no IDAT at all: refusing with `tooLarge` (not "no IDAT")
    /// shows the refusal comes from the header, before any allocation.
    @Test func millionByMillionClaimIsRefusedFromTheHeader() {
        let file =
            PNGBuilder.signature + PNGBuilder.ihdr(width: 1_000_000, height: 1_000_000)
            + PNGBuilder.chunk("IEND", [])
        #expect(throws: PNGError.tooLarge(width: 1_000_000, height: 1_000_000)) {
            try PNGDecoder.decode(file)
        }
    }

    @Test func customLimitsApply() throws {
        let file = try FixtureFiles.bytes(FixtureFiles.local.appendingPathComponent("rgba8.png"))
        #expect(throws: PNGError.tooLarge(width: 7, height: 5)) {
            try PNGDecoder.decode(file, limits: PNGLimits(maxPixels: 34))
        }
        #expect(throws: PNGError.tooLarge(width: 7, height: 5)) {
            try PNGDecoder.decode(file, limits: PNGLimits(maxBytes: 139))
        }
        #expect(throws: Never.self) {
            try PNGDecoder.decode(file, limits: PNGLimits(maxPixels: 35, maxBytes: 140))
        }
    }

    @Test func zeroSizeIsRefused() {
        let file =
            PNGBuilder.signature + PNGBuilder.ihdr(width: 0, height: 5) + PNGBuilder.chunk("IEND", [])
        #expect(throws: PNGError.malformed("the image width or height is zero")) {
            try PNGDecoder.decode(file)
        }
    }

    /// 16 MiB of zeros behind a 1×1 header: inflation stops at the 5 bytes the
    /// header allows.
    @Test func idatBombIsCutOffAtTheExpectedSize() {
        let file = PNGBuilder.png(
            width: 1, height: 1, scanlines: [UInt8](repeating: 0, count: 16 << 20))
        #expect(throws: PNGError.malformed("the image data is longer than the header implies")) {
            try PNGDecoder.decode(file)
        }
    }

    @Test func tooLittleDataIsRefused() {
        let file = PNGBuilder.png(width: 2, height: 2, scanlines: [0, 1, 2, 3, 4])
        #expect(throws: PNGError.malformed("the image data is shorter than the header implies")) {
            try PNGDecoder.decode(file)
        }
    }

    @Test func unknownCriticalChunkIsUnsupported() {
        let file = PNGBuilder.png(
            width: 1, height: 1, scanlines: [0, 1, 2, 3, 4], extraChunks: PNGBuilder.chunk("QUUX", [1]))
        #expect(throws: PNGError.unsupported("critical chunk QUUX")) { try PNGDecoder.decode(file) }
    }

    @Test func badFilterTypeIsMalformed() {
        let file = PNGBuilder.png(width: 1, height: 1, scanlines: [7, 1, 2, 3, 4])
        #expect(throws: PNGError.malformed("scanline filter type 7 does not exist")) {
            try PNGDecoder.decode(file)
        }
    }

    @Test func paletteIndexPastTheEndIsMalformed() {
        let file = PNGBuilder.png(
            width: 1, height: 1, colorType: 3, scanlines: [0, 2],
            extraChunks: PNGBuilder.chunk("PLTE", [1, 2, 3, 4, 5, 6]))
        #expect(throws: PNGError.malformed("palette index 2 is past the end of the palette")) {
            try PNGDecoder.decode(file)
        }
    }

    @Test func invalidBitDepthIsMalformed() {
        let file = PNGBuilder.png(width: 1, height: 1, bitDepth: 4, colorType: 2, scanlines: [0, 0])
        #expect(throws: PNGError.malformed("bit depth 4 is not allowed for colour type 2")) {
            try PNGDecoder.decode(file)
        }
    }

    @Test func descriptionsAreSentences() {
        let errors: [PNGError] = [
            .notPNG, .truncated, .badChecksum(chunk: "IDAT"), .badAdler32,
            .tooLarge(width: 1, height: 2), .unsupported("x"), .malformed("y"),
        ]
        for error in errors {
            #expect(error.description.hasSuffix("."))
            #expect(error.description.first?.isUppercase == true)
        }
    }

    /// Random byte flips, insertions and cuts of valid files must only ever
    /// throw or decode; a trap would kill the test process.
    @Test func mutatedFilesNeverTrap() throws {
        let seed: UInt64 = 0x5EED_0001
        print("mutatedFilesNeverTrap seed: \(seed)")
        var rng = SeededGenerator(seed: seed)
        let names = ["rgba8", "palette4_interlaced", "grey1", "rgb16", "rgb8_stored", "ga16"]
        let files = try names.map {
            try FixtureFiles.bytes(FixtureFiles.local.appendingPathComponent("\($0).png"))
        }
        for _ in 0..<3000 {
            var file = files[Int.random(in: 0..<files.count, using: &rng)]
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let at = Int.random(in: 0..<file.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: file[at] = UInt8.random(in: 0...255, using: &rng)
                case 1: file.insert(UInt8.random(in: 0...255, using: &rng), at: at)
                default: file.removeSubrange(at..<min(file.count, at + Int.random(in: 1...9, using: &rng)))
                }
                if file.isEmpty { break }
            }
            _ = try? PNGDecoder.decode(file)
        }
    }

    /// With CRCs recomputed, mutations reach the inflater and the unfilter
    /// instead of stopping at the checksum.
    @Test func mutatedPayloadsWithValidCRCsNeverTrap() throws {
        let seed: UInt64 = 0x5EED_0002
        print("mutatedPayloadsWithValidCRCsNeverTrap seed: \(seed)")
        var rng = SeededGenerator(seed: seed)
        let scanlines = (0..<(9 * (1 + 9 * 4))).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let stream = Deflater.compress(scanlines)
        for _ in 0..<3000 {
            var data = stream
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                data[Int.random(in: 0..<data.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            let file =
                PNGBuilder.signature + PNGBuilder.ihdr(width: 9, height: 9) + PNGBuilder.chunk("IDAT", data)
                + PNGBuilder.chunk("IEND", [])
            _ = try? PNGDecoder.decode(file)
        }
    }
}

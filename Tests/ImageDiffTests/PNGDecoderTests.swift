import Testing

@testable import ImageDiff

/// Every colour type, bit depth and interlace mode, checked against the RGBA8
/// bytes that make_fixtures.py derived independently with exact fractions.
@Suite("PNG decoder: colour types and layouts")
struct PNGDecoderTests {
    static let files: [(name: String, width: Int, height: Int)] =
        [
            "grey1", "grey2", "grey4", "grey8", "grey16", "grey8_trns", "grey16_trns", "grey2_trns",
            "rgb8", "rgb16", "rgb8_trns", "rgb16_trns", "palette1", "palette2", "palette4", "palette8",
            "palette8_opaque", "ga8", "ga16", "rgba8", "rgba16", "rgb8_stored", "rgba8_split_idat",
            "rgba8_ancillary",
        ].map { ($0, 7, 5) }
        + [
            "rgba8_interlaced", "grey1_interlaced", "palette4_interlaced", "rgb16_interlaced",
            "ga8_interlaced", "grey16_interlaced",
        ].map { ($0, 9, 9) }
        + [("rgba8_interlaced_3x2", 3, 2), ("rgba8_interlaced_1x1", 1, 1)]

    @Test(arguments: files.map(\.name))
    func decodesToExpectedPixels(_ name: String) throws {
        let image = try FixtureFiles.localImage("\(name).png")
        let expected = try FixtureFiles.bytes(FixtureFiles.local.appendingPathComponent("\(name).rgba"))
        let size = try #require(Self.files.first { $0.name == name })
        #expect(image.width == size.width)
        #expect(image.height == size.height)
        let difference = PixelDifference(
            image, RGBAImage(width: size.width, height: size.height, pixels: expected))
        #expect(difference.isNone, "\(name): \(difference)")
    }

    // Spot checks with literal values, so the suite does not rest on the
    // Python script alone.

    @Test func greyLowDepthsScaleToFullRange() throws {
        // sample_grid forces the maximum where (x + y) % 6 == 0 and 0 where x % 7 == 0
        // (c = 0, y = 0): pixel (0, 0) is 0 and pixel (6, 0) is the maximum.
        for depth in [1, 2, 4, 8, 16] {
            let image = try FixtureFiles.localImage("grey\(depth).png")
            #expect(image.pixel(x: 0, y: 0) == RGBA(r: 0, g: 0, b: 0), "depth \(depth)")
            #expect(image.pixel(x: 6, y: 0) == RGBA(r: 255, g: 255, b: 255), "depth \(depth)")
        }
    }

    @Test func greyTransparencyKeyMakesPixelTransparent() throws {
        let image = try FixtureFiles.localImage("grey8_trns.png")
        #expect(image.pixel(x: 1, y: 0) == RGBA(r: 77, g: 77, b: 77, a: 0))
        let deep = try FixtureFiles.localImage("grey16_trns.png")
        // 4660 · 255 / 65535 = 18.13… → 18.
        #expect(deep.pixel(x: 1, y: 0) == RGBA(r: 18, g: 18, b: 18, a: 0))
        let shallow = try FixtureFiles.localImage("grey2_trns.png")
        #expect(shallow.pixel(x: 1, y: 0) == RGBA(r: 170, g: 170, b: 170, a: 0))
    }

    @Test func rgbTransparencyKeyMakesPixelTransparent() throws {
        let image = try FixtureFiles.localImage("rgb8_trns.png")
        #expect(image.pixel(x: 1, y: 0) == RGBA(r: 10, g: 20, b: 30, a: 0))
        let deep = try FixtureFiles.localImage("rgb16_trns.png")
        // 1000 → 3.89… → 4; 2000 → 7.78… → 8.
        #expect(deep.pixel(x: 1, y: 0) == RGBA(r: 4, g: 8, b: 255, a: 0))
    }

    @Test func paletteTransparencyAppliesToLeadingEntries() throws {
        let image = try FixtureFiles.localImage("palette8.png")
        // Alpha entries are (i · 53) % 256 for the first five indices; later ones are opaque.
        var seen = Set<UInt8>()
        for y in 0..<5 { for x in 0..<7 { if let a = image.pixel(x: x, y: y)?.a { seen.insert(a) } } }
        #expect(seen.isSubset(of: [0, 53, 106, 159, 212, 255]))
        #expect(seen.contains(255))
    }

    @Test func sixteenBitRoundsToNearest() throws {
        // 32896·255/65535 = 128 exactly; 128 → 0.498 → 0; 129 → 0.502 → 1.
        let samples: [UInt16] = [32896, 128, 129, 65535]
        let scanline: [UInt8] = [0] + samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let file = PNGBuilder.png(width: 4, height: 1, bitDepth: 16, colorType: 0, scanlines: scanline)
        let image = try PNGDecoder.decode(file)
        #expect(image.pixels == [128, 128, 128, 255, 0, 0, 0, 255, 1, 1, 1, 255, 255, 255, 255, 255])
    }
}

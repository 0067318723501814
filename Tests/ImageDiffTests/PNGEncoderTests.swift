import Testing

@testable import ImageDiff

@Suite("PNG encoder and deflate")
struct PNGEncoderTests {
    @Test(arguments: Array(UInt64(1)...UInt64(25)))
    func randomImagesRoundTrip(_ seed: UInt64) throws {
        print("randomImagesRoundTrip seed: \(seed)")
        var rng = SeededGenerator(seed: seed)
        let (image, _) = RandomImages.pair(using: &rng)
        let encoded = PNGEncoder.encode(image)
        let difference = PixelDifference(try PNGDecoder.decode(encoded), image)
        #expect(difference.isNone, "seed \(seed): \(difference)")
    }

    @Test func noiseRoundTrips() throws {
        let seed: UInt64 = 77
        print("noiseRoundTrips seed: \(seed)")
        var rng = SeededGenerator(seed: seed)
        let pixels = (0..<(61 * 37 * 4)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let image = RGBAImage(width: 61, height: 37, pixels: pixels)
        let difference = PixelDifference(try PNGDecoder.decode(PNGEncoder.encode(image)), image)
        #expect(difference.isNone, "\(difference)")
    }

    @Test func decodedFixturesRoundTrip() throws {
        let names = ["rgba16", "palette4_interlaced", "grey1", "ga8", "rgb8_trns"]
        for name in names {
            let image = try FixtureFiles.localImage("\(name).png")
            let difference = PixelDifference(try PNGDecoder.decode(PNGEncoder.encode(image)), image)
            #expect(difference.isNone, "\(name): \(difference)")
        }
    }

    @Test(.enabled(if: FixtureFiles.pixelmatchAvailable, "pixelmatch fixtures missing"))
    func photographicImageRoundTripsAndCompresses() throws {
        let image = try FixtureFiles.pixelmatchImage("4a")
        let encoded = PNGEncoder.encode(image)
        let difference = PixelDifference(try PNGDecoder.decode(encoded), image)
        #expect(difference.isNone, "\(difference)")
        #expect(encoded.count < image.pixels.count / 2, "\(encoded.count) bytes")
    }

    @Test func flatImageCompressesHard() throws {
        let image = RGBAImage(width: 750, height: 400, fill: RGBA(r: 255, g: 255, b: 255))
        let encoded = PNGEncoder.encode(image)
        let difference = PixelDifference(try PNGDecoder.decode(encoded), image)
        #expect(difference.isNone, "\(difference)")
        #expect(encoded.count < image.pixels.count / 100, "\(encoded.count) bytes")
    }

    @Test func outputIsDeterministicAndMinimal() throws {
        let image = try FixtureFiles.localImage("rgba8.png")
        let first = PNGEncoder.encode(image)
        #expect(first == PNGEncoder.encode(image))
        var chunks: [String] = []
        var reader = try ChunkReader(first)
        while let chunk = try reader.next() { chunks.append(chunk.type) }
        #expect(chunks == ["IHDR", "IDAT", "IEND"])
    }

    @Test func degenerateImagesNeverTrap() throws {
        #expect(PNGEncoder.encode(RGBAImage(width: 0, height: 3)).isEmpty)
        let short = RGBAImage(width: 2, height: 1, pixels: [9, 9, 9, 9])
        let decoded = try PNGDecoder.decode(PNGEncoder.encode(short))
        #expect(decoded.pixels == [9, 9, 9, 9, 0, 0, 0, 0])
    }
}

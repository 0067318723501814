import CellCore
import Graphics
import Testing

/// The PNG writer and its joinable libdeflate pieces, checked by decoding with Cairo (libpng).
@Suite struct PNGStreamWriterTests {
    /// A canvas of pseudo-random pixels: libdeflate stores it (an uncompressed block).
    func noise(width: Int, height: Int, seed: UInt32) throws -> Canvas {
        let canvas = try Canvas(pixelWidth: width, pixelHeight: height, scale: 1)
        var state = seed
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                let color = Color(r: Int(state >> 24), g: Int(state >> 16 & 0xFF), b: Int(state >> 8 & 0xFF))
                canvas.fill(Rect(x: Double(x), y: Double(y), width: 1, height: 1), color: color)
            }
        }
        return canvas
    }

    func flat(width: Int, height: Int, color: Color) throws -> Canvas {
        let canvas = try Canvas(pixelWidth: width, pixelHeight: height, scale: 1)
        canvas.fillAll(color)
        canvas.fill(Rect(x: 3, y: 0, width: 5, height: Double(height)), color: Color(r: 10, g: 200, b: 30))
        return canvas
    }

    @Test func storedFixedAndDynamicPiecesJoinIntoOneValidImage() throws {
        let width = 61
        // Noise (stored blocks), a single row (fixed codes), flat bands (dynamic codes), noise again.
        let bands = [
            try noise(width: width, height: 40, seed: 1), try flat(width: width, height: 1, color: .white),
            try flat(width: width, height: 300, color: Color(r: 242, g: 242, b: 247)),
            try noise(width: width, height: 7, seed: 9),
        ]
        let encoder = try PNGBandEncoder()
        let sink = MemorySink()
        let writer = try PNGStreamWriter(sink: sink, pixelWidth: width)
        for band in bands { try writer.append(try encoder.encode(band)) }
        try writer.finish()
        let decoded = try Canvas(png: sink.bytes)
        #expect(decoded.pixelWidth == width)
        #expect(decoded.pixelHeight == 348)
        #expect(decoded.rgbaPixels() == bands.flatMap { $0.rgbaPixels() })
    }

    @Test func anEncodedBandDependsOnlyOnItsPixels() throws {
        let first = try PNGBandEncoder().encode(try noise(width: 30, height: 30, seed: 4))
        let reused = try PNGBandEncoder()
        _ = try reused.encode(try flat(width: 90, height: 90, color: .black))
        let second = try reused.encode(try noise(width: 30, height: 30, seed: 4))
        #expect(first.deflate == second.deflate)
        #expect(first.adler == second.adler)
        #expect(first.rawCount == 30 * (1 + 30 * 3))
    }

    @Test func encodingOnlyTheTopRowsOfACanvas() throws {
        let canvas = try noise(width: 20, height: 50, seed: 3)
        let sink = MemorySink()
        let writer = try PNGStreamWriter(sink: sink, pixelWidth: 20)
        try writer.append(try PNGBandEncoder().encode(canvas, rows: 12))
        try writer.finish()
        let decoded = try Canvas(png: sink.bytes)
        #expect(decoded.pixelHeight == 12)
        #expect(decoded.rgbaPixels() == Array(canvas.rgbaPixels()[0..<(12 * 20 * 4)]))
    }

    @Test func aStreamWithNoRowsIsRefused() throws {
        let writer = try PNGStreamWriter(sink: MemorySink(), pixelWidth: 10)
        #expect(throws: GraphicsError.self) { try writer.finish() }
    }
}

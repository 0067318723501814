import Testing

@testable import ImageDiff

@Suite("Deflate and inflate")
struct DeflateTests {
    /// Long runs, far matches (near and beyond the 32 KiB window), maximum-length
    /// matches and multi-block streams all survive deflate → inflate.
    @Test func roundTripsAwkwardInputs() throws {
        let seed: UInt64 = 99
        print("roundTripsAwkwardInputs seed: \(seed)")
        var rng = SeededGenerator(seed: seed)
        let noise = (0..<40_000).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let skewed = (0..<200_000).map { _ in UInt8(Int.random(in: 0..<1000, using: &rng) % 17) }
        let inputs: [[UInt8]] = [
            [], [7], [1, 2],
            [UInt8](repeating: 0, count: 100_000),
            noise,
            noise + noise,  // the repeat starts 40 000 bytes back: beyond the window
            Array(noise.prefix(32_000)) + Array(noise.prefix(32_000)),
            (0..<70_000).map { UInt8(truncatingIfNeeded: $0 % 251) },
            skewed,  // > 65 536 tokens: several blocks, dynamic codes
        ]
        for input in inputs {
            let stream = Deflater.compress(input)
            let output = try Inflater.inflate(stream, expectedSize: input.count)
            #expect(output.count == input.count && output.elementsEqual(input), "\(input.count) bytes")
        }
    }

    /// A skewed alphabet must beat the fixed codes' 8–9 bits a literal: only a
    /// dynamic block can get 17 symbols near 4 bits each.
    @Test func skewedDataUsesDynamicCodes() {
        var rng = SeededGenerator(seed: 5)
        let input = (0..<50_000).map { _ in UInt8(Int.random(in: 0..<17, using: &rng)) }
        let stream = Deflater.compress(input)
        #expect(stream.count < input.count * 5 / 8, "\(stream.count) bytes")
    }

    /// Fibonacci weights make the deepest possible Huffman tree; the limit
    /// must hold and the code must stay complete (Kraft sum exactly 1).
    @Test func codeLengthsAreLimitedAndComplete() {
        var fibonacci = [1, 1]
        while fibonacci.count < 30 {
            fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2])
        }
        for limit in [7, 15] {
            let lengths = HuffmanCodeBuilder.lengths(fibonacci, maxLength: limit)
            #expect(lengths.allSatisfy { $0 >= 1 && Int($0) <= limit })
            let kraft = lengths.reduce(0) { $0 + (1 << (limit - Int($1))) }
            #expect(kraft == 1 << limit, "limit \(limit): \(lengths)")
        }
        #expect(HuffmanCodeBuilder.lengths([0, 5, 0], maxLength: 15) == [0, 1, 0])
        #expect(HuffmanCodeBuilder.lengths([0, 0], maxLength: 15) == [0, 0])
    }
}

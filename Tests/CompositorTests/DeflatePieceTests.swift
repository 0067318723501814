import Testing

@testable import Graphics

/// The block scanner and the hand-written repeat blocks, checked against libdeflate itself.
@Suite struct DeflatePieceTests {
    /// Inputs that make libdeflate write stored, fixed and dynamic blocks, one or many.
    func inputs(seed: UInt32) -> [[UInt8]] {
        var state = seed
        func next() -> UInt8 {
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        let noise = (0..<5_000).map { _ in next() }
        let text = (0..<200_000).map { index -> UInt8 in index % 2251 < 40 ? next() : 255 }
        let words = (0..<120_000).map { index -> UInt8 in [10, 200, 30, 255, 255, 7][(index * 7 + index / 13) % 6] }
        return [noise, [1, 2, 3], Array(repeating: 0, count: 70_000), text, words, noise + words + noise]
    }

    @Test func scannerFindsTheEndLibdeflatesDecoderFinds() throws {
        let compressor = try DeflateCompressor(level: 2)
        for seed in [1, 7, 42] as [UInt32] {
            for input in inputs(seed: seed) {
                let stream = input.withUnsafeBytes { compressor.rawStream($0) }
                let tail = try stream.withUnsafeBufferPointer { try DeflateBlockScanner.scan($0) }
                let consumed = DeflateCompressor.consumedBytes(stream, outputSize: input.count)
                #expect(consumed == (tail.endBit + 7) / 8, "seed \(seed), \(input.count) bytes")
                #expect(tail.finalHeaderBit < tail.endBit)
            }
        }
    }

    @Test func piecesAndRepeatBlocksJoinIntoOneStream() throws {
        let compressor = try DeflateCompressor(level: 2)
        var joined: [UInt8] = []
        var expected: [UInt8] = []
        for (index, input) in inputs(seed: 3).enumerated() {
            try input.withUnsafeBytes { try compressor.compressPiece($0, appendingTo: &joined) }
            expected += input
            let rowLength = 5 + index * 611
            RowRepeatBlock.append(rows: index + 1, rowLength: rowLength, to: &joined)
            for _ in 0...index { expected += [RowRepeatBlock.filterUp] + [UInt8](repeating: 0, count: rowLength - 1) }
        }
        joined += DeflateCompressor.streamEnd
        #expect(DeflateCompressor.consumedBytes(joined, outputSize: expected.count) == joined.count)
        #expect(DeflateCompressor.decompressed(joined, outputSize: expected.count) == expected)
    }

    /// Antialiased text in miniature: mostly white, with parts of few grey values (short codes
    /// only) followed by parts with rare greys whose codes are longer than the scanner's table
    /// index, so libdeflate starts new blocks and a block's long codes sit where the block
    /// before had short ones. The joined pieces decode only if every piece's final block and end
    /// were found to the bit.
    @Test func piecesWithManyBlocksAndLongCodesJoin() throws {
        let compressor = try DeflateCompressor(level: 2)
        var state: UInt32 = 5
        func next() -> UInt32 {
            state = state &* 1_664_525 &+ 1_013_904_223
            return state >> 8
        }
        var joined: [UInt8] = []
        var expected: [UInt8] = []
        for piece in 0..<6 {
            var input: [UInt8] = []
            for part in 0..<8 {
                // Each part favours other grey values: new statistics, new blocks.
                let shift = UInt32((piece * 8 + part) * 37)
                for _ in 0..<40_000 {
                    let roll = next() % 1000
                    if roll < 900 {
                        input.append(255)
                    } else if part % 2 == 0 {
                        input.append(UInt8((shift + next() % 8) % 255))
                    } else {
                        // Rare values spread over 200 greys: many codes of 12 bits and more.
                        let grey = (shift + (roll < 990 ? next() % 8 : next() % 200)) % 255
                        input.append(UInt8(grey))
                    }
                }
            }
            try input.withUnsafeBytes { try compressor.compressPiece($0, appendingTo: &joined) }
            expected += input
        }
        joined += DeflateCompressor.streamEnd
        #expect(DeflateCompressor.consumedBytes(joined, outputSize: expected.count) == joined.count)
        #expect(DeflateCompressor.decompressed(joined, outputSize: expected.count) == expected)
    }

    @Test func completeCodesAreComplete() {
        for count in 2...8 {
            let lengths = RowRepeatBlock.completeCodeLengths(count: count)
            #expect(lengths.count == count)
            #expect(lengths.reduce(0.0) { $0 + 1 / Double(1 << $1) } == 1)
        }
    }
}

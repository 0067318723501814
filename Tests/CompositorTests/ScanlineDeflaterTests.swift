import Testing

@testable import Graphics

/// The table-image compressor and its Huffman codes, checked by libdeflate's decompressor.
@Suite struct ScanlineDeflaterTests {
    /// Scanlines like a table's: filter byte 0, white margins, grey antialiasing in runs,
    /// rows equal to the row above, rows of noise (all literals) and a few black runs.
    func scanlines(rowLength: Int, rows: Int, seed: UInt32) -> [UInt8] {
        var state = seed
        func next() -> UInt32 {
            state = state &* 1_664_525 &+ 1_013_904_223
            return state >> 8
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rowLength * rows)
        for row in 0..<rows {
            if row > 0, next() % 3 == 0 {
                bytes += bytes[(row - 1) * rowLength..<row * rowLength]
                continue
            }
            bytes.append(0)
            let noisy = next() % 7 == 0
            var column = 1
            while column < rowLength {
                let roll = next() % 100
                let run = min(rowLength - column, Int(1 + next() % 40))
                let value: UInt8 =
                    noisy ? UInt8(truncatingIfNeeded: next()) : roll < 60 ? 255 : roll < 70 ? 0 : UInt8(next() % 256)
                for _ in 0..<run { bytes.append(noisy ? UInt8(truncatingIfNeeded: next()) : value) }
                column += run
            }
        }
        return bytes
    }

    /// Compresses `data` as pieces cut at `cuts`, joined and ended, and decompresses it.
    func roundTrip(_ data: [UInt8], rowLength: Int, cuts: [Int], deflater: ScanlineDeflater = ScanlineDeflater())
        -> (stream: [UInt8], decoded: [UInt8]?)
    {
        var stream: [UInt8] = []
        deflater.startBand()
        data.withUnsafeBufferPointer { buffer in
            var start = 0
            for cut in cuts + [data.count] where cut >= start {
                deflater.compressPiece(buffer.baseAddress!, start: start, end: cut, rowLength: rowLength, appendingTo: &stream)
                start = cut
            }
        }
        stream += DeflateCompressor.streamEnd
        return (stream, DeflateCompressor.decompressed(stream, outputSize: data.count))
    }

    @Test func piecesDecodeToTheBandsBytes() {
        for (rowLength, rows) in [(2_251, 120), (5, 4_000), (31, 900), (40_000, 6)] {
            let data = scanlines(rowLength: rowLength, rows: rows, seed: UInt32(rowLength))
            // One piece; pieces cut at rows; pieces cut anywhere, one of a single byte.
            for cuts in [[], [rowLength * 3, rowLength * (rows / 2)], [1, 2, 777, data.count / 3, data.count / 3 + 1]] {
                let (stream, decoded) = roundTrip(data, rowLength: rowLength, cuts: cuts)
                let same = decoded == data  // a Bool: a failure should not print the bytes
                #expect(same, "row length \(rowLength), cuts \(cuts)")
                #expect(DeflateCompressor.consumedBytes(stream, outputSize: data.count) == stream.count)
            }
        }
    }

    @Test func repeatedRowsBetweenImageRowsMakeOnePiece() {
        for (rowLength, runs) in [(2_251, [1, 9, 40]), (5, [30_000, 2]), (7, [1, 1]), (300, [3])] {
            var data = scanlines(rowLength: rowLength, rows: 30, seed: 5)
            var parts: [(start: Int, end: Int, repeated: Int)] = [(0, data.count, 0)]
            for run in runs {
                // Rows of Up-filtered zeros, then more image rows that may copy from them.
                for _ in 0..<run { data += [2] + [UInt8](repeating: 0, count: rowLength - 1) }
                parts.append((data.count - run * rowLength, data.count, run))
                let more = scanlines(rowLength: rowLength, rows: 7, seed: UInt32(run))
                parts.append((data.count, data.count + more.count, 0))
                data += more
            }
            let deflater = ScanlineDeflater()
            var stream: [UInt8] = []
            deflater.startBand()
            data.withUnsafeBufferPointer { buffer in
                for part in parts {
                    if part.repeated > 0 {
                        deflater.repeatRows(part.repeated, rowLength: rowLength)
                    } else {
                        deflater.compress(buffer.baseAddress!, start: part.start, end: part.end, rowLength: rowLength)
                    }
                }
            }
            deflater.finishPiece(appendingTo: &stream)
            stream += DeflateCompressor.streamEnd
            let same = DeflateCompressor.decompressed(stream, outputSize: data.count) == data
            #expect(same, "row length \(rowLength)")
        }
    }

    @Test func tableLikeBytesCompressLikeLibdeflate() throws {
        // The deflater must not trade away size: within 10% of libdeflate level 2 on
        // table-like scanlines (on the Huckleberry table it is 1.8% larger, README).
        let data = scanlines(rowLength: 2_251, rows: 400, seed: 9)
        let ours = roundTrip(data, rowLength: 2_251, cuts: []).stream.count
        var theirs: [UInt8] = []
        let compressor = try DeflateCompressor(level: 2)
        try data.withUnsafeBytes { try compressor.compressPiece($0, appendingTo: &theirs) }
        #expect(Double(ours) < Double(theirs.count) * 1.1, "\(ours) vs libdeflate \(theirs.count)")
        #expect(ours < data.count / 3)
    }

    @Test func manyBlocksAndStoredPiecesJoin() throws {
        // Noise is all literals: more than one block's worth of symbols.
        let noise = scanlines(rowLength: 1_000, rows: 200, seed: 77).map { $0 ^ 0x5A }
        let (stream, decoded) = roundTrip(noise, rowLength: 1_000, cuts: [150_000])
        let same = decoded == noise
        #expect(same)
        // The scanner (which joins libdeflate's pieces) parses the deflater's blocks too.
        let tail = try stream.withUnsafeBufferPointer { try DeflateBlockScanner.scan($0) }
        #expect((tail.endBit + 7) / 8 == stream.count)
    }

    @Test func bytesDependOnlyOnTheBand() {
        let first = scanlines(rowLength: 2_251, rows: 60, seed: 1)
        let second = scanlines(rowLength: 2_251, rows: 60, seed: 2)
        let reused = ScanlineDeflater()
        _ = roundTrip(first, rowLength: 2_251, cuts: [], deflater: reused)
        let afterAnother = roundTrip(second, rowLength: 2_251, cuts: [], deflater: reused).stream
        let fresh = roundTrip(second, rowLength: 2_251, cuts: []).stream
        let same = afterAnother == fresh
        #expect(same)
    }

    @Test func huffmanLengthsAreLimitedAndComplete() {
        // Fibonacci counts make Huffman's tree as deep as the symbols are many.
        var counts: [UInt32] = [1, 1]
        while counts.count < 40 { counts.append(counts[counts.count - 1] + counts[counts.count - 2]) }
        for limit in [7, 9, 15] {
            let lengths = codeLengths(counts, limit: limit)
            #expect(lengths.allSatisfy { $0 >= 1 && Int($0) <= limit }, "limit \(limit): \(lengths)")
            #expect(kraftSum(lengths) == 1, "limit \(limit)")
        }
        // Unlimited, Huffman's own lengths.
        #expect(codeLengths([1, 1, 2, 4], limit: 15) == [3, 3, 2, 1])
        #expect(codeLengths([5, 0, 5, 0, 5, 5], limit: 15) == [2, 0, 2, 0, 2, 2])
    }

    @Test func oneUsedSymbolStillGetsACompleteCode() {
        #expect(codeLengths([0, 0, 9, 0], limit: 15) == [1, 0, 1, 0])
        #expect(codeLengths([4, 0, 0], limit: 15) == [1, 1, 0])
        #expect(codeLengths([0, 0, 0], limit: 15) == [1, 1, 0])
    }

    @Test func canonicalCodesAreReversedForTheStream() {
        // RFC 1951's example: lengths 3,3,3,3,3,2,4,4 give codes 010 … 111, 00, 1110, 1111.
        let lengths: [UInt8] = [3, 3, 3, 3, 3, 2, 4, 4]
        var codes = [UInt32](repeating: 0, count: 8)
        lengths.withUnsafeBufferPointer { lengths in
            codes.withUnsafeMutableBufferPointer { codes in
                HuffmanCode.reversedCodes(lengths: lengths.baseAddress!, count: 8, into: codes.baseAddress!)
            }
        }
        let expected: [UInt32] = [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111]
        #expect(codes == zip(expected, lengths).map { $0.bitReversed(Int($1)) })
        #expect(UInt32(0b0011).bitReversed(4) == 0b1100)
    }

    private func codeLengths(_ counts: [UInt32], limit: Int) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: counts.count)
        counts.withUnsafeBufferPointer { counts in
            lengths.withUnsafeMutableBufferPointer { lengths in
                HuffmanCode.lengths(counts: counts.baseAddress!, count: counts.count, limit: limit, into: lengths.baseAddress!)
            }
        }
        return lengths
    }

    private func kraftSum(_ lengths: [UInt8]) -> Double {
        lengths.filter { $0 > 0 }.reduce(0.0) { $0 + 1 / Double(1 << Int($1)) }
    }
}

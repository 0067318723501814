/// One LZ77 output symbol: a literal byte or a (length, distance) match.
struct LZToken {
    /// `length << 16 | distance` for a match, the byte for a literal; matches
    /// are at least 3 long, so the two never overlap.
    private let packed: UInt32

    static func literal(_ byte: UInt8) -> LZToken { LZToken(packed: UInt32(byte)) }
    static func match(length: Int, distance: Int) -> LZToken {
        LZToken(packed: UInt32(length) << 16 | UInt32(distance))
    }

    var isLiteral: Bool { packed < 0x1_0000 }
    var distance: Int { Int(packed & 0xFFFF) }
    var length: Int { Int(packed >> 16) }
    var byte: Int { Int(packed & 0xFF) }
}

/// Writes a block of tokens with whichever Huffman codes are smaller:
/// the fixed ones or a dynamic set fitted to the block.
enum BlockEncoder {
    static func write(_ tokens: [LZToken], isFinal: Bool, to writer: inout BitWriter) {
        var literalFrequencies = [Int](repeating: 0, count: 286)
        var distanceFrequencies = [Int](repeating: 0, count: 30)
        for token in tokens {
            if token.isLiteral {
                literalFrequencies[token.byte] += 1
            } else {
                literalFrequencies[257 + Int(DeflateTables.lengthCodeForLength[token.length])] += 1
                distanceFrequencies[Int(DeflateTables.distanceCodeForDistance[token.distance])] += 1
            }
        }
        literalFrequencies[256] = 1
        // zlib and others reject an empty distance code; one unused code is safe.
        if distanceFrequencies.allSatisfy({ $0 == 0 }) { distanceFrequencies[0] = 1 }

        let literalLengths = HuffmanCodeBuilder.lengths(literalFrequencies, maxLength: 15)
        let distanceLengths = HuffmanCodeBuilder.lengths(distanceFrequencies, maxLength: 15)
        let header = DynamicHeaderWriter(
            literalLengths: literalLengths, distanceLengths: distanceLengths)

        func cost(_ literal: [UInt8], _ distance: [UInt8]) -> Int {
            zip(literalFrequencies, literal).reduce(0) { $0 + $1.0 * Int($1.1) }
                + zip(distanceFrequencies, distance).reduce(0) { $0 + $1.0 * Int($1.1) }
        }
        let dynamicCost = header.bitCount + cost(literalLengths, distanceLengths)
        let fixedCost = cost(DeflateTables.fixedLiteralLengths, DeflateTables.fixedDistanceLengths)

        writer.write(isFinal ? 1 : 0, 1)
        let literalCodes: [Int]
        let distanceCodes: [Int]
        let literalBits: [UInt8]
        let distanceBits: [UInt8]
        if dynamicCost < fixedCost {
            writer.write(2, 2)
            header.write(to: &writer)
            (literalBits, distanceBits) = (literalLengths, distanceLengths)
        } else {
            writer.write(1, 2)
            (literalBits, distanceBits) = (
                DeflateTables.fixedLiteralLengths, DeflateTables.fixedDistanceLengths
            )
        }
        literalCodes = HuffmanCodeBuilder.codes(literalBits)
        distanceCodes = HuffmanCodeBuilder.codes(distanceBits)

        for token in tokens {
            if token.isLiteral {
                writer.write(literalCodes[token.byte], Int(literalBits[token.byte]))
                continue
            }
            let lengthCode = Int(DeflateTables.lengthCodeForLength[token.length])
            writer.write(literalCodes[257 + lengthCode], Int(literalBits[257 + lengthCode]))
            writer.write(
                token.length - DeflateTables.lengthBase[lengthCode], DeflateTables.lengthExtra[lengthCode])
            let distanceCode = Int(DeflateTables.distanceCodeForDistance[token.distance])
            writer.write(distanceCodes[distanceCode], Int(distanceBits[distanceCode]))
            writer.write(
                token.distance - DeflateTables.distanceBase[distanceCode],
                DeflateTables.distanceExtra[distanceCode])
        }
        writer.write(literalCodes[256], Int(literalBits[256]))
    }
}

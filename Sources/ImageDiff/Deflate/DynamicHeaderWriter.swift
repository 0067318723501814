/// The code-length header of a dynamic block (RFC 1951 §3.2.7), ready to write.
///
/// Run-length codes 16/17/18 shrink the long zero runs that image data's
/// sparse literal alphabets produce.
struct DynamicHeaderWriter {
    private let literalCount: Int
    private let distanceCount: Int
    /// Code-length symbols (0…18) with their extra-bit values.
    private var symbols: [(symbol: Int, extra: Int)] = []
    private let codeLengthLengths: [UInt8]
    private let codeLengthCodes: [Int]
    private let storedCodeLengthCount: Int

    init(literalLengths: [UInt8], distanceLengths: [UInt8]) {
        literalCount = max(257, (literalLengths.lastIndex { $0 != 0 } ?? 0) + 1)
        distanceCount = max(1, (distanceLengths.lastIndex { $0 != 0 } ?? 0) + 1)
        let sequence = Array(literalLengths[0..<literalCount]) + distanceLengths[0..<distanceCount]

        var i = 0
        while i < sequence.count {
            let value = sequence[i]
            var run = 1
            while i + run < sequence.count && sequence[i + run] == value { run += 1 }
            if value == 0 && run >= 3 {
                let take = min(run, 138)
                symbols.append(take >= 11 ? (18, take - 11) : (17, take - 3))
                i += take
            } else if value != 0 && run >= 4 {
                // The value itself first, then up to six repeats of it per code 16.
                symbols.append((Int(value), 0))
                let take = min(run - 1, 6)
                symbols.append((16, take - 3))
                i += 1 + take
            } else {
                symbols.append((Int(value), 0))
                i += 1
            }
        }

        var frequencies = [Int](repeating: 0, count: 19)
        for entry in symbols { frequencies[entry.symbol] += 1 }
        let lengths = HuffmanCodeBuilder.lengths(frequencies, maxLength: 7)
        codeLengthLengths = lengths
        codeLengthCodes = HuffmanCodeBuilder.codes(lengths)
        let lastUsed = DeflateTables.codeLengthOrder.lastIndex { lengths[$0] != 0 } ?? 0
        storedCodeLengthCount = max(4, lastUsed + 1)
    }

    /// Size of the header in bits, for choosing between fixed and dynamic codes.
    var bitCount: Int {
        14 + 3 * storedCodeLengthCount
            + symbols.reduce(0) { $0 + Int(codeLengthLengths[$1.symbol]) + Self.extraBits[$1.symbol] }
    }

    private static let extraBits = [Int](repeating: 0, count: 16) + [2, 3, 7]

    func write(to writer: inout BitWriter) {
        writer.write(literalCount - 257, 5)
        writer.write(distanceCount - 1, 5)
        writer.write(storedCodeLengthCount - 4, 4)
        for symbol in DeflateTables.codeLengthOrder.prefix(storedCodeLengthCount) {
            writer.write(Int(codeLengthLengths[symbol]), 3)
        }
        for entry in symbols {
            writer.write(codeLengthCodes[entry.symbol], Int(codeLengthLengths[entry.symbol]))
            writer.write(entry.extra, Self.extraBits[entry.symbol])
        }
    }
}

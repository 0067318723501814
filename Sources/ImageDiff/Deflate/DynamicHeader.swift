/// Reads the code-length header of a dynamic-Huffman deflate block.
enum DynamicHeader {
    /// Returns the literal/length and distance tables the block declares.
    static func read(_ reader: inout BitReader) throws(PNGError) -> (HuffmanTable, HuffmanTable) {
        let literalCount = try reader.read(5) + 257
        let distanceCount = try reader.read(5) + 1
        let codeLengthCount = try reader.read(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else {
            throw PNGError.malformed("a dynamic block declares too many codes")
        }

        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<codeLengthCount {
            codeLengthLengths[DeflateTables.codeLengthOrder[index]] = UInt8(try reader.read(3))
        }
        guard let codeLengthTable = HuffmanTable(lengths: codeLengthLengths) else {
            throw PNGError.malformed("a dynamic block's code-length code is over-subscribed")
        }

        // Literal and distance lengths form one sequence: a repeat may run across
        // the boundary between them.
        let total = literalCount + distanceCount
        var lengths = [UInt8]()
        lengths.reserveCapacity(total)
        while lengths.count < total {
            let symbol = try codeLengthTable.decode(&reader)
            let repeated: UInt8
            let times: Int
            switch symbol {
            case 0..<16:
                lengths.append(UInt8(symbol))
                continue
            case 16:
                guard let previous = lengths.last else {
                    throw PNGError.malformed("a code-length repeat has nothing to repeat")
                }
                repeated = previous
                times = 3 + (try reader.read(2))
            case 17:
                repeated = 0
                times = 3 + (try reader.read(3))
            default:
                repeated = 0
                times = 11 + (try reader.read(7))
            }
            guard lengths.count + times <= total else {
                throw PNGError.malformed("a code-length repeat overruns the table")
            }
            lengths.append(contentsOf: repeatElement(repeated, count: times))
        }

        guard lengths[256] != 0 else {
            throw PNGError.malformed("a dynamic block has no end-of-block code")
        }
        guard let literals = HuffmanTable(lengths: Array(lengths[0..<literalCount])),
            let distances = HuffmanTable(lengths: Array(lengths[literalCount...]))
        else {
            throw PNGError.malformed("a dynamic block's Huffman code is over-subscribed")
        }
        return (literals, distances)
    }
}

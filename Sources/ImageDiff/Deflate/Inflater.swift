/// Decompresses a zlib stream (RFC 1950/1951) into a buffer of known size.
///
/// PNG always knows how many bytes its scanlines occupy, so the output is
/// allocated once at exactly that size and a stream that tries to write past
/// it is rejected: a decompression bomb costs no more memory than an honest
/// image of the same header.
enum Inflater {
    /// Inflates `data`, which MUST decompress to exactly `expectedSize` bytes.
    ///
    /// - Throws: `.malformed` for an invalid stream, too much or too little
    ///   output; `.unsupported` for a preset dictionary; `.truncated` when the
    ///   Adler-32 trailer is missing; `.badAdler32` when it does not match.
    static func inflate(_ data: [UInt8], expectedSize: Int) throws(PNGError) -> [UInt8] {
        guard data.count >= 2 else { throw PNGError.malformed("the zlib stream has no header") }
        let cmf = Int(data[0])
        let flg = Int(data[1])
        guard cmf & 0x0F == 8, cmf >> 4 <= 7, (cmf << 8 | flg) % 31 == 0 else {
            throw PNGError.malformed("the zlib header is invalid")
        }
        guard flg & 0x20 == 0 else {
            throw PNGError.unsupported("a zlib preset dictionary")
        }

        var reader = BitReader(data, startingAt: 2)
        var output = OutputWindow(capacity: expectedSize)
        var isFinal = false
        while !isFinal {
            isFinal = try reader.read(1) == 1
            switch try reader.read(2) {
            case 0: try copyStoredBlock(&reader, into: &output)
            case 1:
                guard let literals = fixedLiterals, let distances = fixedDistances else {
                    throw PNGError.malformed("the fixed Huffman tables could not be built")
                }
                try inflateBlock(&reader, literals, distances, into: &output)
            case 2:
                let (literals, distances) = try DynamicHeader.read(&reader)
                try inflateBlock(&reader, literals, distances, into: &output)
            default: throw PNGError.malformed("the compressed data uses reserved block type 3")
            }
        }
        guard output.count == expectedSize else {
            throw PNGError.malformed("the image data is shorter than the header implies")
        }

        reader.alignToByte()
        var stored: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try? reader.read(8) else { throw PNGError.truncated }
            stored = stored << 8 | UInt32(byte)
        }
        guard stored == Adler32.checksum(output.bytes) else { throw PNGError.badAdler32 }
        return output.bytes
    }

    private static let fixedLiterals = HuffmanTable(lengths: DeflateTables.fixedLiteralLengths)
    private static let fixedDistances = HuffmanTable(lengths: DeflateTables.fixedDistanceLengths)

    private static func copyStoredBlock(_ reader: inout BitReader, into output: inout OutputWindow)
        throws(PNGError)
    {
        reader.alignToByte()
        let length = try reader.read(16)
        let complement = try reader.read(16)
        guard length ^ complement == 0xFFFF else {
            throw PNGError.malformed("a stored block's length check fails")
        }
        for _ in 0..<length { try output.append(UInt8(try reader.read(8))) }
    }

    private static func inflateBlock(
        _ reader: inout BitReader, _ literals: HuffmanTable, _ distances: HuffmanTable,
        into output: inout OutputWindow
    ) throws(PNGError) {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                try output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let lengthCode = symbol - 257
            guard lengthCode < 29 else { throw PNGError.malformed("invalid length code \(symbol)") }
            let length =
                DeflateTables.lengthBase[lengthCode]
                + (try reader.read(DeflateTables.lengthExtra[lengthCode]))
            let distanceCode = try distances.decode(&reader)
            guard distanceCode < 30 else {
                throw PNGError.malformed("invalid distance code \(distanceCode)")
            }
            let distance =
                DeflateTables.distanceBase[distanceCode]
                + (try reader.read(DeflateTables.distanceExtra[distanceCode]))
            try output.copyMatch(distance: distance, length: length)
        }
    }
}

/// The inflater's output: a fixed-capacity buffer that doubles as the LZ77 window.
struct OutputWindow {
    private(set) var bytes: [UInt8]
    private(set) var count = 0

    init(capacity: Int) {
        bytes = [UInt8](repeating: 0, count: max(capacity, 0))
    }

    static let overflow = PNGError.malformed("the image data is longer than the header implies")

    @inline(__always)
    mutating func append(_ byte: UInt8) throws(PNGError) {
        guard count < bytes.count else { throw Self.overflow }
        bytes[count] = byte
        count += 1
    }

    /// Copies `length` bytes from `distance` back; overlapping copies repeat
    /// the pattern, as LZ77 requires.
    mutating func copyMatch(distance: Int, length: Int) throws(PNGError) {
        guard distance <= count else {
            throw PNGError.malformed("a back-reference points before the start of the data")
        }
        guard length <= bytes.count - count else { throw Self.overflow }
        bytes.withUnsafeMutableBufferPointer { buffer in
            for i in count..<(count + length) { buffer[i] = buffer[i - distance] }
        }
        count += length
    }
}

/// One chunk of a PNG file: its type and where its data lies in the file.
struct PNGChunk {
    /// The four-letter type, e.g. "IHDR".
    let type: String
    /// The data's byte range inside the file buffer.
    let data: Range<Int>

    /// Critical chunks have an upper-case first letter; an unknown one MUST
    /// stop decoding, an unknown ancillary one may be skipped.
    var isCritical: Bool { type.utf8.first.map { $0 & 0x20 == 0 } ?? true }
}

/// Walks the chunks of a PNG file, verifying each chunk's CRC-32.
struct ChunkReader {
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    private let bytes: [UInt8]
    private var offset = 8

    /// Starts after the signature.
    ///
    /// - Throws: `.truncated` for a prefix of the signature (a download cut
    ///   short), `.notPNG` for anything else that does not start with it.
    init(_ bytes: [UInt8]) throws(PNGError) {
        let prefix = bytes.prefix(8)
        guard prefix.elementsEqual(Self.signature.prefix(prefix.count)) else { throw .notPNG }
        guard prefix.count == 8 else { throw .truncated }
        self.bytes = bytes
    }

    /// The next chunk, or `nil` at the end of the buffer.
    mutating func next() throws(PNGError) -> PNGChunk? {
        guard offset < bytes.count else { return nil }
        guard bytes.count - offset >= 12 else { throw .truncated }
        let length = Int(readUInt32(bytes, offset))
        guard length <= 0x7FFF_FFFF else {
            throw .malformed("a chunk length exceeds 2³¹ − 1")
        }
        let typeRange = (offset + 4)..<(offset + 8)
        let typeBytes = bytes[typeRange]
        guard typeBytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
            throw .malformed("a chunk type is not four ASCII letters")
        }
        let type = String(decoding: typeBytes, as: UTF8.self)
        guard length <= bytes.count - offset - 12 else { throw .truncated }
        let dataRange = (offset + 8)..<(offset + 8 + length)
        let stored = readUInt32(bytes, dataRange.upperBound)
        guard CRC32.checksum(bytes, typeRange.lowerBound..<dataRange.upperBound) == stored else {
            throw .badChecksum(chunk: type)
        }
        offset = dataRange.upperBound + 4
        return PNGChunk(type: type, data: dataRange)
    }
}

/// A big-endian 32-bit value at `offset`; the caller MUST have checked that
/// four bytes are available.
func readUInt32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16
        | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
}

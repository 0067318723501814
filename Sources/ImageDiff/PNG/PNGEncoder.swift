/// Encodes RGBA8 images as PNG files (colour type 6, 8 bits, no interlace).
public enum PNGEncoder {
    /// Encodes `image` as a PNG file.
    ///
    /// Guarantees: the output is deterministic (same image, same bytes; no
    /// timestamps or other ancillary chunks: only IHDR, IDAT, IEND), decodes with
    /// `PNGDecoder` to an equal image, and is genuinely compressed (per-row
    /// filter choice, then LZ77 + Huffman deflate).
    ///
    /// The image MUST be well formed (`isWellFormed`) with positive dimensions.
    /// Rather than trap, a buffer that is too short is padded with transparent
    /// black, extra bytes are ignored, and an image with a zero or negative
    /// dimension yields an empty array, which is not a PNG.
    public static func encode(_ image: RGBAImage) -> [UInt8] {
        guard image.width > 0, image.height > 0, image.width <= 0x7FFF_FFFF,
            image.height <= 0x7FFF_FFFF
        else { return [] }
        let rowBytes = image.width * 4
        let filtered = RowFilterChooser.filter(image.pixels, rowBytes: rowBytes, rows: image.height)
        let compressed = Deflater.compress(filtered)

        var file = ChunkReader.signature
        var header: [UInt8] = []
        header += bigEndian(UInt32(image.width))
        header += bigEndian(UInt32(image.height))
        header += [8, 6, 0, 0, 0]  // 8 bits, RGBA, deflate, adaptive filters, no interlace
        appendChunk("IHDR", header, to: &file)
        // Split IDAT so no single chunk approaches the 2³¹ − 1 length limit.
        let idatSize = 1 << 20
        for start in stride(from: 0, to: compressed.count, by: idatSize) {
            appendChunk(
                "IDAT", Array(compressed[start..<min(start + idatSize, compressed.count)]), to: &file)
        }
        appendChunk("IEND", [], to: &file)
        return file
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        file += bigEndian(UInt32(data.count))
        let typeStart = file.count
        file += Array(type.utf8)
        file += data
        file += bigEndian(CRC32.checksum(file, typeStart..<file.count))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
}

/// Decodes PNG files into RGBA8 images, in pure Swift.
///
/// Supports every standard colour type and bit depth, tRNS, Adam7 interlacing
/// and all five filters; APNG files decode to their default image.
public enum PNGDecoder {
    /// Decodes a complete PNG file.
    ///
    /// Guarantees, whatever `bytes` holds:
    /// - it never traps and never reads out of bounds;
    /// - every chunk's CRC-32 and the zlib Adler-32 are verified;
    /// - the header's size is checked against `limits` before any pixel memory
    ///   is allocated, and decompression never produces more than the exact
    ///   number of bytes the header implies;
    /// - ancillary chunks (including compressed ones such as zTXt and iCCP, and
    ///   APNG's acTL/fcTL/fdAT) are CRC-checked and skipped, never inflated.
    ///
    /// - Throws: `PNGError` describing the first problem found.
    public static func decode(_ bytes: [UInt8], limits: PNGLimits = .default) throws(PNGError)
        -> RGBAImage
    {
        var reader = try ChunkReader(bytes)
        guard let first = try reader.next() else { throw .truncated }
        guard first.type == "IHDR" else { throw .malformed("the first chunk is not IHDR") }
        let header = try PNGHeader(bytes, first.data, limits: limits)

        var palette: [RGBA] = []
        var transparency = Transparency.none
        var compressed: [UInt8] = []
        var sawEnd = false
        while let chunk = try reader.next() {
            switch chunk.type {
            case "IHDR": throw .malformed("the file has a second IHDR chunk")
            case "PLTE": palette = try readPalette(bytes, chunk.data, header: header)
            case "tRNS": transparency = try Transparency(bytes, chunk.data, colorType: header.colorType)
            case "IDAT": compressed.append(contentsOf: bytes[chunk.data])
            case "IEND": sawEnd = true
            default:
                if chunk.isCritical { throw .unsupported("critical chunk \(chunk.type)") }
            }
            if sawEnd { break }
        }
        guard sawEnd else { throw .truncated }
        guard !compressed.isEmpty else { throw .malformed("the file has no IDAT chunk") }
        if header.colorType == .palette && palette.isEmpty {
            throw .malformed("a palette image has no PLTE chunk")
        }
        if case .paletteAlpha(let alphas) = transparency {
            for (index, alpha) in alphas.enumerated() where index < palette.count {
                palette[index].a = alpha
            }
        }

        var raw = try Inflater.inflate(compressed, expectedSize: header.decompressedSize)
        var output = [UInt8](repeating: 0, count: header.width * header.height * 4)
        let expander = PixelExpander(header: header, palette: palette, transparency: transparency)
        var start = 0
        for pass in header.passes {
            let rowBytes = header.rowBytes(pixels: pass.width)
            try ScanlineFilter.unfilter(
                &raw, start: start, rows: pass.height, rowBytes: rowBytes, stride: header.filterStride)
            try expander.expand(raw, start: start, pass: pass, into: &output)
            start += pass.height * (rowBytes + 1)
        }
        return RGBAImage(width: header.width, height: header.height, pixels: output)
    }

    private static func readPalette(_ bytes: [UInt8], _ range: Range<Int>, header: PNGHeader)
        throws(PNGError) -> [RGBA]
    {
        switch header.colorType {
        case .grey, .greyAlpha: throw .malformed("a greyscale image has a PLTE chunk")
        // A suggested palette for true-colour images is irrelevant to decoding.
        case .rgb, .rgba: return []
        case .palette: break
        }
        guard range.count % 3 == 0, (3...768).contains(range.count) else {
            throw .malformed("the PLTE chunk's length is not a multiple of 3 between 3 and 768")
        }
        return stride(from: range.lowerBound, to: range.upperBound, by: 3).map {
            RGBA(r: bytes[$0], g: bytes[$0 + 1], b: bytes[$0 + 2])
        }
    }
}

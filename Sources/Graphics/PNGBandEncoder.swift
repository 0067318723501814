import CPangoCairo

/// Turns a band canvas into an `EncodedBand`: 8-bit RGB scanlines, filter None, libdeflate.
///
/// Filter None is chosen deliberately: on text cells it compressed smaller than Sub, Up, Paeth
/// and an "Up when the row repeats" rule (measured on Huckleberry rows, README), and it costs
/// nothing to compute. A row equal to the one above is copied, not converted again.
///
/// Owns a compressor and a scanline buffer; one thread at a time, one encoder per worker.
public final class PNGBandEncoder {
    /// The libdeflate level every band is compressed at.
    public static let defaultLevel = 2

    private let compressor: DeflateCompressor
    private var scanlines = UnsafeMutableRawBufferPointer.allocate(byteCount: 0, alignment: 16)

    public init(level: Int = PNGBandEncoder.defaultLevel) throws(GraphicsError) {
        compressor = try DeflateCompressor(level: level)
    }

    deinit { scanlines.deallocate() }

    /// Encodes the top `rows` pixel rows of the canvas (all of them when nil) as one band.
    public func encode(_ canvas: Canvas, rows: Int? = nil) throws(GraphicsError) -> EncodedBand {
        try canvas.checkStatus("paint a band")
        cairo_surface_flush(canvas.surface)
        guard let data = cairo_image_surface_get_data(canvas.surface) else {
            throw .cairo(operation: "read a band's pixels", status: "no data")
        }
        let width = canvas.pixelWidth
        let height = min(rows ?? canvas.pixelHeight, canvas.pixelHeight)
        let stride = Int(cairo_image_surface_get_stride(canvas.surface))
        let lineLength = 1 + width * 3
        let count = lineLength * height
        if scanlines.count < count {
            scanlines.deallocate()
            scanlines = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 16)
        }
        do {
            let base = scanlines.baseAddress!.assumingMemoryBound(to: UInt8.self)
            for y in 0..<height {
                let line = base + y * lineLength
                let row = UnsafeRawPointer(data + y * stride)
                line[0] = 0
                if y > 0, memcmp(row, row - stride, width * 4) == 0 {
                    (line + 1).update(from: line + 1 - lineLength, count: width * 3)
                    continue
                }
                let pixels = row.assumingMemoryBound(to: UInt32.self)
                var o = line + 1
                for x in 0..<width {
                    let value = pixels[x]
                    o[0] = UInt8(truncatingIfNeeded: value >> 16)
                    o[1] = UInt8(truncatingIfNeeded: value >> 8)
                    o[2] = UInt8(truncatingIfNeeded: value)
                    o += 3
                }
            }
        }
        var piece: [UInt8] = []
        let slice = UnsafeRawBufferPointer(rebasing: scanlines[0..<count])
        try compressor.compressPiece(slice, appendingTo: &piece)
        let adler = Adler32.checksum(slice)
        return EncodedBand(deflate: piece, adler: adler, rawCount: count, pixelRows: height)
    }
}

import CPangoCairo

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a band's scanlines are compressed.
public enum BandCompression: Sendable, Equatable {
    /// `ScanlineDeflater`: the row above and the pixel before first, then a small hash search.
    case scanline
    /// libdeflate at a level (1 fastest … 12 smallest), kept for comparison (README).
    case libdeflate(level: Int)
}

/// Turns a band canvas into an `EncodedBand`: 8-bit RGB scanlines, filter None, compressed by
/// `ScanlineDeflater` (or libdeflate, for comparison).
///
/// Filter None is chosen deliberately: on text cells it compressed smaller than Sub, Up or Paeth
/// (measured on Huckleberry rows, README), and it costs nothing to compute. Runs of at least
/// `minimumRepeat` rows equal to the row above take filter Up instead (all zeros) and skip the
/// compressor: `RowRepeatBlock` writes them directly, at about 4 bytes a row.
///
/// Owns a compressor and a scanline buffer; one thread at a time, one encoder per worker.
public final class PNGBandEncoder {
    /// How bands are compressed unless told otherwise.
    public static let defaultCompression = BandCompression.scanline

    private let compressor: DeflateCompressor?
    private let deflater = ScanlineDeflater()
    private let minimumRepeat: Int
    private var repeats: [Bool] = []
    private var scanlines = UnsafeMutableRawBufferPointer.allocate(byteCount: 0, alignment: 16)

    /// Rows equal to the row above, in runs of at least this many, are written as one copy
    /// (`RowRepeatBlock`) instead of going through libdeflate; 0 turns that off.
    public static let defaultMinimumRepeat = 8

    public init(
        compression: BandCompression = PNGBandEncoder.defaultCompression,
        minimumRepeat: Int = PNGBandEncoder.defaultMinimumRepeat
    ) throws(GraphicsError) {
        switch compression {
        case .scanline: compressor = nil
        case .libdeflate(let level): compressor = try DeflateCompressor(level: level)
        }
        self.minimumRepeat = minimumRepeat
    }

    /// Compresses scanline bytes `start..<end` of the band as a joinable piece.
    private func compress(_ start: Int, _ end: Int, rowLength: Int, appendingTo piece: inout [UInt8]) throws(GraphicsError) {
        guard end > start else { return }
        if let compressor {
            try compressor.compressPiece(UnsafeRawBufferPointer(rebasing: scanlines[start..<end]), appendingTo: &piece)
        } else {
            let base = UnsafePointer(scanlines.baseAddress!.assumingMemoryBound(to: UInt8.self))
            deflater.compressPiece(base, start: start, end: end, rowLength: rowLength, appendingTo: &piece)
        }
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
        if repeats.count < height { repeats = [Bool](repeating: false, count: height) }
        do {
            let base = scanlines.baseAddress!.assumingMemoryBound(to: UInt8.self)
            for y in 0..<height {
                let line = base + y * lineLength
                let row = UnsafeRawPointer(data + y * stride)
                line[0] = 0
                repeats[y] = y > 0 && memcmp(row, row - stride, width * 4) == 0
                if repeats[y] {
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
        deflater.startBand()
        let useRepeats = minimumRepeat > 0 && lineLength >= 5
        var segmentStart = 0
        var y = 0
        while y < height {
            guard useRepeats, repeats[y] else {
                y += 1
                continue
            }
            var run = 1
            while y + run < height && repeats[y + run] { run += 1 }
            if run >= minimumRepeat {
                try compress(segmentStart * lineLength, y * lineLength, rowLength: lineLength, appendingTo: &piece)
                RowRepeatBlock.append(rows: run, rowLength: lineLength, to: &piece)
                // The scanlines say what the block decodes to (Adler-32 covers them).
                let rows = scanlines.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * lineLength
                rows.update(repeating: 0, count: run * lineLength)
                for row in 0..<run { rows[row * lineLength] = RowRepeatBlock.filterUp }
                segmentStart = y + run
            }
            y += run
        }
        try compress(segmentStart * lineLength, height * lineLength, rowLength: lineLength, appendingTo: &piece)
        let adler = Adler32.checksum(UnsafeRawBufferPointer(rebasing: scanlines[0..<count]))
        return EncodedBand(deflate: piece, adler: adler, rawCount: count, pixelRows: height)
    }
}

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
/// `minimumRepeat` rows equal to the row above take filter Up instead (all zeros), written as
/// a literal 2 and copies of a zero, about 4 bytes a row (by the deflater, or by
/// `RowRepeatBlock` between libdeflate's pieces).
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

    /// Rows equal to the row above, in runs of at least this many, are written as repeated rows
    /// (filter Up) instead of being matched as image rows; 0 turns that off.
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

    /// Compresses scanline bytes `start..<end` of the band: libdeflate as a joinable piece of
    /// its own; the deflater as part of the band's one piece (`finishPiece` ends it).
    private func compress(_ start: Int, _ end: Int, rowLength: Int, appendingTo piece: inout [UInt8]) throws(GraphicsError) {
        guard end > start else { return }
        if let compressor {
            try compressor.compressPiece(UnsafeRawBufferPointer(rebasing: scanlines[start..<end]), appendingTo: &piece)
        } else {
            let base = UnsafePointer(scanlines.baseAddress!.assumingMemoryBound(to: UInt8.self))
            deflater.compress(base, start: start, end: end, rowLength: rowLength)
        }
    }

    deinit { scanlines.deallocate() }

    /// Writes `count` Cairo pixels (0xAARRGGBB words, opaque) as R, G, B bytes; four pixels
    /// make three 32-bit stores.
    @inline(__always)
    private static func packRGB(_ pixels: UnsafePointer<UInt32>, count: Int, into output: UnsafeMutablePointer<UInt8>) {
        let raw = UnsafeMutableRawPointer(output)
        var x = 0
        // Each pixel as 0x00BBGGRR: its little-endian bytes are R, G, B.
        @inline(__always) func rgb(_ pixel: UInt32) -> UInt32 { pixel.byteSwapped >> 8 }
        while x + 4 <= count {
            let (a, b, c, d) = (rgb(pixels[x]), rgb(pixels[x + 1]), rgb(pixels[x + 2]), rgb(pixels[x + 3]))
            raw.storeBytes(of: (a | b << 24).littleEndian, toByteOffset: x * 3, as: UInt32.self)
            raw.storeBytes(of: (b >> 8 | c << 16).littleEndian, toByteOffset: x * 3 + 4, as: UInt32.self)
            raw.storeBytes(of: (c >> 16 | d << 8).littleEndian, toByteOffset: x * 3 + 8, as: UInt32.self)
            x += 4
        }
        while x < count {
            let value = pixels[x]
            output[x * 3] = UInt8(truncatingIfNeeded: value >> 16)
            output[x * 3 + 1] = UInt8(truncatingIfNeeded: value >> 8)
            output[x * 3 + 2] = UInt8(truncatingIfNeeded: value)
            x += 1
        }
    }

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
        let useRepeats = minimumRepeat > 0 && lineLength >= 5
        let base = scanlines.baseAddress!.assumingMemoryBound(to: UInt8.self)
        do {
            for y in 0..<height {
                let line = base + y * lineLength
                let row = UnsafeRawPointer(data + y * stride)
                line[0] = 0
                repeats[y] = y > 0 && memcmp(row, row - stride, width * 4) == 0
                if repeats[y] {
                    // Copied below when its run is too short to be written as repeated rows.
                    if !useRepeats { (line + 1).update(from: line + 1 - lineLength, count: width * 3) }
                    continue
                }
                Self.packRGB(row.assumingMemoryBound(to: UInt32.self), count: width, into: line + 1)
            }
        }
        var piece: [UInt8] = []
        deflater.startBand()
        var segmentStart = 0
        var y = 0
        while y < height {
            guard useRepeats, repeats[y] else {
                y += 1
                continue
            }
            var run = 1
            while y + run < height && repeats[y + run] { run += 1 }
            if run < minimumRepeat {
                // Image rows after all: copies of the row above, filter None.
                for row in y..<y + run {
                    (base + row * lineLength).update(from: base + (row - 1) * lineLength, count: lineLength)
                }
            } else {
                try compress(segmentStart * lineLength, y * lineLength, rowLength: lineLength, appendingTo: &piece)
                // The scanlines say what the rows decode to: Adler-32 covers them, and the
                // deflater's later matches may copy from them.
                let rows = base + y * lineLength
                rows.update(repeating: 0, count: run * lineLength)
                for row in 0..<run { rows[row * lineLength] = RowRepeatBlock.filterUp }
                if compressor == nil {
                    deflater.repeatRows(run, rowLength: lineLength)
                } else {
                    RowRepeatBlock.append(rows: run, rowLength: lineLength, to: &piece)
                }
                segmentStart = y + run
            }
            y += run
        }
        try compress(segmentStart * lineLength, height * lineLength, rowLength: lineLength, appendingTo: &piece)
        if compressor == nil { deflater.finishPiece(appendingTo: &piece) }
        let adler = Adler32.checksum(UnsafeRawBufferPointer(rebasing: scanlines[0..<count]))
        return EncodedBand(deflate: piece, adler: adler, rawCount: count, pixelRows: height)
    }
}

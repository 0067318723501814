/// Where an encoder writes its bytes: a file being written, or memory.
///
/// `overwrite` replaces bytes already written (the PNG header, whose height is known last).
public protocol ByteSink: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) throws
    func overwrite(at offset: Int, _ bytes: UnsafeRawBufferPointer) throws
}

/// A sink that keeps the bytes in memory.
public final class MemorySink: ByteSink {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public func write(_ bytes: UnsafeRawBufferPointer) { self.bytes.append(contentsOf: bytes) }

    public func overwrite(at offset: Int, _ bytes: UnsafeRawBufferPointer) {
        self.bytes.replaceSubrange(offset..<offset + bytes.count, with: bytes)
    }
}

/// One horizontal band of an image, filtered and compressed: a joinable piece of the image's
/// zlib stream (see `ScanlineDeflater`) with the Adler-32 of its uncompressed scanlines.
public struct EncodedBand: Sendable {
    public var deflate: [UInt8]
    public var adler: UInt32
    public var rawCount: Int
    public var pixelRows: Int
}

/// Writes a PNG (8-bit RGB, no interlacing, no timestamps) band by band as bands arrive, so an
/// image of any height goes out with memory bounded by one band.
///
/// The height in the header is written as 0 and patched by `finish()`, so the sink must accept
/// `overwrite`. Bands MUST be appended top to bottom.
public final class PNGStreamWriter {
    public let pixelWidth: Int
    public private(set) var pixelHeight = 0
    private let sink: any ByteSink
    private var adler = Adler32.initial
    private var wroteZlibHeader = false

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    // CMF 0x78 (deflate, 32 KB window), FLG 0x5E ("fast" level); 0x785E is a multiple of 31.
    private static let zlibHeader: [UInt8] = [0x78, 0x5E]

    public init(sink: any ByteSink, pixelWidth: Int) throws(GraphicsError) {
        guard pixelWidth >= 1 else { throw .surfaceSize(width: pixelWidth, height: 0) }
        self.sink = sink
        self.pixelWidth = pixelWidth
        try put(Self.signature)
        try put(chunk("IHDR", header(height: 0)))
    }

    /// Appends the next band down.
    public func append(_ band: EncodedBand) throws(GraphicsError) {
        guard band.pixelRows > 0 else { return }
        var data: [UInt8] = []
        data.reserveCapacity(band.deflate.count + 2)
        if !wroteZlibHeader {
            data += Self.zlibHeader
            wroteZlibHeader = true
        }
        data += band.deflate
        try put(chunk("IDAT", data))
        adler = Adler32.combine(adler, band.adler, secondLength: band.rawCount)
        pixelHeight += band.pixelRows
    }

    /// Ends the zlib stream and the file, and writes the final height into the header.
    ///
    /// Throws when no band was appended (a PNG needs at least one pixel row).
    public func finish() throws(GraphicsError) {
        guard pixelHeight > 0 else { throw .surfaceSize(width: pixelWidth, height: 0) }
        let trailer =
            DeflateCompressor.streamEnd + [
                UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF),
            ]
        try put(chunk("IDAT", trailer))
        try put(chunk("IEND", []))
        let ihdr = chunk("IHDR", header(height: pixelHeight))
        do {
            try ihdr.withUnsafeBytes { try sink.overwrite(at: Self.signature.count, $0) }
        } catch {
            throw .output("\(error)")
        }
    }

    private func header(height: Int) -> [UInt8] {
        bigEndian(UInt32(pixelWidth)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0]
    }

    private func put(_ bytes: [UInt8]) throws(GraphicsError) {
        do {
            try bytes.withUnsafeBytes { try sink.write($0) }
        } catch {
            throw .output("\(error)")
        }
    }

    private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        var crc = typeBytes.withUnsafeBytes { CRC32.update(0, $0) }
        crc = data.withUnsafeBytes { CRC32.update(crc, $0) }
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc)
    }

    private func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

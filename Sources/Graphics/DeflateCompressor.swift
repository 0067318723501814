import CDeflate

/// A libdeflate compressor that makes pieces of one DEFLATE stream, compressed independently.
///
/// Each piece is a run of non-final blocks ending on a byte boundary with an empty stored block
/// (the marker zlib's sync flush writes), so pieces compressed on different threads join by
/// plain concatenation; `streamEnd` closes the joined stream. A piece depends only on its input
/// bytes and the level, never on the thread or on other pieces: same input, same bytes.
///
/// Owns its libdeflate compressor; one thread at a time.
public final class DeflateCompressor {
    let compressor: OpaquePointer
    private var output: UnsafeMutableRawBufferPointer

    /// Makes a compressor at libdeflate `level` (1 fastest … 12 smallest).
    public init(level: Int) throws(GraphicsError) {
        guard (1...12).contains(level), let compressor = libdeflate_alloc_compressor(Int32(level)) else {
            throw .compression("libdeflate could not make a compressor at level \(level)")
        }
        self.compressor = compressor
        self.output = UnsafeMutableRawBufferPointer.allocate(byteCount: 0, alignment: 16)
    }

    deinit {
        libdeflate_free_compressor(compressor)
        output.deallocate()
    }

    /// The two bytes of an empty final block with fixed codes: the end of a joined stream.
    public static let streamEnd: [UInt8] = [0x03, 0x00]

    /// Compresses `input` into a joinable piece (see the type's contract) and appends it to `piece`.
    public func compressPiece(_ input: UnsafeRawBufferPointer, appendingTo piece: inout [UInt8]) throws(GraphicsError) {
        let bound = libdeflate_deflate_compress_bound(compressor, input.count) + 8
        if output.count < bound {
            output.deallocate()
            output = UnsafeMutableRawBufferPointer.allocate(byteCount: bound, alignment: 16)
        }
        let size = libdeflate_deflate_compress(compressor, input.baseAddress, input.count, output.baseAddress, bound)
        guard size > 0 else { throw .compression("libdeflate produced no output for \(input.count) bytes") }
        let bytes = UnsafeMutableBufferPointer(start: output.baseAddress!.assumingMemoryBound(to: UInt8.self), count: size)
        let tail: DeflateBlockScanner.Tail
        do {
            tail = try DeflateBlockScanner.scan(UnsafeBufferPointer(bytes))
        } catch {
            throw .compression("libdeflate's output did not parse: \(error)")
        }
        // Clear the final flag, then write the 3 header bits of an empty stored block (all
        // zero) after the end-of-block code, pad to a byte and add LEN 0 and NLEN 0xFFFF.
        bytes[tail.finalHeaderBit >> 3] &= ~UInt8(1 << (tail.finalHeaderBit & 7))
        let endByte = tail.endBit >> 3
        let keptBytes = (tail.endBit + 3 + 7) >> 3
        let start = piece.count
        piece.reserveCapacity(start + keptBytes + 4)
        piece.append(contentsOf: bytes[0..<min(endByte, size)])
        if endByte < size {
            piece.append(bytes[endByte] & UInt8((1 << (tail.endBit & 7)) - 1))
        }
        while piece.count - start < keptBytes { piece.append(0) }
        piece.append(contentsOf: [0x00, 0x00, 0xFF, 0xFF])
    }
}

/// Adler-32 (zlib's checksum) of pieces computed separately, combined in order.
public enum Adler32 {
    /// The checksum of no bytes.
    public static let initial: UInt32 = 1

    /// The checksum of `bytes` (libdeflate's vectorised implementation).
    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        UInt32(libdeflate_adler32(1, bytes.baseAddress, bytes.count))
    }

    /// The checksum of A followed by B, from the checksums of A and B and B's length (zlib's rule).
    public static func combine(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
        let base: UInt64 = 65_521
        let remainder = UInt64(secondLength) % base
        var sum1 = UInt64(first & 0xFFFF)
        var sum2 = (remainder * sum1) % base
        sum1 += UInt64(second & 0xFFFF) + base - 1
        sum2 += UInt64(first >> 16) + UInt64(second >> 16) + base - remainder
        if sum1 >= base { sum1 -= base }
        if sum1 >= base { sum1 -= base }
        if sum2 >= base << 1 { sum2 -= base << 1 }
        if sum2 >= base { sum2 -= base }
        return UInt32(sum1 | (sum2 << 16))
    }
}

/// CRC-32 as PNG chunks use it.
enum CRC32 {
    static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        UInt32(libdeflate_crc32(UInt32(crc), bytes.baseAddress, bytes.count))
    }
}

extension DeflateCompressor {
    /// libdeflate's own output for `input`, unmodified (for checking the block scanner).
    func rawStream(_ input: UnsafeRawBufferPointer) -> [UInt8] {
        let bound = libdeflate_deflate_compress_bound(compressor, input.count)
        var out = [UInt8](repeating: 0, count: bound)
        let size = out.withUnsafeMutableBytes {
            libdeflate_deflate_compress(compressor, input.baseAddress, input.count, $0.baseAddress, bound)
        }
        return Array(out[0..<size])
    }

    /// How many bytes of `stream` libdeflate's decompressor consumes, nil when it fails.
    static func consumedBytes(_ stream: [UInt8], outputSize: Int) -> Int? {
        inflate(stream, outputSize: outputSize)?.consumed
    }

    /// `stream` decompressed by libdeflate, nil when it fails or is not `outputSize` bytes.
    static func decompressed(_ stream: [UInt8], outputSize: Int) -> [UInt8]? {
        inflate(stream, outputSize: outputSize)?.output
    }

    private static func inflate(_ stream: [UInt8], outputSize: Int) -> (output: [UInt8], consumed: Int)? {
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        var output = [UInt8](repeating: 0, count: outputSize)
        var consumed = 0
        var produced = 0
        let result = stream.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                libdeflate_deflate_decompress_ex(
                    decompressor, input.baseAddress, input.count, out.baseAddress, out.count, &consumed, &produced)
            }
        }
        return result == LIBDEFLATE_SUCCESS && produced == outputSize ? (output, consumed) : nil
    }
}

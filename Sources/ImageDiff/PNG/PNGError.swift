/// Why a byte string could not be decoded as a PNG.
///
/// Every failure of `PNGDecoder.decode` is one of these; the decoder never
/// traps, whatever the input.
public enum PNGError: Error, Equatable, CustomStringConvertible {
    /// The bytes do not start with the PNG signature.
    case notPNG
    /// The file ends before its IEND chunk, or inside a chunk.
    case truncated
    /// A chunk's CRC-32 does not match its type and data.
    case badChecksum(chunk: String)
    /// The zlib stream's Adler-32 does not match the decompressed image data.
    case badAdler32
    /// The header claims more pixels or bytes than `PNGLimits` allows.
    case tooLarge(width: Int, height: Int)
    /// A valid PNG feature this decoder does not implement (or a future one).
    case unsupported(String)
    /// The file violates the PNG or zlib format.
    case malformed(String)

    /// One clear sentence, suitable for a test report.
    public var description: String {
        switch self {
        case .notPNG:
            return "The data is not a PNG file: it does not start with the PNG signature."
        case .truncated:
            return "The PNG file is truncated: it ends before its IEND chunk."
        case .badChecksum(let chunk):
            return "The PNG chunk \(chunk) is corrupt: its CRC-32 checksum does not match."
        case .badAdler32:
            return "The PNG image data is corrupt: its zlib Adler-32 checksum does not match."
        case .tooLarge(let width, let height):
            return
                "The PNG image is too large to decode: \(width)×\(height) exceeds the configured limits."
        case .unsupported(let what):
            return "The PNG file uses an unsupported feature: \(what)."
        case .malformed(let what):
            return "The PNG file is malformed: \(what)."
        }
    }
}

/// A failure inside the C graphics libraries, turned into a Swift value.
public enum GraphicsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Cairo reported `status` while doing `operation`.
    case cairo(operation: String, status: String)
    /// A surface larger than Cairo's 32,767-pixel limit on a side, or with no area.
    case surfaceSize(width: Int, height: Int)
    /// The pinned fonts could not be found or loaded.
    case fonts(String)
    /// Pango refused a text or a layout.
    case pango(String)
    /// An image file could not be decoded.
    case image(String)
    /// The compressor failed (PNG encoding).
    case compression(String)
    /// An output stream refused bytes.
    case output(String)

    public var description: String {
        switch self {
        case .cairo(let operation, let status):
            "cairo failed to \(operation): \(status)"
        case .surfaceSize(let width, let height):
            "an image of \(width) × \(height) pixels cannot be made: each side must be 1 to \(Canvas.maximumSide) pixels"
        case .fonts(let message):
            "fonts: \(message)"
        case .pango(let message):
            "pango: \(message)"
        case .image(let message):
            "image: \(message)"
        case .compression(let message):
            "compression: \(message)"
        case .output(let message):
            message
        }
    }
}

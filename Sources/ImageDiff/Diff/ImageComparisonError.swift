/// Width and height of an image, as reported in comparison errors.
public struct ImageSize: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// "width×height", as used in error messages.
    public var description: String { "\(width)×\(height)" }
}

/// Why two images could not be compared.
public enum ImageComparisonError: Error, Equatable, CustomStringConvertible {
    /// The images differ in size; both sizes are named so the report can say which
    /// side changed.
    case sizeMismatch(expected: ImageSize, actual: ImageSize)
    /// An image's pixel buffer does not hold `width × height × 4` bytes.
    case invalidImage(which: String, size: ImageSize, byteCount: Int)

    /// One sentence naming the problem and the sizes involved.
    public var description: String {
        switch self {
        case .sizeMismatch(let expected, let actual):
            return "The images differ in size: expected \(expected), actual \(actual)."
        case .invalidImage(let which, let size, let byteCount):
            return
                "The \(which) image claims \(size) but holds \(byteCount) bytes instead of width × height × 4."
        }
    }
}

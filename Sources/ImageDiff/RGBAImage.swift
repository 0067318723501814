/// An 8-bit-per-channel RGBA raster, stored row-major with no padding.
///
/// The type is a plain value: it MUST hold `width * height * 4` bytes for the
/// comparison and encoding APIs to accept it, but construction does not trap
/// on a mismatched buffer, because images arrive from untrusted files and the
/// APIs that consume them report the problem as a typed error instead.
public struct RGBAImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Pixel bytes in R, G, B, A order, row-major, `width * height * 4` long.
    public var pixels: [UInt8]

    /// Wraps an existing RGBA8 buffer without copying or validating it.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Creates an image filled with one colour.
    ///
    /// Negative sizes produce an empty buffer (and therefore an invalid image)
    /// rather than a trap.
    public init(width: Int, height: Int, fill: RGBA = RGBA(r: 0, g: 0, b: 0, a: 0)) {
        let (count, overflow) = max(width, 0).multipliedReportingOverflow(by: max(height, 0))
        let pixelCount = overflow ? 0 : count
        var bytes = [UInt8](repeating: 0, count: pixelCount * 4)
        if fill != RGBA(r: 0, g: 0, b: 0, a: 0) {
            for index in stride(from: 0, to: bytes.count, by: 4) {
                bytes[index] = fill.r
                bytes[index + 1] = fill.g
                bytes[index + 2] = fill.b
                bytes[index + 3] = fill.a
            }
        }
        self.init(width: width, height: height, pixels: bytes)
    }

    /// Whether the buffer length agrees with the dimensions.
    ///
    /// Every consumer checks this first; a `false` here is what turns into
    /// `ImageComparisonError.invalidImage` instead of an out-of-bounds read.
    public var isWellFormed: Bool {
        guard width >= 0, height >= 0 else { return false }
        let (pixelCount, overflow1) = width.multipliedReportingOverflow(by: height)
        let (byteCount, overflow2) = pixelCount.multipliedReportingOverflow(by: 4)
        return !overflow1 && !overflow2 && byteCount == pixels.count
    }

    /// The pixel at (`x`, `y`), or `nil` outside the image or for a malformed buffer.
    public func pixel(x: Int, y: Int) -> RGBA? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let offset = (y * width + x) * 4
        guard offset + 3 < pixels.count else { return nil }
        return RGBA(
            r: pixels[offset], g: pixels[offset + 1], b: pixels[offset + 2], a: pixels[offset + 3])
    }
}

/// One RGBA8 colour, straight (not premultiplied) alpha.
public struct RGBA: Sendable, Equatable, Hashable {
    /// Red, 0…255.
    public var r: UInt8
    /// Green, 0…255.
    public var g: UInt8
    /// Blue, 0…255.
    public var b: UInt8
    /// Opacity, 0 (transparent) … 255 (opaque).
    public var a: UInt8

    /// Creates a colour; opaque unless `a` is given.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
}

/// Memoizes the grey background of the most recent input pixel.
struct GreyCache {
    let alpha: Double
    private var lastInput: UInt32 = 0
    private var lastOutput: UInt32

    init(alpha: Double) {
        self.alpha = alpha
        self.lastOutput = Self.compute(0, alpha: alpha)
    }

    /// Paints the grey background of `image[range]` into `output[range]`.
    @inline(__always)
    mutating func paint(
        _ range: Range<Int>, from image: UnsafeBufferPointer<UInt32>,
        into output: UnsafeMutableBufferPointer<UInt32>
    ) {
        for i in range { output[i] = pixel(for: image[i]) }
    }

    @inline(__always)
    mutating func pixel(for input: UInt32) -> UInt32 {
        if input != lastInput {
            lastInput = input
            lastOutput = Self.compute(input, alpha: alpha)
        }
        return lastOutput
    }

    /// pixelmatch's `drawGrayPixel`, with the same operation order so that the
    /// truncated byte matches bit for bit.
    static func compute(_ pixel: UInt32, alpha: Double) -> UInt32 {
        let c = PixelColor(pixel)
        let val =
            255 + (c.r * 0.29889531 + c.g * 0.58662247 + c.b * 0.11448223 - 255) * alpha * c.a / 255
        let byte = UInt32(GreyLevel.byte(val))
        return (byte | byte << 8 | byte << 16 | 0xFF00_0000).littleEndian
    }
}

/// Resource ceilings the decoder enforces before it allocates anything.
///
/// A PNG header can claim 2³¹ × 2³¹ pixels in 13 bytes, so the decoder MUST
/// refuse such a claim from the header alone; these limits are that check.
/// Besides the RGBA8 output, the decoder holds the decompressed scanlines,
/// which take up to 8 bytes a pixel (16-bit RGBA), so peak memory for an
/// admitted image is at most about three times `width × height × 4`.
public struct PNGLimits: Sendable, Equatable {
    /// Largest `width × height` accepted. Default 300 000 000.
    public var maxPixels: Int
    /// Largest RGBA8 output buffer (`width × height × 4` bytes) accepted.
    /// Default 1 200 000 000, i.e. not tighter than `maxPixels` unless lowered.
    public var maxBytes: Int

    /// Creates limits; the defaults admit any image up to 300 megapixels.
    public init(maxPixels: Int = 300_000_000, maxBytes: Int = 1_200_000_000) {
        self.maxPixels = maxPixels
        self.maxBytes = maxBytes
    }

    /// The limits used when none are given.
    public static let `default` = PNGLimits()

    /// Whether an image of this size may be decoded; overflow-safe.
    func admits(width: Int, height: Int) -> Bool {
        let (pixels, overflow1) = width.multipliedReportingOverflow(by: height)
        let (bytes, overflow2) = pixels.multipliedReportingOverflow(by: 4)
        return !overflow1 && !overflow2 && pixels <= maxPixels && bytes <= maxBytes
    }
}

/// An opaque RGB colour used to paint the diff image.
public struct RGB: Sendable, Equatable, Hashable {
    /// Red, 0…255.
    public var r: UInt8
    /// Green, 0…255.
    public var g: UInt8
    /// Blue, 0…255.
    public var b: UInt8

    /// Creates a colour from its red, green and blue components.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }
}

/// Options for `ImageDiff.compare`, mirroring pixelmatch 7.1's option object.
///
/// Defaults are pixelmatch's, so thresholds tuned against pixelmatch carry over
/// unchanged.
public struct DiffOptions: Sendable, Equatable {
    /// Matching threshold, 0…1; smaller is more sensitive. A pixel differs when
    /// its YIQ distance exceeds `35215 × threshold²`.
    public var threshold: Double
    /// When `true`, pixels detected as anti-aliasing count as differences.
    public var includeAA: Bool
    /// Opacity of the original image in the grey background of the diff image.
    public var alpha: Double
    /// Colour of anti-aliased pixels in the diff image.
    public var aaColor: RGB
    /// Colour of differing pixels.
    public var diffColor: RGB
    /// Colour of differing pixels where the second image is darker;
    /// `nil` means `diffColor`.
    public var diffColorAlt: RGB?
    /// When `true`, the diff image shows only the differences on a transparent
    /// background (no grey rendering, no anti-aliasing colour).
    public var diffMask: Bool

    /// Creates options; every default is pixelmatch 7.1's.
    public init(
        threshold: Double = 0.1,
        includeAA: Bool = false,
        alpha: Double = 0.1,
        aaColor: RGB = RGB(255, 255, 0),
        diffColor: RGB = RGB(255, 0, 0),
        diffColorAlt: RGB? = nil,
        diffMask: Bool = false
    ) {
        self.threshold = threshold
        self.includeAA = includeAA
        self.alpha = alpha
        self.aaColor = aaColor
        self.diffColor = diffColor
        self.diffColorAlt = diffColorAlt
        self.diffMask = diffMask
    }

    /// The largest YIQ distance still treated as equal.
    var maxDelta: Double { 35215 * threshold * threshold }
}

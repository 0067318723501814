/// The outcome of comparing two images of the same size.
public struct DiffResult: Sendable, Equatable {
    /// Pixels that differ beyond the threshold and are not excused as anti-aliasing.
    public let mismatchedPixels: Int
    /// `width × height` of the compared images.
    public let totalPixels: Int
    /// The pixelmatch-style diff rendering, or `nil` when it was not requested.
    public let diffImage: RGBAImage?

    /// Creates a result; `compare` is the usual source of one.
    public init(mismatchedPixels: Int, totalPixels: Int, diffImage: RGBAImage?) {
        self.mismatchedPixels = mismatchedPixels
        self.totalPixels = totalPixels
        self.diffImage = diffImage
    }

    /// `mismatchedPixels / totalPixels`, or 0 for an empty image.
    public var mismatchRatio: Double {
        totalPixels == 0 ? 0 : Double(mismatchedPixels) / Double(totalPixels)
    }
}

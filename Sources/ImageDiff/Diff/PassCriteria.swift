/// How many mismatched pixels a comparison may have and still pass.
///
/// The two allowances are alternatives: a result passes when it is within
/// `maxDiffPixels` OR within `maxDiffPixelRatio × totalPixels`. Taking the
/// larger allowance (rather than Playwright's minimum) keeps the default
/// `maxDiffPixels = 0` from silently cancelling a ratio the caller set.
public struct PassCriteria: Sendable, Equatable {
    /// Absolute number of mismatched pixels tolerated. Negative values act as 0.
    public var maxDiffPixels: Int
    /// Fraction (0…1) of all pixels tolerated, or `nil` for no ratio allowance.
    /// NaN and negative values tolerate nothing.
    public var maxDiffPixelRatio: Double?

    /// Creates criteria; the defaults tolerate no mismatched pixel at all.
    public init(maxDiffPixels: Int = 0, maxDiffPixelRatio: Double? = nil) {
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffPixelRatio = maxDiffPixelRatio
    }

    /// Whether `result` is within either allowance.
    public func passes(_ result: DiffResult) -> Bool {
        if result.mismatchedPixels <= max(maxDiffPixels, 0) { return true }
        guard let ratio = maxDiffPixelRatio, ratio >= 0 else {
            return false
        }
        // Compare in floating point so that huge totals cannot overflow.
        return Double(result.mismatchedPixels) <= ratio * Double(result.totalPixels)
    }
}

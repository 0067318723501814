/// Rounding of point values to the device-pixel grid of a screen scale.
///
/// UIKit aligns views to whole device pixels; Cellshot does the same for row heights so that
/// rows never share a pixel row.
public enum PixelGrid {
    /// `points` rounded up to a whole number of device pixels at `scale`.
    ///
    /// A value within 1e-6 pixel of a pixel boundary is treated as on it, so floating-point
    /// noise in a sum of text heights never adds a whole extra pixel.
    public static func ceil(_ points: Double, scale: Int) -> Double {
        let pixels = points * Double(scale)
        return (pixels - 1e-6).rounded(.up) / Double(scale)
    }

    /// `points` as a whole number of device pixels at `scale`, rounded up the same way.
    public static func pixels(_ points: Double, scale: Int) -> Int {
        Int((points * Double(scale) - 1e-6).rounded(.up))
    }
}

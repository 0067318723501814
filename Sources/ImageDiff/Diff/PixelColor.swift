/// The four channels of a 32-bit pixel as doubles, plus pixelmatch's colour metric.
///
/// The arithmetic mirrors pixelmatch 7.1 operation for operation (same order,
/// same constants, IEEE doubles), because the diff image depends on exact
/// comparisons against the threshold and on exact zeroes.
struct PixelColor {
    let r: Double
    let g: Double
    let b: Double
    let a: Double

    /// Decodes a pixel whose memory bytes are R, G, B, A.
    @inline(__always)
    init(_ pixel: UInt32) {
        let v = UInt32(littleEndian: pixel)
        r = Double(v & 0xFF)
        g = Double((v >> 8) & 0xFF)
        b = Double((v >> 16) & 0xFF)
        a = Double(v >> 24)
    }

    /// The signed squared YIQ distance; negative when the second pixel is darker.
    @inline(__always)
    static func delta(_ p1: UInt32, _ p2: UInt32, byteOffset k: Int) -> Double {
        guard let (dr, dg, db) = differences(p1, p2, byteOffset: k) else { return 0 }
        let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y > 0 ? -delta : delta
    }

    /// The brightness-only form used by the anti-aliasing detector.
    @inline(__always)
    static func brightnessDelta(_ p1: UInt32, _ p2: UInt32, byteOffset k: Int) -> Double {
        guard let (dr, dg, db) = differences(p1, p2, byteOffset: k) else { return 0 }
        return dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
    }

    /// Channel differences, blended against pixelmatch's offset-keyed background
    /// when either pixel is translucent; `nil` when the pixels are identical.
    @inline(__always)
    static func differences(_ p1: UInt32, _ p2: UInt32, byteOffset k: Int)
        -> (Double, Double, Double)?
    {
        if p1 == p2 { return nil }
        let c1 = PixelColor(p1)
        let c2 = PixelColor(p2)
        if c1.a < 255 || c2.a < 255 {
            let da = c1.a - c2.a
            let rb = 48 + 159 * Double(k % 2)
            let gb = 48 + 159 * Double(Int(Double(k) / 1.618033988749895) % 2)
            let bb = 48 + 159 * Double(Int(Double(k) / 2.618033988749895) % 2)
            return (
                (c1.r * c1.a - c2.r * c2.a - rb * da) / 255,
                (c1.g * c1.a - c2.g * c2.a - gb * da) / 255,
                (c1.b * c1.a - c2.b * c2.a - bb * da) / 255
            )
        }
        return (c1.r - c2.r, c1.g - c2.g, c1.b - c2.b)
    }
}

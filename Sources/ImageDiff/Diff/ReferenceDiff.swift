/// A line-by-line transcription of pixelmatch 7.1, kept deliberately naive.
///
/// It is the oracle the optimized `PixelScanner` is tested against and the
/// baseline the benchmark measures, so it favours obviousness over speed:
/// byte-array indexing, one `colorDelta` call per comparison, no caching.
/// Callers MUST pass well-formed images of equal size.
package enum ReferenceDiff {
    /// Counts mismatched pixels and, if `output` is given, paints the diff into it.
    /// `output` MUST start zeroed (pixelmatch leaves undrawn pixels transparent).
    package static func run(
        _ img1: [UInt8], _ img2: [UInt8], width: Int, height: Int,
        options: DiffOptions, output: inout [UInt8]?
    ) -> Int {
        let len = width * height
        var identical = true
        for i in 0..<len where value(img1, i) != value(img2, i) {
            identical = false
            break
        }
        if identical {
            if output != nil, !options.diffMask {
                for i in 0..<len { drawGray(img1, 4 * i, options.alpha, &output) }
            }
            return 0
        }

        let maxDelta = options.maxDelta
        let alt = options.diffColorAlt ?? options.diffColor
        var diff = 0
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                let pos = i * 4
                let delta =
                    value(img1, i) == value(img2, i) ? 0 : colorDelta(img1, img2, pos, pos, yOnly: false)
                if abs(delta) > maxDelta {
                    let isAA =
                        antialiased(img1, x, y, width, height, img1, img2)
                        || antialiased(img2, x, y, width, height, img2, img1)
                    if !options.includeAA && isAA {
                        if !options.diffMask { draw(&output, pos, options.aaColor) }
                    } else {
                        draw(&output, pos, delta < 0 ? alt : options.diffColor)
                        diff += 1
                    }
                } else if !options.diffMask {
                    drawGray(img1, pos, options.alpha, &output)
                }
            }
        }
        return diff
    }

    /// The pixel as one 32-bit value; only equality matters, so byte order is irrelevant.
    static func value(_ img: [UInt8], _ i: Int) -> UInt32 {
        let p = i * 4
        return UInt32(img[p]) | UInt32(img[p + 1]) << 8 | UInt32(img[p + 2]) << 16
            | UInt32(img[p + 3]) << 24
    }

    static func antialiased(
        _ img: [UInt8], _ x1: Int, _ y1: Int, _ width: Int, _ height: Int,
        _ a: [UInt8], _ b: [UInt8]
    ) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let pos = y1 * width + x1
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        var minDelta = 0.0
        var maxDelta = 0.0
        var (minX, minY, maxX, maxY) = (0, 0, 0, 0)
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let delta = colorDelta(img, img, pos * 4, (y * width + x) * 4, yOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minDelta {
                    minDelta = delta
                    (minX, minY) = (x, y)
                } else if delta > maxDelta {
                    maxDelta = delta
                    (maxX, maxY) = (x, y)
                }
            }
        }
        if minDelta == 0 || maxDelta == 0 { return false }
        return
            (hasManySiblings(a, minX, minY, width, height)
            && hasManySiblings(b, minX, minY, width, height))
            || (hasManySiblings(a, maxX, maxY, width, height)
                && hasManySiblings(b, maxX, maxY, width, height))
    }

    static func hasManySiblings(_ img: [UInt8], _ x1: Int, _ y1: Int, _ width: Int, _ height: Int)
        -> Bool
    {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let val = value(img, y1 * width + x1)
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                if val == value(img, y * width + x) { zeroes += 1 }
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    static func colorDelta(_ img1: [UInt8], _ img2: [UInt8], _ k: Int, _ m: Int, yOnly: Bool)
        -> Double
    {
        let (r1, g1, b1, a1) = (
            Double(img1[k]), Double(img1[k + 1]), Double(img1[k + 2]), Double(img1[k + 3])
        )
        let (r2, g2, b2, a2) = (
            Double(img2[m]), Double(img2[m + 1]), Double(img2[m + 2]), Double(img2[m + 3])
        )
        var dr = r1 - r2
        var dg = g1 - g2
        var db = b1 - b2
        let da = a1 - a2
        if dr == 0 && dg == 0 && db == 0 && da == 0 { return 0 }
        if a1 < 255 || a2 < 255 {
            let rb = 48 + 159 * Double(k % 2)
            let gb = 48 + 159 * Double(Int(Double(k) / 1.618033988749895) % 2)
            let bb = 48 + 159 * Double(Int(Double(k) / 2.618033988749895) % 2)
            dr = (r1 * a1 - r2 * a2 - rb * da) / 255
            dg = (g1 * a1 - g2 * a2 - gb * da) / 255
            db = (b1 * a1 - b2 * a2 - bb * da) / 255
        }
        let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        if yOnly { return y }
        let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y > 0 ? -delta : delta
    }

    static func draw(_ output: inout [UInt8]?, _ pos: Int, _ color: RGB) {
        guard output != nil else { return }
        output?[pos] = color.r
        output?[pos + 1] = color.g
        output?[pos + 2] = color.b
        output?[pos + 3] = 255
    }

    static func drawGray(_ img: [UInt8], _ i: Int, _ alpha: Double, _ output: inout [UInt8]?) {
        guard output != nil else { return }
        let val =
            255
            + (Double(img[i]) * 0.29889531 + Double(img[i + 1]) * 0.58662247
                + Double(img[i + 2]) * 0.11448223 - 255) * alpha * Double(img[i + 3]) / 255
        let byte = GreyLevel.byte(val)
        draw(&output, i, RGB(byte, byte, byte))
    }
}

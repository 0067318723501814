/// The optimized pixelmatch 7.1 loop over two images viewed as 32-bit pixels.
///
/// It must produce exactly what `ReferenceDiff` produces; the speed comes from
/// three observations, none of which change a result:
/// - equal pixels come in long runs that a block scan finds quickly; the
///   identical-image check is just such a scan that reaches the end;
/// - equal pixels need no colour maths, only the grey background, and
///   neighbouring pixels of a render are usually the same colour, so the last
///   grey is cached;
/// - the anti-aliasing test only runs for the rare candidate pixels.
struct PixelScanner {
    let a: UnsafeBufferPointer<UInt32>
    let b: UnsafeBufferPointer<UInt32>
    let width: Int
    let height: Int
    let options: DiffOptions

    /// Counts mismatches; paints into `output` (same pixel count) when given.
    ///
    /// Without `diffMask`, every output pixel is written exactly once (callers
    /// rely on this to skip zeroing); with it, only differences are written.
    func run(output: UnsafeMutableBufferPointer<UInt32>?) -> Int {
        let count = width * height
        let background = options.diffMask ? nil : output
        var grey = GreyCache(alpha: options.alpha)
        let maxDelta = options.maxDelta
        let aaPixel = Self.opaque(options.aaColor)
        let diffPixel = Self.opaque(options.diffColor)
        let altPixel = Self.opaque(options.diffColorAlt ?? options.diffColor)
        let neighbourhood = Neighbourhood(width: width, height: height)
        var mismatches = 0

        var i = nextDifference(from: 0)
        if let background { grey.paint(0..<i, from: a, into: background) }
        // pixelmatch's identical-image fast path: with no differing pixel at all,
        // the grey background above is the whole result.
        if i == count { return 0 }

        while i < count {
            let pa = a[i]
            let pb = b[i]
            if pa == pb {
                // Equal pixels come in long runs: find the run's end with the
                // block scan and paint it in one tight loop.
                let end = nextDifference(from: i)
                if let background { grey.paint(i..<end, from: a, into: background) }
                i = end
                continue
            }
            let delta = PixelColor.delta(pa, pb, byteOffset: i &* 4)
            if abs(delta) > maxDelta {
                let x = i % width
                let y = i / width
                let isAA =
                    neighbourhood.antialiased(x, y, image: a, other: b)
                    || neighbourhood.antialiased(x, y, image: b, other: a)
                if !options.includeAA && isAA {
                    background?[i] = aaPixel
                } else {
                    output?[i] = delta < 0 ? altPixel : diffPixel
                    mismatches += 1
                }
            } else {
                background?[i] = grey.pixel(for: pa)
            }
            i += 1
        }
        return mismatches
    }

    /// Index of the first pixel at or after `start` whose 32-bit values differ,
    /// or the pixel count.
    ///
    /// Compares eight pixels per step with an OR of XORs, which the optimizer can
    /// vectorize; only the block that contains a difference is rescanned.
    private func nextDifference(from start: Int) -> Int {
        let count = min(a.count, b.count)
        var i = start
        while i + 8 <= count {
            var bits: UInt32 = 0
            for j in i..<(i + 8) { bits |= a[j] ^ b[j] }
            if bits != 0 { break }
            i += 8
        }
        while i < count, a[i] == b[i] { i += 1 }
        return i
    }

    /// The colour as a 32-bit pixel whose memory bytes are R, G, B, 255.
    static func opaque(_ color: RGB) -> UInt32 {
        let value =
            UInt32(color.r) | UInt32(color.g) << 8 | UInt32(color.b) << 16 | 0xFF00_0000
        return value.littleEndian
    }
}

import ImageDiff

/// Synthesizes images that look like Cellshot's table renders, for benchmarking.
///
/// White background, grey row and column separators, and dark "glyph" strokes
/// with one-pixel anti-aliased edges: mostly identical pixels with short runs
/// of colour, which is the case the optimized diff is tuned for.
struct TableRenderSynth {
    let width: Int
    let height: Int
    let rowHeight = 32
    let columnEdges = [0, 180, 330, 520, 749]

    /// The base render; `variant` > 0 re-rolls the text inside `changedBands`.
    func render(variant: UInt64, changedBands: [Range<Int>] = []) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: RGBA(r: 255, g: 255, b: 255))
        for rowTop in stride(from: 0, to: height, by: rowHeight) {
            let inChangedBand = changedBands.contains { $0.contains(rowTop) }
            var rng = SplitMix64(seed: UInt64(rowTop) &* 31 &+ (inChangedBand ? variant : 0))
            for y in rowTop..<min(rowTop + 1, height) {
                fillRun(&image, y: y, x0: 0, x1: width, grey: 221)
            }
            for edge in columnEdges where edge < width {
                for y in rowTop..<min(rowTop + rowHeight, height) { set(&image, x: edge, y: y, grey: 221) }
            }
            for (left, right) in zip(columnEdges, columnEdges.dropFirst()) {
                drawText(&image, rowTop: rowTop, x0: left + 8, x1: right - 8, rng: &rng)
            }
        }
        return image
    }

    /// Glyph-like strokes: short vertical and horizontal bars, dark in the
    /// middle and lighter on their edges, as a rasterizer's anti-aliasing leaves them.
    private func drawText(
        _ image: inout RGBAImage, rowTop: Int, x0: Int, x1: Int, rng: inout SplitMix64
    ) {
        let baseline = rowTop + 22
        guard baseline < height else { return }
        var x = x0
        let textEnd = x0 + Int(rng.next() % UInt64(max(1, x1 - x0)))
        while x + 6 < textEnd {
            let glyphHeight = 8 + Int(rng.next() % 5)
            for y in (baseline - glyphHeight)..<baseline {
                set(&image, x: x, y: y, grey: 170)
                set(&image, x: x + 1, y: y, grey: 40)
                set(&image, x: x + 2, y: y, grey: 200)
            }
            if rng.next() % 2 == 0 {
                fillRun(&image, y: baseline - glyphHeight / 2, x0: x + 1, x1: x + 5, grey: 60)
            }
            x += 6 + Int(rng.next() % 3)
        }
    }

    private func set(_ image: inout RGBAImage, x: Int, y: Int, grey: UInt8) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        let i = (y * width + x) * 4
        image.pixels[i] = grey
        image.pixels[i + 1] = grey
        image.pixels[i + 2] = grey
        image.pixels[i + 3] = 255
    }

    private func fillRun(_ image: inout RGBAImage, y: Int, x0: Int, x1: Int, grey: UInt8) {
        for x in x0..<x1 { set(&image, x: x, y: y, grey: grey) }
    }
}

/// A seedable generator so that every run benchmarks the same images.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

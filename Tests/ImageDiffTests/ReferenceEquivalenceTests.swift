import Testing

@testable import ImageDiff

/// The optimized scanner against the line-by-line reference on seeded random
/// pairs: counts and diff images must be identical, byte for byte.
@Suite("Optimized diff equals reference diff")
struct ReferenceEquivalenceTests {
    static let seeds: [UInt64] = Array(1...200)

    @Test(arguments: seeds)
    func randomPairsAgree(_ seed: UInt64) throws {
        print("randomPairsAgree seed: \(seed)")
        var rng = SeededGenerator(seed: seed)
        let (a, b) = RandomImages.pair(using: &rng)
        let options = RandomImages.options(using: &rng)
        for producing in [true, false] {
            let fast = try ImageDiff.compare(a, b, options: options, producingDiffImage: producing)
            let reference = try ImageDiff.compareWithReference(
                a, b, options: options, producingDiffImage: producing)
            let difference = PixelDifference(fast.diffImage, reference.diffImage)
            #expect(
                fast.mismatchedPixels == reference.mismatchedPixels && difference.isNone,
                "seed \(seed), \(a.width)×\(a.height), \(options): counts \(fast.mismatchedPixels) vs \(reference.mismatchedPixels), \(difference)"
            )
        }
    }

    /// Swapping the images' roles changes the background and the sign of the
    /// delta; both implementations must still agree.
    @Test(arguments: seeds.prefix(20))
    func swappedPairsAgree(_ seed: UInt64) throws {
        print("swappedPairsAgree seed: \(seed)")
        var rng = SeededGenerator(seed: seed &+ 1000)
        let (a, b) = RandomImages.pair(using: &rng)
        let options = DiffOptions(threshold: 0.05, diffColorAlt: RGB(0, 255, 0))
        let fast = try ImageDiff.compare(b, a, options: options)
        let reference = try ImageDiff.compareWithReference(b, a, options: options)
        let difference = PixelDifference(fast.diffImage, reference.diffImage)
        #expect(
            fast.mismatchedPixels == reference.mismatchedPixels && difference.isNone,
            "seed \(seed): counts \(fast.mismatchedPixels) vs \(reference.mismatchedPixels), \(difference)"
        )
    }
}

/// Random images shaped like renders: flat regions, hard edges and soft
/// (anti-aliased) ramps, so that every branch of the detector is reached.
enum RandomImages {
    static func pair(using rng: inout SeededGenerator) -> (RGBAImage, RGBAImage) {
        let width = Int.random(in: 1...40, using: &rng)
        let height = Int.random(in: 1...40, using: &rng)
        let translucent = Bool.random(using: &rng)
        var a = RGBAImage(width: width, height: height, fill: RGBA(r: 255, g: 255, b: 255))
        let palette = (0..<4).map { _ in randomColor(translucent: translucent, using: &rng) }
        for _ in 0..<Int.random(in: 0...6, using: &rng) {
            paintRect(&a, color: palette.randomElement(using: &rng) ?? palette[0], using: &rng)
        }
        var b = a
        let edits = Int.random(in: 0...12, using: &rng)
        for _ in 0..<edits {
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: paintRect(&b, color: palette.randomElement(using: &rng) ?? palette[0], using: &rng)
            case 1:
                // A one-pixel nudge of a channel: the subtle differences thresholds are for.
                let i =
                    Int.random(in: 0..<(width * height), using: &rng) * 4 + Int.random(in: 0..<4, using: &rng)
                b.pixels[i] = b.pixels[i] &+ UInt8.random(in: 1...40, using: &rng)
            default:
                let i = Int.random(in: 0..<(width * height), using: &rng) * 4
                let color = randomColor(translucent: translucent, using: &rng)
                b.pixels.replaceSubrange(i..<(i + 4), with: [color.r, color.g, color.b, color.a])
            }
        }
        return (a, b)
    }

    static func options(using rng: inout SeededGenerator) -> DiffOptions {
        DiffOptions(
            threshold: [0, 0.01, 0.05, 0.1, 0.3, 1].randomElement(using: &rng) ?? 0.1,
            includeAA: Bool.random(using: &rng),
            alpha: [0, 0.1, 0.5, 1].randomElement(using: &rng) ?? 0.1,
            aaColor: RGB(1, 2, 3),
            diffColor: RGB(250, 0, 10),
            diffColorAlt: Bool.random(using: &rng) ? RGB(0, 200, 0) : nil,
            diffMask: Int.random(in: 0..<4, using: &rng) == 0)
    }

    static func randomColor(translucent: Bool, using rng: inout SeededGenerator) -> RGBA {
        RGBA(
            r: UInt8.random(in: 0...255, using: &rng), g: UInt8.random(in: 0...255, using: &rng),
            b: UInt8.random(in: 0...255, using: &rng),
            a: translucent ? UInt8.random(in: 0...255, using: &rng) : 255)
    }

    /// A rectangle whose edge pixels are a half-way blend, like anti-aliasing.
    static func paintRect(_ image: inout RGBAImage, color: RGBA, using rng: inout SeededGenerator) {
        let x0 = Int.random(in: 0..<image.width, using: &rng)
        let y0 = Int.random(in: 0..<image.height, using: &rng)
        let x1 = Int.random(in: x0..<image.width, using: &rng)
        let y1 = Int.random(in: y0..<image.height, using: &rng)
        for y in y0...y1 {
            for x in x0...x1 {
                let edge = x == x0 || x == x1 || y == y0 || y == y1
                let i = (y * image.width + x) * 4
                let new = [color.r, color.g, color.b, color.a]
                for c in 0..<4 {
                    image.pixels[i + c] =
                        edge ? UInt8((Int(image.pixels[i + c]) + Int(new[c])) / 2) : new[c]
                }
            }
        }
    }
}

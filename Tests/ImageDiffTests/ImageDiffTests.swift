import Testing

@testable import ImageDiff

/// Behaviour of `ImageDiff.compare` beyond the pixelmatch fixtures.
@Suite("ImageDiff.compare")
struct ImageDiffTests {
    @Test func sizeMismatchNamesBothSizes() {
        let a = RGBAImage(width: 3, height: 2)
        let b = RGBAImage(width: 2, height: 3)
        let expected = ImageComparisonError.sizeMismatch(
            expected: ImageSize(width: 3, height: 2), actual: ImageSize(width: 2, height: 3))
        #expect(throws: expected) { try ImageDiff.compare(a, b) }
        #expect(expected.description == "The images differ in size: expected 3×2, actual 2×3.")
    }

    @Test func malformedBufferIsAnErrorNotATrap() {
        let good = RGBAImage(width: 2, height: 2)
        let bad = RGBAImage(width: 2, height: 2, pixels: [1, 2, 3])
        #expect(
            throws: ImageComparisonError.invalidImage(
                which: "actual", size: ImageSize(width: 2, height: 2), byteCount: 3)
        ) { try ImageDiff.compare(good, bad) }
        let negative = RGBAImage(width: -1, height: 2, pixels: [])
        #expect(throws: ImageComparisonError.self) { try ImageDiff.compare(negative, negative) }
    }

    @Test func emptyImagesMatch() throws {
        let empty = RGBAImage(width: 0, height: 0)
        let result = try ImageDiff.compare(empty, empty)
        #expect(result == DiffResult(mismatchedPixels: 0, totalPixels: 0, diffImage: empty))
    }

    /// Opaque black: 255 + (0 − 255) × 0.1 = 229.5, stored as 229 (truncated,
    /// as pixelmatch's Uint8Array does; rounding would give 230).
    @Test func greyBackgroundTruncates() throws {
        let black = RGBAImage(width: 1, height: 1, fill: RGBA(r: 0, g: 0, b: 0))
        let result = try ImageDiff.compare(black, black)
        #expect(result.diffImage?.pixels == [229, 229, 229, 255])
        #expect(result.mismatchedPixels == 0)
        let masked = try ImageDiff.compare(black, black, options: .init(diffMask: true))
        #expect(masked.diffImage?.pixels == [0, 0, 0, 0])
    }

    /// Image 2 darker gives a positive y, hence a negative delta: diffColorAlt.
    @Test func darkerSecondImageUsesAltColour() throws {
        var a = RGBAImage(width: 5, height: 5, fill: RGBA(r: 255, g: 255, b: 255))
        var b = a
        b.pixels.replaceSubrange(48..<52, with: [0, 0, 0, 255])  // centre pixel (2, 2)
        let options = DiffOptions(diffColorAlt: RGB(0, 255, 0))
        let darker = try ImageDiff.compare(a, b, options: options)
        #expect(darker.mismatchedPixels == 1)
        #expect(darker.diffImage?.pixel(x: 2, y: 2) == RGBA(r: 0, g: 255, b: 0))
        swap(&a, &b)
        let lighter = try ImageDiff.compare(a, b, options: options)
        #expect(lighter.diffImage?.pixel(x: 2, y: 2) == RGBA(r: 255, g: 0, b: 0))
    }

    /// A pixel between a dark and a light flat region reads as anti-aliasing:
    /// yellow and uncounted by default, counted with includeAA.
    @Test func antiAliasedPixelIsExcusedUnlessIncluded() throws {
        // Columns: black, black, [grey], white, white — on both images the
        // neighbours are flat, so they have many siblings.
        func image(middle: UInt8) -> RGBAImage {
            var image = RGBAImage(width: 5, height: 3, fill: RGBA(r: 255, g: 255, b: 255))
            for y in 0..<3 {
                for x in 0..<2 {
                    image.pixels.replaceSubrange(
                        (y * 5 + x) * 4..<((y * 5 + x) * 4 + 4), with: [0, 0, 0, 255])
                }
                let i = (y * 5 + 2) * 4
                image.pixels.replaceSubrange(i..<(i + 4), with: [middle, middle, middle, 255])
            }
            return image
        }
        let a = image(middle: 128)
        var b = a
        b.pixels.replaceSubrange(28..<32, with: [60, 60, 60, 255])  // (2, 1)
        let excused = try ImageDiff.compare(a, b)
        #expect(excused.mismatchedPixels == 0)
        #expect(excused.diffImage?.pixel(x: 2, y: 1) == RGBA(r: 255, g: 255, b: 0))
        let counted = try ImageDiff.compare(a, b, options: .init(includeAA: true))
        #expect(counted.mismatchedPixels == 1)
    }

    @Test func passCriteria() {
        let result = DiffResult(mismatchedPixels: 10, totalPixels: 1000, diffImage: nil)
        #expect(!PassCriteria().passes(result))
        #expect(PassCriteria(maxDiffPixels: 10).passes(result))
        #expect(!PassCriteria(maxDiffPixels: 9).passes(result))
        #expect(PassCriteria(maxDiffPixelRatio: 0.01).passes(result))
        #expect(!PassCriteria(maxDiffPixelRatio: 0.009).passes(result))
        #expect(PassCriteria(maxDiffPixels: 10, maxDiffPixelRatio: 0.001).passes(result))
        #expect(!PassCriteria(maxDiffPixelRatio: .nan).passes(result))
        #expect(PassCriteria().passes(DiffResult(mismatchedPixels: 0, totalPixels: 0, diffImage: nil)))
        #expect(result.mismatchRatio == 0.01)
    }
}

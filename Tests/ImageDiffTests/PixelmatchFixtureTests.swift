import Testing

@testable import ImageDiff

/// The rows of IMAGE-DIFF.md's table: pixelmatch 7.1's counts and diff images.
@Suite(
    "pixelmatch 7.1 fixtures",
    .enabled(if: FixtureFiles.runPixelmatchSuites, "pixelmatch fixtures missing and CI unset"))
struct PixelmatchFixtureTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let first: String
        let second: String
        let options: DiffOptions
        let expected: Int
        let referenceDiff: String?

        var testDescription: String {
            "\(first)/\(second) threshold \(options.threshold)\(options.diffMask ? " diffMask" : "")"
        }
    }

    static let rows: [Row] = [
        Row(
            first: "1a", second: "1b", options: .init(threshold: 0.05), expected: 143,
            referenceDiff: "1diff"),
        Row(first: "1a", second: "1b", options: .init(), expected: 106, referenceDiff: nil),
        Row(
            first: "1a", second: "1b", options: .init(threshold: 0.05, diffMask: true), expected: 143,
            referenceDiff: nil),
        Row(
            first: "1a", second: "1a", options: .init(threshold: 0, diffMask: true), expected: 0,
            referenceDiff: nil),
        Row(
            first: "3a", second: "3b", options: .init(threshold: 0.05), expected: 212,
            referenceDiff: "3diff"),
        Row(
            first: "4a", second: "4b", options: .init(threshold: 0.05), expected: 36049,
            referenceDiff: "4diff"),
        Row(
            first: "6a", second: "6b", options: .init(threshold: 0.05), expected: 51,
            referenceDiff: "6diff"),
        Row(first: "6a", second: "6a", options: .init(threshold: 0), expected: 0, referenceDiff: nil),
    ]

    @Test(arguments: rows)
    func countAndDiffImage(_ row: Row) throws {
        let a = try FixtureFiles.pixelmatchImage(row.first)
        let b = try FixtureFiles.pixelmatchImage(row.second)
        let fast = try ImageDiff.compare(a, b, options: row.options)
        let reference = try ImageDiff.compareWithReference(a, b, options: row.options)

        #expect(fast.mismatchedPixels == row.expected)
        #expect(reference.mismatchedPixels == row.expected)
        #expect(fast.totalPixels == a.width * a.height)
        let versusReference = PixelDifference(fast.diffImage, reference.diffImage)
        #expect(versusReference.isNone, "optimized vs reference: \(versusReference)")

        if let name = row.referenceDiff {
            let expected = try FixtureFiles.pixelmatchImage(name)
            let difference = PixelDifference(fast.diffImage, expected)
            #expect(difference.isNone, "versus \(name).png: \(difference)")
        }
    }

    /// Counting without a diff image must not change the count.
    @Test(arguments: rows)
    func countWithoutDiffImage(_ row: Row) throws {
        let a = try FixtureFiles.pixelmatchImage(row.first)
        let b = try FixtureFiles.pixelmatchImage(row.second)
        let result = try ImageDiff.compare(a, b, options: row.options, producingDiffImage: false)
        #expect(result.mismatchedPixels == row.expected)
        #expect(result.diffImage == nil)
    }

    /// diffMask leaves every undrawn pixel transparent black, and draws no
    /// anti-aliasing colour.
    @Test func diffMaskDrawsOnlyDifferences() throws {
        let a = try FixtureFiles.pixelmatchImage("1a")
        let b = try FixtureFiles.pixelmatchImage("1b")
        let result = try ImageDiff.compare(a, b, options: .init(threshold: 0.05, diffMask: true))
        let image = try #require(result.diffImage)
        var red = 0
        var other = 0
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            let px = Array(image.pixels[i..<(i + 4)])
            if px == [255, 0, 0, 255] { red += 1 } else if px != [0, 0, 0, 0] { other += 1 }
        }
        #expect(red == 143)
        #expect(other == 0)
    }
}

import Foundation
import ImageDiff
import Testing

/// `cellshot diff` run as a binary: the count on the first line, exit 0/1/2, the same result as the library.
@Suite struct DiffCommandTests {
    static let light = "Goldens/inbox.png"
    static let dark = "Goldens/inbox-dark.png"

    static func image(_ path: String) throws -> RGBAImage {
        try PNGDecoder.decode([UInt8](try Data(contentsOf: CLI.packageRoot.appendingPathComponent(path))))
    }

    @Test func identicalImagesPrintZeroAndPass() throws {
        let result = try CLI.run(["diff", Self.light, Self.light])
        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self) == "0\n")
    }

    @Test func differingImagesPrintTheLibrarysCountAndDiffImage() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("diff.png").path
        let options = DiffOptions(
            threshold: 0.2, includeAA: true, alpha: 0.3, diffColor: RGB(0, 0, 255), diffColorAlt: RGB(0, 255, 0))
        let expected = try ImageDiff.compare(try Self.image(Self.light), try Self.image(Self.dark), options: options)
        #expect(expected.mismatchedPixels > 1000)
        let result = try CLI.run([
            "diff", Self.light, Self.dark, "--threshold", "0.2", "--include-aa", "--alpha", "0.3", "--diff-color", "0,0,255",
            "--diff-color-alt", "0,255,0", "-o", output,
        ])
        #expect(result.status == 1)
        #expect(String(decoding: result.stdout, as: UTF8.self) == "\(expected.mismatchedPixels)\n")
        let written = try PNGDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: output))))
        #expect(written == expected.diffImage)
    }

    @Test func passCriteriaDecideTheExitStatus() throws {
        let count = try ImageDiff.compare(try Self.image(Self.light), try Self.image(Self.dark)).mismatchedPixels
        let total = 750 * 693
        #expect(try CLI.run(["diff", Self.light, Self.dark, "--max-diff-pixels", "\(count)"]).status == 0)
        #expect(try CLI.run(["diff", Self.light, Self.dark, "--max-diff-pixels", "\(count - 1)"]).status == 1)
        let ratio = Double(count + 1) / Double(total)
        #expect(try CLI.run(["diff", Self.light, Self.dark, "--max-diff-ratio", "\(ratio)"]).status == 0)
        let json = try CLI.run(["diff", Self.light, Self.dark, "--json"])
        let lines = String(decoding: json.stdout, as: UTF8.self).split(separator: "\n")
        #expect(lines.first == "\(count)"[...])
        #expect(lines.last?.contains(#""totalPixels":\#(total)"#) == true)
        #expect(lines.last?.contains(#""passed":false"#) == true)
    }

    @Test func aSizeMismatchFailsNamingBothSizes() throws {
        let result = try CLI.run(["diff", Self.light, "Goldens/tagged.png"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("750×693"), "\(result.stderr)")
        #expect(result.stderr.contains("750×576"), "\(result.stderr)")
    }

    @Test func unreadableOrCorruptFilesExitTwo() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try CLI.run(["diff", Self.light, folder.appendingPathComponent("nope.png").path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nope.png"))
        var bytes = try Data(contentsOf: CLI.packageRoot.appendingPathComponent(Self.light))
        bytes[bytes.count / 2] ^= 0xFF
        let corrupt = folder.appendingPathComponent("corrupt.png")
        try bytes.write(to: corrupt)
        let result = try CLI.run(["diff", corrupt.path, Self.light])
        #expect(result.status == 2)
        #expect(result.stderr.contains("corrupt.png"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}

import Foundation
import ImageDiff
import Testing

/// Every case of Goldens/cases.tsv rendered by the real binary equals its golden, pixel for pixel.
@Suite struct GoldenTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var testDescription: String { name }
    }

    static var cases: [Case] {
        let table = (try? String(contentsOf: CLI.packageRoot.appendingPathComponent("Goldens/cases.tsv"), encoding: .utf8)) ?? ""
        return table.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 3 else { return nil }
            let options = fields.count > 3 ? fields[3].split(separator: " ").map(String.init) : []
            guard fields[1] != "-" else { return Case(name: fields[0], arguments: options) }
            let style = fields[1].hasPrefix("styles/") ? "Goldens/" + fields[1] : fields[1]
            return Case(name: fields[0], arguments: ["--style", style, "--data", "Goldens/" + fields[2]] + options)
        }
    }

    @Test func casesAreListed() {
        #expect(Self.cases.count >= 7)
    }

    @Test(arguments: cases) func matchesGolden(_ item: Case) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("\(item.name).png")
        let result = try CLI.run(["render"] + item.arguments + ["-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        let golden = CLI.packageRoot.appendingPathComponent("Goldens/\(item.name).png")
        let expected = try PNGDecoder.decode([UInt8](try Data(contentsOf: golden)))
        let actual = try PNGDecoder.decode([UInt8](try Data(contentsOf: output)))
        let diff = try ImageDiff.compare(
            expected, actual, options: DiffOptions(threshold: 0, includeAA: true), producingDiffImage: false)
        #expect(diff.mismatchedPixels == 0, "\(item.name): \(diff.mismatchedPixels) pixels differ from Goldens/\(item.name).png")
    }
}

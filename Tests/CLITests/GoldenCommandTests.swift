import Foundation
import Testing

/// `cellshot record` and `cellshot verify` on a scratch goldens folder made from the project's cases.
@Suite struct GoldenCommandTests {
    /// A goldens folder holding copies of the named cases (table files only) with the styles and data.
    static func scratch(_ names: [String]) throws -> URL {
        let folder = try CLI.temporaryFolder()
        let goldens = CLI.packageRoot.appendingPathComponent("Goldens")
        for item in ["styles", "data"] + names.map({ "\($0).yaml" }) {
            try FileManager.default.copyItem(at: goldens.appendingPathComponent(item), to: folder.appendingPathComponent(item))
        }
        return folder
    }

    static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    @Test func recordIsRefusedInCIUnlessForced() throws {
        let folder = try Self.scratch(["label"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let refused = try CLI.run(["record", folder.path], environment: ["CI": "true"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("refusing to record goldens in CI"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("label.png").path))
        let forced = try CLI.run(["record", folder.path, "--force-in-ci"], environment: ["CI": "true"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(Self.text(forced.stdout) == "created label.png\n")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("label.golden.json").path))
    }

    @Test func verifyFailsOnAMissingGoldenAndNeverWritesOne() throws {
        let folder = try Self.scratch(["label"])
        let artifacts = try CLI.temporaryFolder()
        defer { for url in [folder, artifacts] { try? FileManager.default.removeItem(at: url) } }
        let result = try CLI.run(["verify", folder.path, "--artifacts", artifacts.path])
        #expect(result.status == 1)
        #expect(Self.text(result.stdout).contains("MISSING label\n  missing golden label.png"), "\(Self.text(result.stdout))")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("label.png").path))
        #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("cases/label/actual.png").path))
        let junit = try String(contentsOf: artifacts.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains(#"<testcase classname="goldens" name="label""#))
        #expect(junit.contains("<failure message=\"missing golden label.png"))
    }

    @Test func rerecordingAnUnchangedCaseKeepsTheGoldenByteForByte() throws {
        let folder = try Self.scratch(["tagged"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CLI.run(["record", folder.path], environment: ["CI": ""]).status == 0)
        let golden = folder.appendingPathComponent("tagged.png")
        // Same pixels, different bytes (a trailing chunk-less byte run would be invalid; re-encode instead).
        let original = try Data(contentsOf: golden)
        let again = try CLI.run(["record", folder.path], environment: ["CI": ""])
        #expect(Self.text(again.stdout) == "unchanged tagged.png\n")
        #expect(try Data(contentsOf: golden) == original)
    }

    @Test func aFailingRecordLeavesTheOldGolden() throws {
        let folder = try Self.scratch(["tagged"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CLI.run(["record", folder.path], environment: ["CI": ""]).status == 0)
        let golden = folder.appendingPathComponent("tagged.png")
        let sidecar = folder.appendingPathComponent("tagged.golden.json")
        let before = (try Data(contentsOf: golden), try Data(contentsOf: sidecar))
        try Data("- [unclosed".utf8).write(to: folder.appendingPathComponent("data/tagged.yaml"))
        let result = try CLI.run(["record", folder.path], environment: ["CI": ""])
        #expect(result.status == 1)
        #expect(result.stderr.contains("tagged"), "\(result.stderr)")
        #expect(try Data(contentsOf: golden) == before.0)
        #expect(try Data(contentsOf: sidecar) == before.1)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    /// The deliberately broken style: the inbox preview at 17pt and three lines instead of 15pt and two.
    @Test func aBrokenStyleFailsWithAReportNamingTheChangedRows() throws {
        let folder = try Self.scratch(["inbox", "label"])
        let artifacts = try CLI.temporaryFolder()
        defer { for url in [folder, artifacts] { try? FileManager.default.removeItem(at: url) } }
        #expect(try CLI.run(["record", folder.path], environment: ["CI": ""]).status == 0)
        #expect(try CLI.run(["verify", folder.path, "--artifacts", artifacts.path]).status == 0)
        try breakInboxStyle(in: folder)
        let result = try CLI.run(["verify", folder.path, "--artifacts", artifacts.path])
        let output = Self.text(result.stdout)
        #expect(result.status == 1)
        #expect(output.contains("PASSED label\n"))
        #expect(output.contains("FAILED inbox\n  the size changed: expected 750×693, actual 750×758\n"), "\(output)")
        #expect(output.contains("  row 1: height 100.034 → 125.45; preview wrapped 2 → 3 lines\n"), "\(output)")
        #expect(output.contains("  row 2: height 81.881 → 84.302; preview resized 317×18.153 → 317×20.574\n"), "\(output)")
        #expect(!output.contains("environment changed"))
        let files = try FileManager.default.contentsOfDirectory(atPath: artifacts.appendingPathComponent("cases/inbox").path)
        for file in ["expected.png", "actual.png", "diff.png", "expected-debug.png", "actual-debug.png", "row-1-expected.png"] {
            #expect(files.contains(file), "\(file) missing from \(files)")
        }
        let html = try String(contentsOf: artifacts.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("row 1: height 100.034 → 125.45; preview wrapped 2 → 3 lines"))
        #expect(html.contains(#"id="debug-toggle""#))
        #expect(!html.contains("src=\"cases/"), "the report must inline its images")
        let goldens = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
        #expect(goldens.sorted() == ["inbox.png", "label.png"])
    }

    @Test func aBadgePushedOffTheLastLineIsExplained() throws {
        let folder = try Self.scratch(["tagged"])
        let artifacts = try CLI.temporaryFolder()
        defer { for url in [folder, artifacts] { try? FileManager.default.removeItem(at: url) } }
        #expect(try CLI.run(["record", folder.path], environment: ["CI": ""]).status == 0)
        let data = folder.appendingPathComponent("data/tagged.yaml")
        let text = try String(contentsOf: data, encoding: .utf8)
        let longer = text.replacingOccurrences(
            of: "- text: Pick up the dry cleaning\n", with: "- text: Pick up the dry cleaning on the way home\n")
        #expect(longer != text)
        try longer.write(to: data, atomically: true, encoding: .utf8)
        let output = Self.text(try CLI.run(["verify", folder.path, "--artifacts", artifacts.path]).stdout)
        #expect(
            output.contains("\n  row 1: height 38.153 → 61.466; tag moved from the last line of text to below it\n"), "\(output)")
        #expect(!output.contains("row 2"), "rows that only moved down are not blamed: \(output)")
    }

    @Test func anEnvironmentChangeIsNamedFirst() throws {
        let folder = try Self.scratch(["inbox"])
        let artifacts = try CLI.temporaryFolder()
        defer { for url in [folder, artifacts] { try? FileManager.default.removeItem(at: url) } }
        #expect(try CLI.run(["record", folder.path], environment: ["CI": ""]).status == 0)
        let sidecar = folder.appendingPathComponent("inbox.golden.json")
        var json = try String(contentsOf: sidecar, encoding: .utf8)
        json = json.replacingOccurrences(of: #""pango" : "1."#, with: #""pango" : "0."#)
        try json.write(to: sidecar, atomically: true, encoding: .utf8)
        try breakInboxStyle(in: folder)
        let output = Self.text(try CLI.run(["verify", folder.path, "--artifacts", artifacts.path]).stdout)
        #expect(output.contains("FAILED inbox\n  environment changed: pango 0."), "\(output)")
    }

    @Test func shardsSplitTheCasesAndTheirReportsMerge() throws {
        let names = ["caption-text", "label", "tagged", "quotation"]
        let folder = try Self.scratch(names)
        let artifacts = try CLI.temporaryFolder()
        defer { for url in [folder, artifacts] { try? FileManager.default.removeItem(at: url) } }
        #expect(try CLI.run(["record", folder.path], environment: ["CI": ""]).status == 0)
        var seen: [String] = []
        for shard in ["1/2", "2/2"] {
            let result = try CLI.run(["verify", folder.path, "--artifacts", artifacts.path, "--shard", shard])
            #expect(result.status == 0, "\(result.stderr)")
            seen += Self.text(result.stdout).split(separator: "\n").filter { $0.hasPrefix("PASSED ") }.map {
                String($0.dropFirst(7))
            }
        }
        #expect(seen == ["caption-text", "quotation", "label", "tagged"])
        let junit = try String(contentsOf: artifacts.appendingPathComponent("junit.xml"), encoding: .utf8)
        for name in names { #expect(junit.contains(#"name="\#(name)""#)) }
        #expect(try CLI.run(["verify", folder.path, "--shard", "3/2"]).status != 0)
        // Shards from different machines: their artifacts folders copied together, then merged.
        try FileManager.default.removeItem(at: artifacts.appendingPathComponent("junit.xml"))
        let merged = try CLI.run(["report", artifacts.path])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(Self.text(merged.stdout).hasPrefix("4 passed, 0 failed"))
        #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("junit.xml").path))
    }

    @Test func artifactsAreNeverWrittenIntoTheGoldensFolder() throws {
        let folder = try Self.scratch(["label"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["verify", folder.path, "--artifacts", folder.appendingPathComponent("report").path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("inside the goldens folder"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("report").path))
    }

    func breakInboxStyle(in folder: URL) throws {
        let style = folder.appendingPathComponent("styles/inbox.yaml")
        let text = try String(contentsOf: style, encoding: .utf8)
        let broken = text.replacingOccurrences(
            of: "font: { size: 15 }, color: secondaryLabel, maxLines: 2",
            with: "font: { size: 17 }, color: secondaryLabel, maxLines: 3")
        #expect(broken != text)
        try broken.write(to: style, atomically: true, encoding: .utf8)
    }
}

import CellshotTesting
import Foundation
import GoldenTesting
import Testing
import XCTest

/// A scratch goldens folder with the inbox case's table, style and data.
func scratchInbox() throws -> (folder: String, table: String) {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cellshot-assert-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for item in ["styles", "data", "inbox.yaml"] {
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("Goldens/\(item)"), to: folder.appendingPathComponent(item))
    }
    return (folder.path, folder.appendingPathComponent("inbox.yaml").path)
}

/// Records the inbox golden as `CELLSHOT_RECORD=1` would, but allowed in CI (the tests run there).
func recordInbox(_ table: String, in folder: String) throws {
    _ = try GoldenRecorder(forceInCI: true).record(GoldenCase(name: "inbox", folder: folder, tablePath: table))
}

@Suite struct AssertGoldenTests {
    @Test func recordingIsRefusedInCI() throws {
        #expect(throws: GoldenError.self) { try GoldenRecorder(environment: ["CI": "true"]).checkAllowed() }
        try GoldenRecorder(forceInCI: true, environment: ["CI": "true"]).checkAllowed()
        try GoldenRecorder(environment: ["CI": ""]).checkAllowed()
    }

    @Test func missingThenRecordedThenBroken() throws {
        let (folder, table) = try scratchInbox()
        let artifacts = folder + "-artifacts"
        defer { for path in [folder, artifacts] { try? FileManager.default.removeItem(atPath: path) } }
        let missing = #expect(throws: GoldenAssertionFailure.self) {
            try assertGolden(table, named: "inbox", goldens: folder, artifacts: artifacts, record: false)
        }
        #expect(missing?.description.contains("missing golden inbox.png") == true)
        #expect(!FileManager.default.fileExists(atPath: folder + "/inbox.png"))
        try recordInbox(table, in: folder)
        try assertGolden(table, named: "inbox", goldens: folder, artifacts: artifacts, record: false)
        let style = folder + "/styles/inbox.yaml"
        let text = try String(contentsOfFile: style, encoding: .utf8)
        try text.replacingOccurrences(of: "maxLines: 2", with: "maxLines: 1").write(
            toFile: style, atomically: true, encoding: .utf8)
        let failure = #expect(throws: GoldenAssertionFailure.self) {
            try assertGolden(table, named: "inbox", goldens: folder, artifacts: artifacts, record: false)
        }
        let message = failure?.description ?? ""
        #expect(message.contains("row 1: height 100.034 → "), "\(message)")
        #expect(message.contains("preview unwrapped 2 → 1 lines"), "\(message)")
        #expect(message.hasSuffix("report: \(artifacts)/inbox/report.html"), "\(message)")
        #expect(FileManager.default.fileExists(atPath: artifacts + "/inbox/report.html"))
        #expect(FileManager.default.fileExists(atPath: artifacts + "/inbox/cases/inbox/diff.png"))
    }
}

final class AssertGoldenXCTests: XCTestCase {
    func testMissingThenRecordedInXCTest() throws {
        let (folder, table) = try scratchInbox()
        let artifacts = folder + "-artifacts"
        defer { for path in [folder, artifacts] { try? FileManager.default.removeItem(atPath: path) } }
        XCTAssertThrowsError(try assertGolden(table, named: "inbox", goldens: folder, artifacts: artifacts, record: false))
        try recordInbox(table, in: folder)
        XCTAssertNoThrow(try assertGolden(table, named: "inbox", goldens: folder, artifacts: artifacts, record: false))
    }
}

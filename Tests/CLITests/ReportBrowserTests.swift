import Foundation
import Testing

/// The HTML report of a failing verify, opened in headless Chromium (Scripts/browser.py): it
/// loads, every image shows, and the debug-borders toggle swaps expected and actual for their
/// bordered versions. Skipped with a message without a browser; a failure when CI is set.
@Suite struct ReportBrowserTests {
    static var isCI: Bool { !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty }

    static var browserAvailable: Bool {
        let files = ["/usr/bin/chromium", "/usr/bin/chromedriver"]
        guard files.allSatisfy({ FileManager.default.isExecutableFile(atPath: $0) }) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import selenium"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    @Test func theReportLoadsShowsItsImagesAndTogglesDebugBorders() throws {
        guard Self.browserAvailable || Self.isCI else {
            print("ReportBrowserTests: skipped: no chromium, chromedriver or selenium (Scripts/install-deps.sh --browser)")
            return
        }
        let folder = try GoldenCommandTests.scratch(["inbox"])
        let artifacts = try CLI.temporaryFolder()
        defer { for url in [folder, artifacts] { try? FileManager.default.removeItem(at: url) } }
        #expect(try CLI.run(["record", folder.path], environment: ["CI": ""]).status == 0)
        try GoldenCommandTests().breakInboxStyle(in: folder)
        #expect(try CLI.run(["verify", folder.path, "--artifacts", artifacts.path]).status == 1)
        let report = artifacts.appendingPathComponent("report.html")
        let shown = "(s) => [...document.querySelectorAll(s)].filter(e => e.offsetParent !== null)"
        let steps = [
            "--wait", "#case-inbox img",
            "--wait-eval", "return [...document.images].every(i => i.complete && i.naturalWidth > 0)",
            "--eval", "return document.images.length",
            "--eval", "return (\(shown))('img.plain').length + ':' + (\(shown))('img.debug').length",
            "--click", "#debug-toggle",
            "--wait-eval", "return (\(shown))('img.debug').length == 2 && (\(shown))('img.plain').length == 0",
            "--eval", "return (\(shown))('img.debug').map(i => i.naturalWidth).join(',')",
        ]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", CLI.packageRoot.appendingPathComponent("Scripts/browser.py").path, report.absoluteString] + steps
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(process.terminationStatus == 0, "browser.py: \(lines.joined(separator: "\n"))")
        // 3 full images (expected and actual twice: plain and bordered, plus the diff) and 3 crops a row for 4 rows.
        #expect(lines.contains { $0.contains(#""result": 17"#) }, "\(lines)")
        #expect(lines.contains { $0.contains(#""result": "2:0""#) }, "\(lines)")
        #expect(lines.contains { $0.contains(#""result": "750,750""#) }, "\(lines)")
    }
}

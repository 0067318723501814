import Foundation
import PreviewServer
import Testing

/// The live page in headless Chromium (Scripts/browser.py): it shows the sheet, updates after a
/// save, shows an error instead of a blank, and shows a cell's measured frames.
///
/// Skips with a message when the browser is missing, and fails when env CI is set.
@Suite(.serialized) struct BrowserPageTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/browser.py")

    @Test func pageReloadsOnSaveAndShowsErrorsAndFrames() async throws {
        let running = try await RunningServer()
        defer { Task { await running.stop() } }
        let steps = [
            "--timeout", "20",
            "--wait-eval", "return document.body.dataset.generation === '1' && document.getElementById('image').naturalWidth > 0",
            "--wait-eval", "return document.body.dataset.generation === '2'",
            "--eval",
            "return {updatedAt: Number(document.body.dataset.updatedAt), error: !document.getElementById('error').hidden, "
                + "tiles: document.getElementById('image').naturalHeight}",
            "--wait-eval", "return document.body.dataset.generation === '3' && !document.getElementById('error').hidden",
            "--eval", "return document.getElementById('errorText').textContent",
            "--eval",
            "const v = document.getElementById('view'); v.value = 'variant'; v.dispatchEvent(new Event('change')); return true",
            "--wait-eval", "return document.getElementById('image').src.includes('/image/w375-large-light-ltr.png')",
            "--wait-eval", "return document.getElementById('image').naturalWidth === 375",
            "--eval",
            "const r = document.getElementById('image').getBoundingClientRect(); "
                + "document.getElementById('stage').dispatchEvent(new MouseEvent('mousemove', "
                + "{clientX: r.left + 20, clientY: r.top + 20, bubbles: true})); "
                + "return document.getElementById('infoBody').textContent",
        ]
        let outputFile = running.folder.appendingPathComponent("browser.out")
        FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script.path, "http://\(running.host)/"] + steps
        process.standardOutput = output
        process.standardError = output
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // Edit the files only once the page is showing a generation and waiting for the next.
        func waitForPage(showing generation: Int) async throws -> Bool {
            let deadline = Date().addingTimeInterval(30)
            while running.service.pagesWaiting(after: generation) == 0 {
                guard process.isRunning, Date() < deadline else { return false }
                try await Task.sleep(nanoseconds: 10_000_000)
            }
            return true
        }
        var saved = 0.0
        if try await waitForPage(showing: 1) {
            saved = Date().timeIntervalSince1970 * 1000
            try #"["Short", "Second row", "A third row"]"#.write(toFile: running.dataPath, atomically: true, encoding: .utf8)
            if try await waitForPage(showing: 2) {
                try "name: broken\ncontent:\n  text: { value: [unclosed\n".write(
                    toFile: running.stylePath, atomically: true, encoding: .utf8)
            }
        }
        while process.isRunning { try await Task.sleep(nanoseconds: 20_000_000) }
        try output.close()
        let text = try String(contentsOf: outputFile, encoding: .utf8)
        if process.terminationStatus == 2 {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                Issue.record("the browser could not start, and CI is set: \(text)")
            } else {
                print("skipping: headless Chromium is not available (Scripts/install-deps.sh --browser): \(text)")
            }
            return
        }
        #expect(process.terminationStatus == 0, "\(text)")
        let results = text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["step"] as? String == "eval" }.map { $0["result"] }
        try #require(results.count == 4, "\(text)")
        let afterSave = try #require(results[0] as? [String: Any])
        #expect(afterSave["error"] as? Bool == false)
        let updatedAt = try #require(afterSave["updatedAt"] as? Double)
        let latency = updatedAt - saved
        #expect(latency > 0 && latency < 1000, "the page updated \(latency) ms after the save")
        print("live page: updated \(Int(latency)) ms after the save (new image loaded)")
        let error = try #require(results[1] as? String)
        #expect(error.range(of: #"style\.yaml:\d+:\d+"#, options: .regularExpression) != nil, "\(error)")
        let frames = try #require(results[3] as? String)
        #expect(frames.contains("Row 1") || frames.contains("text#body"), "\(frames)")
        #expect(frames.contains("text#body"), "\(frames)")
    }
}

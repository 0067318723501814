import Foundation
import Testing

@Suite struct PreviewCommandTests {
    @Test func writesAContactSheet() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("sheet.png").path
        let result = try CLI.run([
            "preview", "--style", "label", "--data", "Goldens/data/label.txt", "--widths", "320,375", "--content-sizes",
            "large,AX3",
            "--appearances", "light", "--rtl", "--scale", "1", "-o", output,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("wrote \(output): 8 variants × 4 rows, "), "\(result.stderr)")
        let size = try #require(pngSize(try Data(contentsOf: URL(fileURLWithPath: output))))
        #expect(size.width == 2 * (24 + 16) + 80 + 320 + 375 + 2 * 26 + 20)
    }

    @Test func refusesBadOptionsInOneLine() throws {
        let cases: [([String], String)] = [
            (
                ["--widths", "320,wide"],
                "error: --widths must be a comma-separated list of points like 320,375, got `320,wide`\n"
            ),
            (
                ["--content-sizes", "huge"],
                "error: --content-sizes takes xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, AX1, AX2, AX3, AX4, AX5; `huge` is not one of them\n"
            ),
            (["--rows", "5..2"], "error: --rows must look like 1..200 with 1 ≤ A ≤ B, got `5..2`\n"),
        ]
        for (options, message) in cases {
            let result = try CLI.run(
                ["preview", "--style", "label", "--data", "Goldens/data/label.txt", "-o", "/nonexistent/x.png"] + options)
            #expect(result.status == 1)
            #expect(result.stderr == message)
        }
    }

    @Test func watchRendersOncePerBurstAndKeepsTheLastGoodImage() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let style = folder.appendingPathComponent("style.yaml").path
        let data = folder.appendingPathComponent("rows.txt").path
        let output = folder.appendingPathComponent("sheet.png").path
        try "name: mine\ncontent:\n  text: { value: \"{text}\", font: { size: 15 } }\n".write(
            toFile: style, atomically: true, encoding: .utf8)
        try "One\nTwo\n".write(toFile: data, atomically: true, encoding: .utf8)
        let log = folder.appendingPathComponent("log.txt")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = [
            "preview", "--watch", "--style", style, "--data", data, "--widths", "320", "--content-sizes", "large",
            "--appearances", "light", "--scale", "1", "-o", output,
        ]
        process.standardError = handle
        process.standardOutput = handle
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        func logText() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        func waitFor(_ count: Int, of needle: String) -> Bool {
            let deadline = Date().addingTimeInterval(30)
            while logText().components(separatedBy: needle).count - 1 < count {
                if Date() > deadline || !process.isRunning { return false }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return true
        }
        try #require(waitFor(1, of: "watching "), "\(logText())")
        // A burst of saves 20 ms apart renders once.
        for rows in ["One\nTwo\nThree\n", "One\nTwo\nThree\nFour\n", "One\nTwo\nThree\nFour\nFive\n"] {
            try rows.write(toFile: data, atomically: true, encoding: .utf8)
            Thread.sleep(forTimeInterval: 0.02)
        }
        try #require(waitFor(2, of: "wrote "), "\(logText())")
        let good = try Data(contentsOf: URL(fileURLWithPath: output))
        try "name: mine\ncontent:\n  text: { value: [oops\n".write(toFile: style, atomically: true, encoding: .utf8)
        try #require(waitFor(1, of: "error: "), "\(logText())")
        Thread.sleep(forTimeInterval: 0.5)
        process.terminate()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("preview --watch ignored SIGTERM")
        }
        process.waitUntilExit()
        let text = logText()
        #expect(text.components(separatedBy: "wrote ").count - 1 == 2, "\(text)")
        #expect(text.contains("1 variants × 5 rows"), "\(text)")
        #expect(
            text.range(of: #"error: [^\n]*style\.yaml:\d+:\d+: [^\n]*\(kept the previous "#, options: .regularExpression) != nil,
            "\(text)")
        #expect(text.range(of: #"in \d+ ms"#, options: .regularExpression) != nil, "\(text)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == good)
    }
}

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct ServeCommandTests {
    @Test func printsItsLoopbackAddressAndServesThePage() async throws {
        let process = Process()
        process.executableURL = CLI.binary
        process.currentDirectoryURL = CLI.packageRoot
        process.arguments = [
            "serve", "--style", "label", "--data", "Goldens/data/label.txt", "--widths", "320", "--content-sizes", "large",
            "--appearances", "light",
        ]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        var line = ""
        while !line.hasSuffix("\n") {
            let byte = out.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            line += String(decoding: byte, as: UTF8.self)
        }
        let match = try #require(
            line.firstMatch(of: /^serving the preview at (http:\/\/127\.0\.0\.1:\d+\/) \(Ctrl-C to stop\)\n$/), "\(line)")
        let url = try #require(URL(string: String(match.1)))
        let (body, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self).contains("<title>Cellshot preview</title>"))
        process.terminate()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
        #expect(!process.isRunning, "serve ignored SIGTERM")
    }
}

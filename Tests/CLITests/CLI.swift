import Foundation
import Testing

/// Runs the real `cellshot` binary built beside the test bundle.
enum CLI {
    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: String
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var binary: URL {
        // On Linux the test bundle's URL is the products folder; on macOS it is the .xctest inside it.
        let bundle = Bundle(for: Marker.self).bundleURL
        let candidates = [bundle, bundle.deletingLastPathComponent()].map { $0.appendingPathComponent("cellshot") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    final class Marker {}

    /// Runs `cellshot arguments…` in the package root, feeding `input` on standard input.
    ///
    /// `executable` runs another program instead (a shell or `unshare` wrapping `cellshot`).
    /// Any GLib/Pango/Cairo warning the program printed is recorded as a test failure.
    static func run(
        _ arguments: [String], input: Data? = nil, environment: [String: String] = [:], executable: String? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable.map { URL(fileURLWithPath: $0) } ?? binary
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("cellshot-stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        let inPipe = Pipe()
        process.standardOutput = out
        process.standardError = errorHandle
        process.standardInput = inPipe
        try process.run()
        try errorHandle.close()
        if let input { inPipe.fileHandleForWriting.write(input) }
        try inPipe.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = try Data(contentsOf: errorFile)
        expectNoLibraryWarnings(String(decoding: stderr, as: UTF8.self))
        return Result(status: process.terminationStatus, stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Records a failure for every line in which the C libraries complained: Cellshot's own log
    /// writer's lines, and GLib's default format (`(process:1): Pango-WARNING **: …`) in case a
    /// message ever bypasses it.
    static func expectNoLibraryWarnings(_ stderr: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for line in stderr.split(separator: "\n")
        where line.contains("warning: from the C libraries:") || line.contains("-WARNING **") || line.contains("-CRITICAL **") {
            Issue.record("the C libraries logged: \(line)", sourceLocation: sourceLocation)
        }
    }

    /// A fresh temporary folder, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cellshot-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Width and height from a PNG's IHDR chunk.
func pngSize(_ data: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](data)
    guard bytes.count > 24, bytes[0..<8] == [137, 80, 78, 71, 13, 10, 26, 10][...] else { return nil }
    func be32(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (be32(16), be32(20))
}

import Foundation
import Testing

/// Runs the real `cellshot` binary built beside the test bundle.
func cellshot(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var folder = bundle
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("cellshot").path), folder.path != "/" {
        folder.deleteLastPathComponent()
    }
    let process = Process()
    process.executableURL = folder.appendingPathComponent("cellshot")
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

func streamTemporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("cellshot-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func writeRows(_ count: Int, to folder: URL) throws -> String {
    let rows = (1...count).map { "{\"text\": \"Sentence number \($0) of the river\", \"id\": \"cell-\($0)\"}" }
    let path = folder.appendingPathComponent("rows.json").path
    try ("[" + rows.joined(separator: ",") + "]").write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

@Suite struct StreamedRenderCommandTests {
    @Test func pageHeightWritesNumberedPagesAndASummary() throws {
        let folder = try streamTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = try writeRows(40, to: folder)
        let result = try cellshot(["render", "--data", data, "--page-height", "1000", "-o", folder.path + "/table.png"])
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
        #expect(files.first == "table-001.png")
        #expect(files.count > 3)
        #expect(!files.contains("table.png"))
        #expect(result.stderr.hasPrefix("wrote \(files.count) files: 40 rows, 750 × "))
        #expect(!files.contains { $0.hasPrefix(".") })
    }

    @Test func eachRowNamesFilesByField() throws {
        let folder = try streamTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = try writeRows(5, to: folder)
        let cells = folder.appendingPathComponent("cells")
        try FileManager.default.createDirectory(at: cells, withIntermediateDirectories: true)
        let result = try cellshot(["render", "--data", data, "--each-row", cells.path, "--name-field", "id", "-q"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let files = try FileManager.default.contentsOfDirectory(atPath: cells.path).sorted()
        #expect(files == ["cell-1.png", "cell-2.png", "cell-3.png", "cell-4.png", "cell-5.png"])
    }

    @Test func shardsSplitTheRowsWithoutOverlap() throws {
        let folder = try streamTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = try writeRows(10, to: folder)
        var names: [String] = []
        for part in 1...3 {
            let out = folder.appendingPathComponent("part-\(part)")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            let result = try cellshot(["render", "--data", data, "--each-row", out.path, "--shard", "\(part)/3", "-q"])
            #expect(result.status == 0, "\(result.stderr)")
            names += try FileManager.default.contentsOfDirectory(atPath: out.path)
        }
        #expect(names.sorted() == (1...10).map { "row-\($0).png" }.sorted())
    }

    @Test func oneThreadAndTheDefaultWriteTheSameBytes() throws {
        let folder = try streamTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = try writeRows(120, to: folder)
        let one = folder.path + "/one.png"
        let all = folder.path + "/all.png"
        #expect(try cellshot(["render", "--data", data, "--threads", "1", "-q", "-o", one]).status == 0)
        #expect(try cellshot(["render", "--data", data, "--threads", "2", "-q", "-o", all]).status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: one))
        #expect(bytes.count > 10_000)
        #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: all))))
    }

    @Test func vectorOutputIsByteIdenticalAcrossRuns() throws {
        let folder = try streamTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = try writeRows(20, to: folder)
        for format in ["svg", "pdf"] {
            var outputs: [Data] = []
            for run in 1...2 {
                let path = folder.path + "/run\(run).\(format)"
                let result = try cellshot(["render", "--data", data, "--table-style", "inset-grouped", "-q", "-o", path])
                #expect(result.status == 0, "\(result.stderr)")
                outputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
            #expect(outputs[0].count > 1_000)
            #expect(outputs[0] == outputs[1], "\(format) differs between runs")
        }
    }

    @Test func badOptionsFailWithOneLineAndNoFile() throws {
        let folder = try streamTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = try writeRows(3, to: folder)
        for arguments in [
            ["--shard", "4/3"], ["--table-style", "fancy"], ["--output-format", "gif"], ["--page-height", "0"],
        ] {
            let result = try cellshot(["render", "--data", data, "-o", folder.path + "/x.png"] + arguments)
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("error: "), "\(arguments)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["rows.json"])
    }

    @Test func aRowMissingAFieldNamesTheFileAndRowAndLeavesNoFile() throws {
        let folder = try streamTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.path + "/rows.json"
        let rows = (1...60).map { $0 == 45 ? "{\"other\": \"x\"}" : "{\"text\": \"Row \($0)\"}" }
        try ("[" + rows.joined(separator: ",") + "]").write(toFile: path, atomically: true, encoding: .utf8)
        let result = try cellshot(["render", "--data", path, "--threads", "2", "-o", folder.path + "/table.png"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(path): row 45: missing field `text`"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["rows.json"])
    }
}

import Foundation
import ImageDiff
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SIGKILL at random moments of a render: the target is always the old file or the complete new
/// one (OutputFile writes a temporary file in the same folder, flushes it, then renames it).
@Suite(.timeLimit(.minutes(5))) struct FaultTests {
    @Test func killDuringRenderLeavesTheOldFileOrTheCompleteNewOne() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("rows.json")
        let rows = (1...60).map { "Row \($0): " + String(repeating: "a few words of text that wrap ", count: $0 % 7 + 1) }
        try JSONSerialization.data(withJSONObject: rows).write(to: data)
        let arguments = ["render", "--style", "label", "--data", data.path, "--scale", "2"]

        // The complete new file, and how long a render takes.
        let reference = folder.appendingPathComponent("reference.png")
        let started = Date()
        let first = try CLI.run(arguments + ["-o", reference.path], environment: ["CELLSHOT_TEST_SLOW_WRITES": "1"])
        let duration = Date().timeIntervalSince(started)
        #expect(first.status == 0, "\(first.stderr)")
        let complete = try Data(contentsOf: reference)
        #expect(try PNGDecoder.decode([UInt8](complete)).width == 750)

        let target = folder.appendingPathComponent("out.png")
        let old = Data("the old file".utf8)
        var outcomes = (old: 0, new: 0)
        var generator = SystemRandomNumberGenerator()
        for attempt in 0..<16 {
            try old.write(to: target)
            // Half the kills land anywhere, half near the end, where the file is written.
            let fraction =
                attempt.isMultiple(of: 2)
                ? Double.random(in: 0...1.2, using: &generator) : Double.random(in: 0.8...1.3, using: &generator)
            let process = Process()
            process.executableURL = CLI.binary
            process.arguments = arguments + ["-o", target.path]
            process.standardError = FileHandle.nullDevice
            // Writes in 4 KB chunks 1 ms apart: a wide window for the kill to land in mid-write.
            process.environment = ProcessInfo.processInfo.environment.merging(["CELLSHOT_TEST_SLOW_WRITES": "1"]) { $1 }
            try process.run()
            usleep(useconds_t(max(0, fraction * duration * 1_000_000)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let now = try Data(contentsOf: target)
            if now == old {
                outcomes.old += 1
            } else {
                // A Bool, not `now == complete` inside #expect: on failure it would diff two large Data values for minutes.
                let isComplete = now == complete
                #expect(isComplete, "attempt \(attempt) at \(fraction) of a render left \(now.count) bytes, neither old nor new")
                outcomes.new += 1
            }
        }
        print(
            "kill -9 during renders of \(String(format: "%.2f", duration)) s: \(outcomes.old) old files, \(outcomes.new) complete new ones"
        )
        // A killed writer leaves at most its hidden temporary file (.out.png.cellshot-XXXXXX), never a partial
        // out.png; the next writer removes those abandoned for over a minute (AbandonedTemporaryTests).
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(
            names.allSatisfy { ["rows.json", "reference.png", "out.png"].contains($0) || $0.hasPrefix(".out.png.cellshot-") })
    }
}

/// A writer killed before its rename leaves `.NAME.cellshot-XXXXXX`; the next write to that path
/// removes such files once they are a minute old and no live writer holds them locked.
@Suite struct AbandonedTemporaryTests {
    @Test func abandonedTemporaryIsRemovedFreshOneKept() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("rows.json")
        try Data("[\"a\"]".utf8).write(to: data)
        let abandoned = folder.appendingPathComponent(".out.png.cellshot-AbCd12")
        let fresh = folder.appendingPathComponent(".out.png.cellshot-XyZw34")
        let other = folder.appendingPathComponent(".other.png.cellshot-AbCd12")
        for file in [abandoned, fresh, other] { try Data("partial".utf8).write(to: file) }
        let hourAgo = Date(timeIntervalSinceNow: -3_600)
        for file in [abandoned, other] {
            try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: file.path)
        }
        let result = try CLI.run([
            "render", "--style", "label", "--data", data.path, "-o", folder.appendingPathComponent("out.png").path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == [".other.png.cellshot-AbCd12", ".out.png.cellshot-XyZw34", "out.png", "rows.json"])
    }
}

/// SIGKILL at random moments of `cellshot record`: the golden is always the old file or the
/// complete new one (goldens are written through OutputFile: temporary file, flush, rename).
@Suite(.timeLimit(.minutes(5))) struct RecordFaultTests {
    @Test func killDuringRecordLeavesTheOldGoldenOrTheCompleteNewOne() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rows = (1...40).map { "Row \($0): " + String(repeating: "words that wrap onto more lines ", count: $0 % 5 + 1) }
        try JSONSerialization.data(withJSONObject: rows).write(to: folder.appendingPathComponent("rows.json"))
        try "style: label\ndata: rows.json\n".write(
            to: folder.appendingPathComponent("case.yaml"), atomically: true, encoding: .utf8)
        let golden = folder.appendingPathComponent("case.png")
        let arguments = ["record", folder.path, "--only", "case", "--force-in-ci"]
        let slow = ["CELLSHOT_TEST_SLOW_WRITES": "1"]

        let started = Date()
        let first = try CLI.run(arguments, environment: slow)
        let duration = Date().timeIntervalSince(started)
        #expect(first.status == 0, "\(first.stderr)")
        let complete = try Data(contentsOf: golden)
        #expect(try PNGDecoder.decode([UInt8](complete)).width == 750)

        let old = Data("the old golden".utf8)
        var outcomes = (old: 0, new: 0)
        var generator = SystemRandomNumberGenerator()
        for attempt in 0..<10 {
            try old.write(to: golden)
            let fraction = Double.random(in: 0.3...1.2, using: &generator)
            let process = Process()
            process.executableURL = CLI.binary
            process.arguments = arguments
            process.standardError = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.environment = ProcessInfo.processInfo.environment.merging(slow) { $1 }
            try process.run()
            usleep(useconds_t(max(0, fraction * duration * 1_000_000)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let now = try Data(contentsOf: golden)
            if now == old {
                outcomes.old += 1
            } else {
                let isComplete = now == complete
                #expect(isComplete, "attempt \(attempt) at \(fraction) of a record left \(now.count) bytes, neither old nor new")
                outcomes.new += 1
            }
        }
        print(
            "kill -9 during records of \(String(format: "%.2f", duration)) s: \(outcomes.old) old goldens, \(outcomes.new) complete new ones"
        )
    }
}

import ArgumentParser
import Foundation
import GoldenTesting
import ImageDiff

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Renders every case of a goldens folder (NAME.yaml beside NAME.png) and compares it with its golden.",
        discussion: """
            Never writes a golden. A missing golden fails. On failure, expected/actual/diff images, report.html and
            junit.xml go to the artifacts folder; shards run into the same folder merge into one report.
            """)

    @Argument(help: "The goldens folder.") var folder: String
    @Option(help: "Where reports and failing cases' images go (never inside the goldens folder).") var artifacts =
        "artifacts/goldens"
    @Option(help: "Only shard i of n (1-based), like 2/4.") var shard: String?
    @Option(help: "Only this case (repeatable).") var only: [String] = []
    @Option(help: "Matching threshold 0…1 (default 0.1, pixelmatch's).") var threshold = 0.1
    @Flag(help: "Count anti-aliased pixels as differences.") var includeAA = false
    @Option(help: "Pass with up to this many differing pixels (default 0).") var maxDiffPixels = 0
    @Option(help: "Pass with up to this fraction (0…1) of the pixels differing.") var maxDiffRatio: Double?

    func run() throws {
        guard let shard = shard.map({ GoldenTesting.Shard(parsing: $0) }) ?? GoldenTesting.Shard.all else {
            throw ValidationError("--shard must look like 1/4 (i/n with 1 ≤ i ≤ n), got `\(shard ?? "")`")
        }
        guard threshold.isFinite, (0...1).contains(threshold) else { throw ValidationError("--threshold must be 0…1") }
        let verifier = GoldenVerifier(
            diffOptions: DiffOptions(threshold: threshold, includeAA: includeAA),
            criteria: PassCriteria(maxDiffPixels: maxDiffPixels, maxDiffPixelRatio: maxDiffRatio), artifactsFolder: artifacts)
        let results: [CaseResult]
        do {
            results = try GoldenRun(folder: folder, verifier: verifier, shard: shard, only: only).run()
        } catch {
            printError("error: \(error)")
            throw ExitCode(2)
        }
        for result in results {
            print("\(result.status.rawValue.uppercased()) \(result.name)")
            for line in result.explanation { print("  \(line)") }
        }
        let failed = results.filter { !$0.passed }.count
        print("\(results.count - failed) passed, \(failed) failed (shard \(shard)); report: \(artifacts)/report.html")
        if failed > 0 { throw ExitCode(1) }
    }
}

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Writes the goldens of a folder's cases: renders twice, refuses if they differ, writes atomically.")

    @Argument(help: "The goldens folder.") var folder: String
    @Option(help: "Only this case (repeatable).") var only: [String] = []
    @Flag(help: "Record even though the CI environment variable is set.") var forceInCi = false

    func run() throws {
        let recorder = GoldenRecorder(forceInCI: forceInCi)
        do {
            try recorder.checkAllowed()
            let cases = try GoldenRun.select(try GoldenFolder.cases(in: folder).cases, only: only, folder: folder)
            for item in cases {
                let outcome = try recorder.record(item)
                print("\(outcome.rawValue) \(item.name).png")
            }
        } catch {
            printError("error: \(error)")
            throw ExitCode(1)
        }
    }
}

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Merges the results-*.json of verify shards in an artifacts folder into one report.html and junit.xml.")

    @Argument(help: "The artifacts folder holding the shards' results-*.json and cases/.") var artifacts: String

    func run() throws {
        do {
            let results = try GoldenReport.merge(folder: artifacts)
            let failed = results.filter { !$0.passed }.count
            print("\(results.count - failed) passed, \(failed) failed; report: \(artifacts)/report.html")
            if failed > 0 { throw ExitCode(1) }
        } catch let error as GoldenError {
            printError("error: \(error)")
            throw ExitCode(2)
        }
    }
}

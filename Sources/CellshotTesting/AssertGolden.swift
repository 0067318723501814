import Cellshot
import Foundation
import GoldenTesting
import ImageDiff

/// Why `assertGolden` failed: thrown, so it fails the test in Swift Testing and XCTest alike.
public struct GoldenAssertionFailure: Error, CustomStringConvertible, Sendable {
    public var description: String
}

/// Compares the render of the table file at `table` with the golden `named`; throws on a difference.
///
/// Goldens live in `goldens` (default: a `Goldens` folder beside the calling test file) as
/// `NAME.png` with `NAME.golden.json`. With `CELLSHOT_RECORD=1` in the environment (or `record:
/// true`) the golden is recorded instead, which is refused when `CI` is set. A missing golden
/// fails. On failure the expected, actual and diff images and `report.html` go to
/// `artifacts/NAME` (default artifacts folder: `CELLSHOT_ARTIFACTS`, else `cellshot-artifacts`
/// in the temporary directory), and the report's path is printed and put in the error.
public func assertGolden(
    _ table: String, named name: String, goldens: String? = nil, artifacts: String? = nil, record: Bool? = nil,
    threshold: Double = 0.1, maxDiffPixels: Int = 0, maxDiffRatio: Double? = nil, filePath: StaticString = #filePath
) throws {
    let folder = goldens ?? (URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().path + "/Goldens")
    try check(
        GoldenCase(name: name, folder: folder, tablePath: table), job: nil, artifacts: artifacts, record: record,
        options: DiffOptions(threshold: threshold),
        criteria: PassCriteria(maxDiffPixels: maxDiffPixels, maxDiffPixelRatio: maxDiffRatio))
}

/// The same for a table built in code: a loaded or assembled `TableJob`.
public func assertGolden(
    _ job: TableJob, named name: String, goldens: String? = nil, artifacts: String? = nil, record: Bool? = nil,
    threshold: Double = 0.1, maxDiffPixels: Int = 0, maxDiffRatio: Double? = nil, filePath: StaticString = #filePath
) throws {
    let folder = goldens ?? (URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().path + "/Goldens")
    try check(
        GoldenCase(name: name, folder: folder, tablePath: job.input.source), job: job, artifacts: artifacts, record: record,
        options: DiffOptions(threshold: threshold),
        criteria: PassCriteria(maxDiffPixels: maxDiffPixels, maxDiffPixelRatio: maxDiffRatio))
}

private func check(
    _ item: GoldenCase, job: TableJob?, artifacts: String?, record: Bool?, options: DiffOptions, criteria: PassCriteria
) throws {
    let environment = ProcessInfo.processInfo.environment
    let recording = record ?? environment["CELLSHOT_RECORD"].map { !$0.isEmpty && $0 != "0" } ?? false
    if recording {
        do {
            try FileManager.default.createDirectory(atPath: item.folder, withIntermediateDirectories: true)
            let outcome = try GoldenRecorder(environment: environment).record(item, job: job)
            print("cellshot: \(outcome.rawValue) golden \(item.goldenPath)")
            return
        } catch {
            throw GoldenAssertionFailure(description: "golden \(item.name): \(error)")
        }
    }
    let base = artifacts ?? environment["CELLSHOT_ARTIFACTS"] ?? (NSTemporaryDirectory() + "cellshot-artifacts")
    // Each golden gets its own report folder, so tests running in parallel never share a report.
    let folder = base + "/" + item.name
    let result = GoldenVerifier(diffOptions: options, criteria: criteria, artifactsFolder: folder).verify(item, job: job)
    guard !result.passed else { return }
    var reportPath = folder + "/report.html"
    do {
        try GoldenReport.write([result], shard: .all, to: folder)
    } catch {
        reportPath = "(report not written: \(error))"
    }
    print("cellshot: golden \(item.name) failed; report: \(reportPath)")
    throw GoldenAssertionFailure(
        description: "golden \(item.name): " + result.explanation.joined(separator: "; ") + "; report: \(reportPath)")
}

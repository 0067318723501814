import Cellshot
import Foundation
import GoldenTesting
import ImageDiff

/// Why `assertGolden` failed: thrown, so it fails the test in Swift Testing and XCTest alike.
public struct GoldenAssertionFailure: Error, CustomStringConvertible, Sendable {
    public var description: String
}

/// Compares the render of `table` (a table file path) with the golden `named` and throws on a difference.
///
/// Goldens live in `goldens` (default: a `Goldens` folder beside the calling test file) as
/// `NAME.png` with `NAME.golden.json`. With `CELLSHOT_RECORD=1` the golden is recorded
/// instead (refused when `CI` is set). A missing golden fails. On failure the expected, actual and
/// diff images and `report.html` go to `artifacts` (default: `CELLSHOT_ARTIFACTS`, else a
/// `cellshot-artifacts` folder in the temporary directory), and the report's path is printed.
public func assertGolden(
    _ table: String, named name: String, goldens: String? = nil, artifacts: String? = nil,
    threshold: Double = 0.1, maxDiffPixels: Int = 0, maxDiffRatio: Double? = nil, filePath: StaticString = #filePath
) throws {
    let environment = ProcessInfo.processInfo.environment
    let folder = goldens ?? (URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().path + "/Goldens")
    let item = GoldenCase(name: name, folder: folder, tablePath: table)
    if let record = environment["CELLSHOT_RECORD"], !record.isEmpty, record != "0" {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let outcome = try GoldenRecorder(environment: environment).record(item)
            print("cellshot: \(outcome.rawValue) golden \(item.goldenPath)")
            return
        } catch {
            throw GoldenAssertionFailure(description: "\(error)")
        }
    }
    let base = artifacts ?? environment["CELLSHOT_ARTIFACTS"] ?? (NSTemporaryDirectory() + "cellshot-artifacts")
    // Each golden gets its own report folder, so parallel tests never write the same report.
    let artifactsFolder = base + "/" + name
    let verifier = GoldenVerifier(
        diffOptions: DiffOptions(threshold: threshold),
        criteria: PassCriteria(maxDiffPixels: maxDiffPixels, maxDiffPixelRatio: maxDiffRatio), artifactsFolder: artifactsFolder)
    let result = verifier.verify(item)
    guard !result.passed else { return }
    var reportPath = artifactsFolder + "/report.html"
    do {
        try GoldenReport.write([result], shard: .all, to: artifactsFolder)
    } catch {
        reportPath = "(report not written: \(error))"
    }
    print("cellshot: golden \(name) failed; report: \(reportPath)")
    throw GoldenAssertionFailure(
        description: "golden \(name): " + result.explanation.joined(separator: "; ") + "; report: \(reportPath)")
}

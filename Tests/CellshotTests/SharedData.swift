import Foundation
import Testing

/// The reference data in `../shared`, beside the project.
///
/// Tests that need it skip with a message when it is absent, and fail when the `CI`
/// environment variable is set (CI always has it; a missing file there is a broken setup).
enum SharedData {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared")

    static var huckleberry: URL { folder.appendingPathComponent("data/huckleberry.plist") }

    /// The path of `url` when it exists; otherwise records a failure under CI and returns nil.
    static func require(_ url: URL, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        if FileManager.default.fileExists(atPath: url.path) { return url.path }
        if ProcessInfo.processInfo.environment["CI"] != nil {
            Issue.record("\(url.path) is missing, and CI is set: the shared data must be present", sourceLocation: sourceLocation)
        } else {
            print("skipping: \(url.path) is absent (this test needs ../shared beside the project)")
        }
        return nil
    }
}

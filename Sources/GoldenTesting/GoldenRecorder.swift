import Cellshot
import Foundation
import ImageDiff

/// Writes goldens: refused in CI unless forced, only from two identical renders, atomically.
public struct GoldenRecorder: Sendable {
    /// What recording did to one case.
    public enum Outcome: String, Sendable {
        case created, updated, unchanged
    }

    public var forceInCI: Bool
    public var environment: [String: String]

    public init(forceInCI: Bool = false, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.forceInCI = forceInCI
        self.environment = environment
    }

    /// Throws `.refused` when the `CI` variable is set (to anything but empty) and recording is not forced.
    public func checkAllowed() throws(GoldenError) {
        if let ci = environment["CI"], !ci.isEmpty, !forceInCI {
            throw .refused("refusing to record goldens in CI (CI=\(ci)); pass --force-in-ci if you really mean it")
        }
    }

    /// Renders the case (`job` when given, else its table file) twice and, when both renders agree, writes its golden and sidecar.
    ///
    /// An unchanged image keeps its golden file byte for byte; a failure leaves the old files.
    public func record(_ item: GoldenCase, job: TableJob? = nil) throws(GoldenError) -> Outcome {
        try record(item) { () throws(GoldenError) in try CaseRender.render(item, job: job) }
    }

    /// Records from two calls of `render` (tests pass a render that varies).
    func record(_ item: GoldenCase, render: () throws(GoldenError) -> CaseRender) throws(GoldenError) -> Outcome {
        try checkAllowed()
        let first = try render()
        let second = try render()
        guard first.png == second.png, first.snapshot == second.snapshot else {
            throw .refused("\(item.name): two renders of the same table differ; refusing to record a non-deterministic golden")
        }
        var outcome = Outcome.created
        if let old = FileManager.default.contents(atPath: item.goldenPath) {
            outcome = .updated
            if let decoded = try? PNGDecoder.decode([UInt8](old)), decoded == first.image { outcome = .unchanged }
        }
        do {
            if outcome != .unchanged { try OutputFile.write(first.png, to: item.goldenPath) }
            try OutputFile.write(SnapshotFile.encode(first.snapshot), to: item.snapshotPath)
        } catch {
            throw .io(path: item.goldenPath, message: error.description)
        }
        return outcome
    }
}

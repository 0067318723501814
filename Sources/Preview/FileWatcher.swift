import Foundation

/// Polls files for changes and reports a burst of saves once it has settled.
///
/// A change is a different size, modification time (nanoseconds) or file (an editor's
/// save-by-rename makes a new one); a file that disappears counts too. Polling reads only
/// metadata, needs no platform API, and sees every editor's way of saving.
public final class FileWatcher: @unchecked Sendable {
    public let paths: [String]
    /// How often the files are looked at.
    public let interval: TimeInterval
    /// How long the files must stay unchanged after a change before it is reported.
    public let quietPeriod: TimeInterval
    private var last: [Fingerprint]

    struct Fingerprint: Equatable {
        var exists: Bool
        var size: UInt64
        var modified: Date?
        var file: UInt64
    }

    public init(paths: [String], interval: TimeInterval = 0.05, quietPeriod: TimeInterval = 0.15) {
        self.paths = paths
        self.interval = interval
        self.quietPeriod = quietPeriod
        self.last = paths.map(Self.fingerprint)
    }

    /// Blocks until a file changed and then stayed unchanged for the quiet period; returns the
    /// changed paths. Returns nil when `shouldStop` turns true first.
    public func waitForChange(shouldStop: () -> Bool = { false }) -> [String]? {
        while !shouldStop() {
            Thread.sleep(forTimeInterval: interval)
            var current = paths.map(Self.fingerprint)
            guard current != last else { continue }
            // A burst: wait until nothing has moved for a whole quiet period.
            var settledSince = Date()
            while Date().timeIntervalSince(settledSince) < quietPeriod {
                if shouldStop() { return nil }
                Thread.sleep(forTimeInterval: interval)
                let next = paths.map(Self.fingerprint)
                if next != current {
                    current = next
                    settledSince = Date()
                }
            }
            let changed = zip(paths, zip(last, current)).filter { $1.0 != $1.1 }.map(\.0)
            last = current
            if !changed.isEmpty { return changed }
        }
        return nil
    }

    static func fingerprint(_ path: String) -> Fingerprint {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            return Fingerprint(exists: false, size: 0, modified: nil, file: 0)
        }
        return Fingerprint(
            exists: true, size: (attributes[.size] as? NSNumber)?.uint64Value ?? 0,
            modified: attributes[.modificationDate] as? Date,
            file: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0)
    }
}

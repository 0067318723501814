import Foundation
import Preview
import Testing

@Suite struct FileWatcherTests {
    @Test func reportsABurstOfSavesOnceItSettles() throws {
        let folder = try Fixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a.yaml").path
        let b = folder.appendingPathComponent("b.json").path
        try "1".write(toFile: a, atomically: true, encoding: .utf8)
        try "1".write(toFile: b, atomically: true, encoding: .utf8)
        let watcher = FileWatcher(paths: [a, b], interval: 0.01, quietPeriod: 0.1)
        let writer = Thread {
            for value in ["22", "333", "4444"] {
                try? value.write(toFile: b, atomically: true, encoding: .utf8)
                Thread.sleep(forTimeInterval: 0.03)
            }
        }
        let start = Date()
        writer.start()
        #expect(watcher.waitForChange() == [b])
        #expect(Date().timeIntervalSince(start) >= 0.06 + 0.1)
        // Nothing changed since: the next wait ends only when told to stop.
        let deadline = Date().addingTimeInterval(0.3)
        #expect(watcher.waitForChange(shouldStop: { Date() > deadline }) == nil)
    }

    @Test func seesARemovedFileAndAnAtomicReplace() throws {
        let folder = try Fixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("style.yaml").path
        try "same".write(toFile: path, atomically: true, encoding: .utf8)
        let watcher = FileWatcher(paths: [path], interval: 0.01, quietPeriod: 0.05)
        try FileManager.default.removeItem(atPath: path)
        #expect(watcher.waitForChange() == [path])
        try "same".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(watcher.waitForChange() == [path])
    }
}

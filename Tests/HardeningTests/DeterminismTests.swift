import CellLayout
import CellStyle
import Cellshot
import Foundation
import Testing

/// The same input renders to the same bytes, every time and on any thread.
@Suite(.timeLimit(.minutes(5)), .failsOnLibraryWarnings) struct DeterminismTests {
    static let rows: [RowInput] = (1...12).map { index in
        RowInput(
            number: index,
            fields: [
                "text": "Row \(index): " + String(repeating: "wrapping words, ", count: index % 5 + 1) + "emoji 👍🏽 and 日本語",
                "tag": index.isMultiple(of: 3) ? "tag \(index)" : "",
            ])
    }

    static func render(on renderer: TableRenderer) throws -> [UInt8] {
        try renderer.render(rows, source: "determinism").png
    }

    static func renderer() throws -> TableRenderer {
        try TableRenderer(style: StyleSpec.load(nameOrPath: "tagged"), options: RenderOptions(width: 375, scale: 2))
    }

    /// 100 renders by `threads` concurrent workers, each with its own renderer (Pango objects are
    /// per thread). When the compositor renders with worker threads itself, add its thread count
    /// to the arguments through `RenderOptions`.
    @Test(arguments: [1, 2]) func hundredRendersGiveIdenticalBytes(threads: Int) throws {
        let reference = try Self.render(on: Self.renderer())
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: threads) { worker in
            do {
                let renderer = try Self.renderer()
                for _ in 0..<(100 / threads) { results.add(try Self.render(on: renderer)) }
            } catch {
                results.fail("\(error)")
            }
        }
        #expect(results.errors == [])
        #expect(results.all.count == 100)
        let differing = results.all.filter { $0 != reference }.count
        #expect(differing == 0, "\(differing) of 100 renders on \(threads) thread(s) differ from the first")
    }

    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var all: [[UInt8]] = []
        private(set) var errors: [String] = []
        func add(_ bytes: [UInt8]) { lock.withLock { all.append(bytes) } }
        func fail(_ message: String) { lock.withLock { errors.append(message) } }
    }
}

// What `PreparedTextEngine.prepare` hands to its worker threads: the sessions, the runs of work,
// and the slots each worker writes alone.

/// The worker sessions, handed to the worker threads; each worker uses only its own.
struct SessionList: @unchecked Sendable {
    let sessions: [ShapingSession]
}

/// Hands out consecutive ranges of `count` indices, `chunk` at a time, to whichever worker asks.
final class WorkQueue: @unchecked Sendable {
    private let lock = Mutex()
    private let count: Int
    private let chunk: Int
    private var handedOut = 0

    init(count: Int, chunk: Int) {
        self.count = count
        self.chunk = chunk
    }

    /// The next range, nil when every index has been handed out.
    func next() -> Range<Int>? {
        lock.withLock {
            guard handedOut < count else { return nil }
            let range = handedOut..<min(count, handedOut + chunk)
            handedOut = range.upperBound
            return range
        }
    }
}

/// Where the workers write the keys, each to its own indices.
struct KeySlots: @unchecked Sendable {
    let base: UnsafeMutablePointer<PreparationKey>
}

/// The engine's Pango engine, handed to the workers that make entries: they only keep the
/// reference, and the layouts are drawn on the engine's thread.
struct PangoReference: @unchecked Sendable {
    let engine: TextEngine?
}

/// One slot per index (a text, a request), written by exactly one worker and read after all
/// have finished.
struct WorkerSlots<Value>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Value?>
    private let count: Int

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: max(1, count))
        slots.initialize(repeating: nil, count: max(1, count))
    }

    func store(_ value: Value, at index: Int) { slots[index] = value }

    func value(at index: Int) -> Value? { slots[index] }

    func release() {
        slots.deinitialize(count: max(1, count))
        slots.deallocate()
    }
}

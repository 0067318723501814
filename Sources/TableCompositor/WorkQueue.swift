#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutex with one condition variable: the only synchronisation of a streamed render.
final class Monitor: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits (the lock held) until `ready()` is true.
    func wait(until ready: () -> Bool) {
        while !ready() { pthread_cond_wait(condition, mutex) }
    }

    func broadcast() { pthread_cond_broadcast(condition) }
}

/// Runs `body(worker)` on `count` threads at once and returns when all have returned.
enum Workers {
    static func run(count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 1 else {
            body(0)
            return
        }
        final class Context {
            let body: @Sendable (Int) -> Void
            let index: Int
            init(_ body: @escaping @Sendable (Int) -> Void, _ index: Int) {
                self.body = body
                self.index = index
            }
        }
        var threads: [pthread_t] = []
        for index in 1..<count {
            let context = Unmanaged.passRetained(Context(body, index)).toOpaque()
            var thread = pthread_t()
            let made = pthread_create(
                &thread, nil,
                { raw in
                    let context = Unmanaged<Context>.fromOpaque(raw!).takeRetainedValue()
                    context.body(context.index)
                    return nil
                }, context)
            if made == 0 {
                threads.append(thread)
            } else {
                // No thread: the work still gets done, by this one, after its own share.
                Unmanaged<Context>.fromOpaque(context).release()
                threads.append(0)
            }
        }
        body(0)
        for (offset, thread) in threads.enumerated() {
            if thread != 0 { pthread_join(thread, nil) } else { body(offset + 1) }
        }
    }
}

import Dispatch
import Foundation
import Preview

/// Keeps a contact sheet of the inputs up to date: renders on start and on every settled save,
/// keeps the last good render when a new one fails, and renders single variants on demand.
///
/// All rendering runs on one serial queue (Pango objects are per thread); state reads are locked.
public final class PreviewService: @unchecked Sendable {
    public let inputs: PreviewInputs
    private let queue = DispatchQueue(label: "cellshot.preview.render")
    private let lock = NSLock()
    private var stopping = false
    private var watcherThread: Thread?

    /// What the page shows, as of one render.
    public struct Snapshot: Sendable {
        /// Goes up by one on every render attempt, good or bad.
        public var generation: Int
        /// The last good sheet (kept while the files have an error).
        public var sheet: ContactSheet?
        /// The error of the latest attempt, with file, line and column; nil when it succeeded.
        public var error: String?
        public var renderMilliseconds: Double
        /// When the change that led to this render was noticed (nil for the first render).
        public var changeNoticed: Date?
        /// A settled save was noticed and its render has not finished yet.
        public var rendering = false
    }

    private var snapshot = Snapshot(generation: 0, sheet: nil, error: nil, renderMilliseconds: 0)
    private var lastGoodRequest: PreviewRequest?
    private var cache: [String: [UInt8]] = [:]
    private var variantCache: [String: VariantImage] = [:]
    private var waiters: [Int: Int] = [:]

    /// How many live-reload requests are waiting for a generation after `generation` (pages showing it).
    public func pagesWaiting(after generation: Int) -> Int {
        lock.withLock { waiters[generation] ?? 0 }
    }
    /// Called after every render with the snapshot, on the render queue (for printing).
    public var onRender: (@Sendable (Snapshot) -> Void)?

    public init(inputs: PreviewInputs) {
        self.inputs = inputs
    }

    public var current: Snapshot {
        lock.withLock { snapshot }
    }

    /// Renders once now (blocking), then starts watching the files.
    public func start() {
        queue.sync { render(changeNoticed: nil) }
        let paths = inputs.watchedPaths
        guard !paths.isEmpty else { return }
        let thread = Thread { [weak self] in
            let watcher = FileWatcher(paths: paths)
            while let self, watcher.waitForChange(shouldStop: { self.isStopping }) != nil {
                let noticed = Date()
                self.lock.withLock { self.snapshot.rendering = true }
                self.queue.sync { self.render(changeNoticed: noticed) }
            }
        }
        thread.name = "cellshot.preview.watch"
        watcherThread = thread
        thread.start()
    }

    public func stop() {
        lock.withLock { stopping = true }
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    private func render(changeNoticed: Date?) {
        let start = DispatchTime.now()
        var sheet: ContactSheet?
        var request: PreviewRequest?
        var message: String?
        do {
            let loaded = try inputs.load().request
            sheet = try Previewer.contactSheet(loaded)
            request = loaded
        } catch {
            message = error.description
        }
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
        let result = lock.withLock {
            snapshot.generation += 1
            snapshot.error = message
            snapshot.renderMilliseconds = milliseconds
            snapshot.changeNoticed = changeNoticed
            snapshot.rendering = false
            if let sheet, let request {
                snapshot.sheet = sheet
                lastGoodRequest = request
                cache = [:]
                variantCache = [:]
            }
            return snapshot
        }
        onRender?(result)
    }

    /// Waits until the generation passes `since` (or, unless `knowsRendering`, a render starts),
    /// or `timeout` runs out; returns the snapshot then.
    public func waitForGeneration(after since: Int, knowsRendering: Bool = true, timeout: TimeInterval) async -> Snapshot {
        let deadline = Date().addingTimeInterval(timeout)
        lock.withLock { waiters[since, default: 0] += 1 }
        defer { lock.withLock { waiters[since, default: 1] -= 1 } }
        while true {
            let now = current
            if now.generation > since || (now.rendering && !knowsRendering) || Date() >= deadline || Task.isCancelled {
                return now
            }
            try? await Task.sleep(nanoseconds: 25_000_000)
        }
    }

    /// The last good sheet's PNG, with debug borders when asked (rendered once per generation).
    public func sheetPNG(debug: Bool) async -> [UInt8]? {
        guard debug else { return current.sheet?.png }
        return await onQueue { () -> [UInt8]? in
            if let cached = self.lock.withLock({ self.cache["sheet-debug"] }) { return cached }
            guard var request = self.lock.withLock({ self.lastGoodRequest }) else { return nil }
            request.debugBorders = true
            guard let png = try? Previewer.contactSheet(request).png else { return nil }
            self.lock.withLock { self.cache["sheet-debug"] = png }
            return png
        }
    }

    /// One variant of the last good inputs, by id; nil for an id not on the sheet.
    public func variant(id: String, debug: Bool) async -> VariantImage? {
        await onQueue { () -> VariantImage? in
            let key = "\(id)|\(debug)"
            if let cached = self.lock.withLock({ self.variantCache[key] }) { return cached }
            guard var request = self.lock.withLock({ self.lastGoodRequest }),
                let variant = request.grid.variants.first(where: { $0.id == id })
            else { return nil }
            request.debugBorders = debug
            request.scale = self.inputs.variantScale ?? request.scale
            guard let image = try? Previewer.variantImage(request, variant: variant) else { return nil }
            self.lock.withLock { self.variantCache[key] = image }
            return image
        }
    }

    private func onQueue<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }
}

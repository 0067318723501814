import TableCompositor

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-line progress bar on standard error: shown only when standard error is a terminal,
/// not quiet, and the render has run for more than a second.
final class ProgressBar: @unchecked Sendable {
    private let enabled: Bool
    private let start = ProgressBar.now()
    private var shown = false

    init(quiet: Bool) {
        enabled = !quiet && isatty(2) == 1
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    var elapsed: Double { Self.now() - start }

    func update(_ progress: RenderProgress) {
        guard enabled, progress.rowsTotal > 0 else { return }
        let seconds = elapsed
        guard seconds > 1 else { return }
        shown = true
        let fraction = Double(progress.rowsDone) / Double(progress.rowsTotal)
        let width = 30
        let filled = Int(fraction * Double(width))
        let rate = Double(progress.rowsDone) / seconds
        let left = rate > 0 ? Double(progress.rowsTotal - progress.rowsDone) / rate : 0
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        FileDescriptorOutput.write(
            "\r\(bar) \(progress.rowsDone)/\(progress.rowsTotal) rows  \(Int(rate)) rows/s  \(Int(left.rounded(.up))) s left ",
            to: 2)
    }

    func clear() {
        guard shown else { return }
        FileDescriptorOutput.write("\r\u{1B}[K", to: 2)
    }
}

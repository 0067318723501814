import CellCore
import CellData
import CellLayout
import CellStyle
import Graphics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct BenchmarkArguments {
    var runs = 7
    var threads = 2
    var dataPath = "../shared/data/huckleberry.plist"
    var check = false
    var phases = false
    /// "cold", "warm", "hit" or "prepare": loops only the engine (for a profiler), prints nothing else.
    var profile: String?

    init(_ arguments: ArraySlice<String>) {
        var rest = arguments
        while let argument = rest.popFirst() {
            switch argument {
            case "--runs": runs = rest.popFirst().flatMap { Int($0) } ?? runs
            case "--threads": threads = rest.popFirst().flatMap { Int($0) } ?? threads
            case "--data": dataPath = rest.popFirst() ?? dataPath
            case "--check": check = true
            case "--phases": phases = true
            case "--profile": profile = rest.popFirst()
            default:
                printError("HeightBenchmark: unknown argument \(argument)")
                exit(2)
            }
        }
    }
}

enum Huckleberry {
    /// The rows' texts, or nil when the file is absent.
    static func load(_ path: String) throws -> [String]? {
        guard access(path, R_OK) == 0 else { return nil }
        let set = try DataLoader.load(contentsOf: path)
        return set.rows.map { row in row.fields["text"] ?? row.fields.values.first ?? "" }
    }
}

/// Records the text measurements a style's layout asks for, without measuring anything.
final class RequestRecorder: TextMeasuring {
    var calls: [(request: TextRequest, width: Double?)] = []

    func measure(_ request: TextRequest, width: Double?) throws -> MeasuredText {
        calls.append((request, width))
        return MeasuredText(size: Size(width: 0, height: request.font.size), lines: [], prepared: nil)
    }

    /// Every text measurement numbered-line (or `style`) makes for `texts` at `width`.
    static func calls(style: StyleSpec, texts: [String], width: Double, contentSize: ContentSizeCategory) throws
        -> [(request: TextRequest, width: Double?)]
    {
        let resolved = try StyleResolver.resolve(style, for: StyleEnvironment(contentSize: contentSize, appearance: .light))
        let recorder = RequestRecorder()
        let engine = LayoutEngine(style: resolved, measurer: recorder)
        for (index, text) in texts.enumerated() {
            _ = try engine.layout(RowInput(number: index + 1, fields: ["text": text]), width: width)
        }
        return recorder.calls
    }
}

func printError(_ message: String) {
    var line = message + "\n"
    _ = line.withUTF8 { write(2, $0.baseAddress, $0.count) }
}

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// CPU time of this thread in seconds: immune to other processes on a busy machine.
func threadTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

struct Benchmark {
    let fonts: FontLibrary
    let calls: [(request: TextRequest, width: Double?)]
    let runs: Int
    let threads: Int

    struct Report {
        var pango: Double
        var cold: Double
        var warm: Double
        var pangoWarm: Double
        var statistics: PreparedTextEngine.Statistics
        var fallbackRows: Int

        func text(name: String, rows: Int) -> String {
            func ms(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
            return """
                \(name): \(rows) rows, numbered-line at 375 pt, medians of runs
                  pango (fresh layout per text)  \(ms(pango))
                  cold  (new empty engine)       \(ms(cold))   \(String(format: "%.1f", pango / cold))× faster
                  warm  (new width, prepared)    \(ms(warm))   \(String(format: "%.1f", pangoWarm / warm))× faster (pango at that width \(ms(pangoWarm)))
                  fallbacks: \(fallbackRows) rows measured by Pango (\(statistics.fallbackTexts) unmodelled texts, \
                \(statistics.fallbackMeasurements) of \(statistics.measurements) measurements); \(statistics.shapedPieces) pieces shaped
                """
        }
    }

    /// Loops only the engine, cold (a new engine per iteration) or warm (new widths), on one
    /// thread, for a profiler; returns the median of one iteration's thread CPU time.
    func profile(_ mode: String, iterations: Int) throws -> Double {
        var times: [Double] = []
        let warmEngine = try PreparedTextEngine(fonts: fonts)
        try warmEngine.prepare(calls.map(\.request), threads: 1)
        for iteration in 0..<iterations {
            let start = threadTime()
            if mode == "prepare" || mode == "coldwall" {
                // Wall time of preparation alone (on `threads` threads), or of a whole cold run.
                let wall = now()
                let engine = try PreparedTextEngine(fonts: fonts)
                try engine.prepare(calls.map(\.request), threads: threads)
                if mode == "coldwall" { for call in calls { _ = try engine.measure(call.request, width: call.width) } }
                times.append(now() - wall)
                continue
            }
            if mode == "hit" {
                for call in calls { _ = try warmEngine.measure(call.request, width: call.width) }
            } else if mode == "warm" {
                // Widths from 374.63 down to 356.5 pt, over and over (the engine keeps 4 widths).
                let shift = -0.37 * Double(iteration % 50 + 1)
                for call in calls { _ = try warmEngine.measure(call.request, width: call.width.map { $0 + shift }) }
            } else {
                let engine = try PreparedTextEngine(fonts: fonts)
                try engine.prepare(calls.map(\.request), threads: threads)
                for call in calls { _ = try engine.measure(call.request, width: call.width) }
                if iteration < 3 { printError("\(engine.statistics)") }
            }
            times.append(threadTime() - start)
        }
        return median(times)
    }

    /// One thread's CPU time to prepare (cold) and to measure, and Pango's, in milliseconds.
    func phases() throws -> String {
        var prepare: [Double] = []
        var measure: [Double] = []
        var pango: [Double] = []
        var warm: [Double] = []
        let reference = try TextEngine(fonts: fonts)
        for _ in 0..<runs {
            let engine = try PreparedTextEngine(fonts: fonts)
            let start = threadTime()
            try engine.prepare(calls.map(\.request), threads: 1)
            let prepared = threadTime()
            for call in calls { _ = try engine.measure(call.request, width: call.width) }
            let measured = threadTime()
            for call in calls { _ = try reference.measure(call.request, width: call.width) }
            pango.append(threadTime() - measured)
            let warmStart = threadTime()
            for call in calls { _ = try engine.measure(call.request, width: call.width.map { $0 - 0.25 }) }
            warm.append(threadTime() - warmStart)
            prepare.append(prepared - start)
            measure.append(measured - prepared)
        }
        return String(
            format:
                "  one thread's CPU time: prepare %.2f ms + measure %.2f ms = cold %.2f ms (%.1f× faster); "
                + "warm %.2f ms (%.1f× faster); pango %.2f ms",
            median(prepare) * 1000, median(measure) * 1000, (median(prepare) + median(measure)) * 1000,
            median(pango) / (median(prepare) + median(measure)), median(warm) * 1000, median(pango) / median(warm),
            median(pango) * 1000)
    }

    func run() throws -> Report {
        let pango = try TextEngine(fonts: fonts)
        for call in calls { _ = try pango.measure(call.request, width: call.width) }
        var pangoTimes: [Double] = []
        var coldTimes: [Double] = []
        var warmTimes: [Double] = []
        var pangoWarmTimes: [Double] = []
        var statistics = PreparedTextEngine.Statistics()
        var fallbackRows = 0
        for run in 0..<runs {
            var start = now()
            for call in calls { _ = try pango.measure(call.request, width: call.width) }
            pangoTimes.append(now() - start)

            start = now()
            let engine = try PreparedTextEngine(fonts: fonts)
            try engine.prepare(calls.map(\.request), threads: threads)
            for call in calls { _ = try engine.measure(call.request, width: call.width) }
            coldTimes.append(now() - start)
            statistics = engine.statistics
            fallbackRows = calls.filter { engine.fallbackReason($0.request, width: $0.width) != nil }.count

            // A width no run has used: 375 pt shrunk by a fraction of a point per run.
            let shift = -0.37 * Double(run + 1)
            start = now()
            for call in calls { _ = try engine.measure(call.request, width: call.width.map { $0 + shift }) }
            warmTimes.append(now() - start)

            start = now()
            for call in calls { _ = try pango.measure(call.request, width: call.width.map { $0 + shift }) }
            pangoWarmTimes.append(now() - start)
        }
        return Report(
            pango: median(pangoTimes), cold: median(coldTimes), warm: median(warmTimes), pangoWarm: median(pangoWarmTimes),
            statistics: statistics, fallbackRows: fallbackRows)
    }
}

/// The exactness grid: every text at widths 280…1024 and content sizes Large and AX3, compared
/// line by line with Pango's own layout.
enum ExactnessGrid {
    static let widths: [Double] = [280, 320, 375, 414, 768, 1024]
    static let sizes: [ContentSizeCategory] = [.large, .ax3]

    struct Result {
        var compared = 0
        var equal = 0
        var fallbacks = 0
        var fallbackRows = Set<Int>()
        var reasons: [String: Int] = [:]
        var mismatches: [String] = []

        var summary: String {
            "\(equal) of \(compared) measurements equal Pango's, \(mismatches.count) differ, "
                + "\(fallbacks) measured by Pango (\(fallbackRows.count) rows fell back at least once; "
                + reasons.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + ")"
        }
    }

    static func check(fonts: FontLibrary, style: StyleSpec, texts: [String]) throws -> Result {
        var result = Result()
        let pango = try TextEngine(fonts: fonts)
        for size in sizes {
            let engine = try PreparedTextEngine(fonts: fonts)
            for width in widths {
                let calls = try RequestRecorder.calls(style: style, texts: texts, width: width, contentSize: size)
                try engine.prepare(calls.map(\.request))
                for (index, call) in calls.enumerated() {
                    result.compared += 1
                    switch try PangoAgreement.compare(call.request, width: call.width, engine: engine, pango: pango) {
                    case .equal: result.equal += 1
                    case .fallback(let reason):
                        result.reasons[reason, default: 0] += 1
                        result.fallbacks += 1
                        result.fallbackRows.insert(index / 2)
                    case .different(let what):
                        result.mismatches.append(
                            "\(size.rawValue) w\(Int(width)) call \(index + 1) “\(call.request.text.prefix(50))”: \(what)")
                    }
                }
            }
        }
        return result
    }
}

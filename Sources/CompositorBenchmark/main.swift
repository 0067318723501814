// Measures the streamed compositor against the naive C pipeline, in the same run:
// numbered-line Huckleberry at 375 pt @2x, whole table and first 200 rows, in rounds (baseline,
// then each variant), medians, the median of each round's ratio, and output sizes. Usage: CompositorBenchmark [--data PLIST] [--runs N] [--out DIR]
//                                       CompositorBenchmark --make-rows N --data PLIST > rows.json
import CellLayout
import CellStyle
import Cellshot
import Graphics
import TableCompositor

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// User + system CPU seconds of this process so far: steadier than wall time on a shared machine.
func cpuTime() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func argument(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func fileSize(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
}

let dataPath = argument("--data") ?? "../shared/data/huckleberry.plist"
let runs = Int(argument("--runs") ?? "") ?? 3
let folder = argument("--out") ?? "/tmp/cellshot-bench-\(getpid())"
mkdir(folder, 0o755)

do {
    let input = try DataInput.load(path: dataPath)
    if let count = argument("--make-rows").flatMap(Int.init) {
        // A larger data set made of the same sentences, for the memory benchmark.
        let texts = (0..<count).map { input.rows[$0 % input.rows.count].fields["text"] ?? "" }
        let escaped = texts.map { text in
            "\""
                + text.unicodeScalars.map { scalar -> String in
                    switch scalar {
                    case "\"": "\\\""
                    case "\\": "\\\\"
                    default:
                        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? "\\u" + hex4(scalar.value) : String(scalar)
                    }
                }.joined() + "\""
        }
        print("[" + escaped.joined(separator: ",\n") + "]")
        exit(0)
    }
    let spec = try BuiltinStyles.spec(named: "numbered-line")!
    let renderer = try TableRenderer(style: spec, options: RenderOptions(width: 375, scale: 2))
    let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    struct Outcome {
        var seconds: [Double] = []
        var cpu: [Double] = []
        var bytes = 0
        var pixels = 0
    }

    func ours(
        _ rows: [RowInput], threads: Int, compression: BandCompression = PNGBandEncoder.defaultCompression, chunk: Int = 16,
        into previous: Outcome = Outcome(), times: Int = runs
    ) throws -> Outcome {
        var outcome = previous
        let items = TableItem.items(for: rows, design: TableDesign())
        let options = StreamOptions(width: 375, scale: 2, threads: threads, chunkItems: chunk, compression: compression)
        for _ in 0..<times {
            let path = "\(folder)/ours.png"
            let pages = FilePages { _, _ in path }
            let start = now()
            let startCPU = cpuTime()
            let report = try StreamingCompositor.render(
                items, style: renderer.style, design: TableDesign(), options: options, output: pages)
            outcome.seconds.append(now() - start)
            outcome.cpu.append(cpuTime() - startCPU)
            outcome.bytes = fileSize(path)
            outcome.pixels = report.pageHeights.reduce(0, +)
        }
        return outcome
    }

    func naive(_ rows: [RowInput], into previous: Outcome = Outcome(), times: Int = runs) throws -> Outcome {
        var outcome = previous
        let texts = rows.map { $0.fields["text"] ?? "" }
        for _ in 0..<times {
            let start = now()
            let startCPU = cpuTime()
            let result = try NaiveBaseline.render(texts: texts, width: 375, scale: 2, pathPrefix: "\(folder)/naive")
            outcome.seconds.append(now() - start)
            outcome.cpu.append(cpuTime() - startCPU)
            outcome.bytes = result.bytes
            outcome.pixels = result.pixelHeight
        }
        return outcome
    }

    func line(_ name: String, _ outcome: Outcome, against baseline: Outcome? = nil) -> String {
        let time = median(outcome.seconds)
        var text =
            name + String(repeating: " ", count: max(1, 34 - name.count)) + "median \(fixed(time, 3)) s"
            + "  (\(outcome.seconds.map { fixed($0, 3) }.joined(separator: ", ")))"
            + "  cpu \(fixed(median(outcome.cpu), 3)) s  \(outcome.bytes / 1024) KB  \(outcome.pixels) px"
        if let baseline {
            // Each round ran the baseline and this variant one after the other: the ratio of
            // each round's pair is steadier than the ratio of medians on a machine whose speed
            // drifts.
            let paired = zip(baseline.seconds, outcome.seconds).map { $0 / $1 }
            text +=
                "\n" + String(repeating: " ", count: 34) + "×\(fixed(median(paired), 1)) faster (wall, median of rounds: "
                + paired.map { fixed($0, 1) }.joined(separator: ", ") + "), "
                + "×\(fixed(median(baseline.cpu) / median(outcome.cpu), 1)) less CPU, size "
                + "\(fixed(Double(outcome.bytes) / Double(baseline.bytes), 3)) of baseline"
        }
        return text
    }

    if let levels = argument("--levels") {
        // The cost of each libdeflate level against ScanlineDeflater, whole table on one thread
        // (README's table).
        print(line("scanline deflater, 1 thread", try ours(input.rows, threads: 1)))
        for level in levels.split(separator: ",").compactMap({ Int($0) }) {
            print(
                line(
                    "libdeflate level \(level), 1 thread",
                    try ours(input.rows, threads: 1, compression: .libdeflate(level: level))))
        }
        exit(0)
    }
    if let chunks = argument("--chunks") {
        // Items per chunk: smaller chunks cut more pieces, larger ones hold more layouts.
        for chunk in chunks.split(separator: ",").compactMap({ Int($0) }) {
            print(line("\(chunk) items a chunk, 1 thread", try ours(input.rows, threads: 1, chunk: chunk)))
        }
        exit(0)
    }
    print("numbered-line, \(dataPath), 375 pt @2x, \(runs) runs each, \(cores) cores")
    for (label, rows) in [("first 200 rows", Array(input.rows.prefix(200))), ("whole table", input.rows)] {
        print("== \(label) (\(rows.count) rows)")
        // Rounds: the baseline, then each variant, so every round's figures share the
        // machine's speed of the moment.
        var baseline = Outcome()
        var single = Outcome()
        var parallel = Outcome()
        for _ in 0..<runs {
            baseline = try naive(rows, into: baseline, times: 1)
            single = try ours(rows, threads: 1, into: single, times: 1)
            parallel = try ours(rows, threads: cores, into: parallel, times: 1)
        }
        print(line("naive baseline (16,384-px pages)", baseline))
        print(line("streamed, 1 thread", single, against: baseline))
        print(line("streamed, \(cores) threads", parallel, against: baseline))
    }
} catch {
    FileHandleless.fail("\(error)")
}

func fixed(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    let whole = scaled / Int(scale)
    let fraction = String(scaled % Int(scale))
    return digits == 0 ? "\(whole)" : "\(whole)." + String(repeating: "0", count: digits - fraction.count) + fraction
}

func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

enum FileHandleless {
    static func fail(_ message: String) -> Never {
        print("error: \(message)")
        exit(1)
    }
}

import CellCore
import CellData
import CellLayout
import CellStyle
import Graphics
import TextCorpus

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Benchmarks PreparedTextEngine against plain Pango (a fresh PangoLayout per text, TextEngine)
// on the numbered-line style at 375 pt, in one process. Run through Scripts/bench-heights.sh.
//
//   HeightBenchmark [--runs N] [--threads N] [--data huckleberry.plist] [--check] [--phases] [--profile cold|warm]
//
// cold: a new, empty engine prepares and measures every text of every row;
// warm: the same engine measures them again at a width it has never seen;
// --check also compares every line break and height with Pango over the exactness grid;
// --phases also reports one thread's CPU time (unaffected by other processes).

let arguments = BenchmarkArguments(CommandLine.arguments.dropFirst())
do {
    let fonts = try FontLibrary.shared()
    let spec = try StyleSpec.load(nameOrPath: "numbered-line")
    var corpora: [(String, [String])] = []
    if let texts = try Huckleberry.load(arguments.dataPath) {
        corpora.append(("huckleberry", texts))
    } else {
        print("note: \(arguments.dataPath) is absent; the Huckleberry figures are skipped")
    }
    corpora.append(("second corpus", SecondCorpus.texts))
    if let mode = arguments.profile, let (_, texts) = corpora.first {
        let calls = try RequestRecorder.calls(style: spec, texts: texts, width: 375, contentSize: .large)
        let benchmark = Benchmark(fonts: fonts, calls: calls, runs: arguments.runs, threads: arguments.threads)
        let time = try benchmark.profile(mode, iterations: arguments.runs)
        print(String(format: "profile %@: %.2f ms one thread's CPU time a run (median of %d)", mode, time * 1000, arguments.runs))
        exit(0)
    }
    for (name, texts) in corpora {
        let calls = try RequestRecorder.calls(style: spec, texts: texts, width: 375, contentSize: .large)
        let benchmark = Benchmark(fonts: fonts, calls: calls, runs: arguments.runs, threads: arguments.threads)
        print(try benchmark.run().text(name: name, rows: texts.count))
        if arguments.phases { print(try benchmark.phases()) }
    }
    if arguments.check {
        for (name, texts) in corpora {
            let variants =
                name == "huckleberry" ? [("raw", texts), ("cp1252", texts.map { CP1252Repair.repair($0).text })] : [("", texts)]
            for (variant, rows) in variants {
                let result = try ExactnessGrid.check(fonts: fonts, style: spec, texts: rows)
                print("exactness \(name) \(variant): \(result.summary)")
                for line in result.mismatches.prefix(10) { print("  \(line)") }
            }
        }
    }
} catch {
    printError("HeightBenchmark: \(error)")
    exit(1)
}

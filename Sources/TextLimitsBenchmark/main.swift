import CellCore
import Graphics

// Times Pango on the inputs it is quadratic on, at Cellshot's limits and past them, against a
// baseline of an ordinary sentence measured in the same process. Medians of several runs.
// Run with Scripts/bench-text.sh (a release build).

let runs = 5
let engine = try TextEngine(fonts: FontLibrary.shared())

func median(_ body: () throws -> Void) rethrows -> Duration {
    var times: [Duration] = []
    let clock = ContinuousClock()
    for _ in 0..<runs { times.append(try clock.measure(body)) }
    return times.sorted()[runs / 2]
}

func milliseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
}

func format(_ value: Double) -> String {
    let hundredths = Int(value * 100 + 0.5)
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

/// Measures `text` at 375 points as Cellshot does: cut at the limits (when `limited`) first.
func measure(_ text: String, limited: Bool, engine: TextEngine) throws -> Int {
    let kept = limited ? TextLimits.standard.apply(text).text : text
    return try engine.measure(TextRequest(text: kept, font: FontSpec(size: 17)), width: 375).lineCount
}

let sentence =
    "It was a close place—the raft and the river—and we laid low, waiting for the fog to lift off the water."
let marks = String(repeating: "\u{301}", count: 1)
let cases: [(name: String, text: String, limited: Bool)] = [
    ("baseline: one 100-character sentence", sentence, false),
    ("10,000 characters, no break opportunity (the limit)", String(repeating: "x", count: 10_000), true),
    ("20,000 characters, no break opportunity (past it, uncut)", String(repeating: "x", count: 20_000), false),
    ("10,000 characters of prose (the limit)", String(repeating: "word ", count: 2_000), true),
    ("2,000 lines (the limit)", Array(repeating: "line", count: 2_000).joined(separator: "\n"), true),
    ("8,000 lines (past it, uncut)", Array(repeating: "line", count: 8_000).joined(separator: "\n"), false),
    ("5,000 lines cut to 2,000", Array(repeating: "x", count: 5_000).joined(separator: "\n"), true),
    ("1 letter + 10,000 combining marks, cut to 30", "a" + String(repeating: marks, count: 10_000), true),
    ("1 letter + 10,000 combining marks (uncut)", "a" + String(repeating: marks, count: 10_000), false),
    (
        "323 letters × 30 marks (10,000 characters within every limit)",
        String(repeating: "a" + String(repeating: marks, count: 30), count: 323), true
    ),
]

print("TextLimitsBenchmark: Pango layout at 375 pt, Inter 17, \(runs) runs each, medians")
var baseline = 0.0
for item in cases {
    var lines = 0
    let time = milliseconds(try median { lines = try measure(item.text, limited: item.limited, engine: engine) })
    if baseline == 0 { baseline = time }
    print("  \(item.name): \(format(time)) ms, \(lines) lines, ×\(format(time / baseline)) baseline")
}

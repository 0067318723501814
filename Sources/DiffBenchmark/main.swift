import ImageDiff

// Times the optimized diff against the reference implementation in the same
// process (so machine load affects both alike) and reports medians and ratios.

// With two PNG paths (Scripts/benchmark-diff.sh renders real tables), their top 16,384 pixel
// rows are compared; without, synthesized table-like images.
let arguments = CommandLine.arguments.dropFirst()
let runs = 5
let expected: RGBAImage
let changed: RGBAImage
if arguments.count == 2 {
    let images = try arguments.map { try RealRender.load($0, maxHeight: 16_384) }
    (expected, changed) = (images[0], images[1])
    print("DiffBenchmark: real renders \(arguments.joined(separator: " vs "))")
} else {
    let synth = TableRenderSynth(width: 750, height: 16_384)
    expected = synth.render(variant: 0)
    changed = synth.render(variant: 7, changedBands: [1_024..<1_120, 8_000..<8_064, 15_000..<15_200])
    print("DiffBenchmark: synthesized table-like images")
}
print("\(expected.width)×\(expected.height) RGBA, \(runs) runs each, medians")

func median(_ body: () throws -> Void) rethrows -> Duration {
    var times: [Duration] = []
    let clock = ContinuousClock()
    for _ in 0..<runs { times.append(try clock.measure(body)) }
    return times.sorted()[runs / 2]
}

func milliseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
}

/// One decimal place, without Foundation (and so without libm's `round`).
func format(_ value: Double) -> String {
    let tenths = Int(value * 10 + 0.5)
    return "\(tenths / 10).\(tenths % 10)"
}

let cases: [(String, RGBAImage, DiffOptions, Bool)] = [
    ("differing pair, diff image", changed, DiffOptions(), true),
    ("differing pair, count only", changed, DiffOptions(), false),
    ("identical pair, diff image", expected, DiffOptions(), true),
    ("identical pair, count only", expected, DiffOptions(), false),
]
for (name, actual, options, producing) in cases {
    var fastCount = -1
    var referenceCount = -2
    let fast = try median {
        fastCount = try ImageDiff.compare(
            expected, actual, options: options, producingDiffImage: producing
        )
        .mismatchedPixels
    }
    let reference = try median {
        referenceCount = try ImageDiff.compareWithReference(
            expected, actual, options: options, producingDiffImage: producing
        ).mismatchedPixels
    }
    let agree = fastCount == referenceCount ? "counts agree" : "COUNTS DIFFER"
    print(
        "\(name): optimized \(format(milliseconds(fast))) ms, reference \(format(milliseconds(reference))) ms, "
            + "speed-up ×\(format(milliseconds(reference) / milliseconds(fast))) "
            + "(\(fastCount) mismatched, \(agree))")
}

// For information: the PNG codec on the same image (no baseline to compare to).
let clock = ContinuousClock()
var encoded: [UInt8] = []
let encodeTime = clock.measure { encoded = PNGEncoder.encode(changed) }
let decodeTime = try clock.measure { _ = try PNGDecoder.decode(encoded) }
print(
    "PNG codec: encode \(format(milliseconds(encodeTime))) ms → \(encoded.count) bytes "
        + "(\(format(Double(changed.pixels.count) / Double(encoded.count)))× smaller than raw), "
        + "decode \(format(milliseconds(decodeTime))) ms")

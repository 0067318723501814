import CellStyle
import Cellshot
import Dispatch
import Foundation
import Preview

// Times a contact sheet of each built-in style against the baseline of rendering one variant of
// the same rows (what `cellshot render` does), in the same process: medians of several runs.
// Run through Scripts/preview-benchmark.sh (release build).

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let cases = [
    ("caption-text", "caption-text.csv"), ("label", "label.txt"), ("numbered-line", "numbered-line.plist"),
    ("quotation", "quotation.json"), ("tagged", "tagged.yaml"),
]
let runs = Int(ProcessInfo.processInfo.environment["RUNS"] ?? "") ?? 5

func median(_ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now()
        try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6)
    }
    return times.sorted()[times.count / 2]
}

func format(_ value: Double, _ digits: Int = 0) -> String { String(format: "%.\(digits)f", value) }

print("style           rows  baseline ms  sheet@2x ms  sheet Mpx  ratio  ms/variant  sheet@1x ms")
for (style, data) in cases {
    let spec = try StyleSpec.load(nameOrPath: style)
    let input = try DataInput.load(path: root.appendingPathComponent("Goldens/data/\(data)").path)
    let renderer = try TableRenderer(style: spec, options: RenderOptions(width: 375, scale: 2))
    let baseline = try median { _ = try renderer.render(input.rows) }
    var request = PreviewRequest(style: spec, title: style, rows: input.rows, source: data)
    let sheet = try median { _ = try Previewer.contactSheet(request) }
    let rendered = try Previewer.contactSheet(request)
    let pixels = rendered.pixelWidth * rendered.pixelHeight
    request.scale = 1
    let small = try median { _ = try Previewer.contactSheet(request) }
    let variants = request.grid.variants.count
    print(
        style.padding(toLength: 16, withPad: " ", startingAt: 0)
            + String(input.rows.count).padding(toLength: 6, withPad: " ", startingAt: 0)
            + format(baseline, 1).padding(toLength: 13, withPad: " ", startingAt: 0)
            + format(sheet).padding(toLength: 13, withPad: " ", startingAt: 0)
            + format(Double(pixels) / 1e6, 1).padding(toLength: 11, withPad: " ", startingAt: 0)
            + format(sheet / baseline, 1).padding(toLength: 7, withPad: " ", startingAt: 0)
            + format(sheet / Double(variants), 1).padding(toLength: 12, withPad: " ", startingAt: 0) + format(small))
}

import Foundation
import ImageDiff
import Testing

@testable import GoldenTesting

/// A snapshot with one row holding a text and a badge, at `scale` 2.
func snapshot(rowHeight: Double, text: String, lines: Int, badge: String, pango: String = "1.50.12") -> GoldenSnapshot {
    let elements = [
        GoldenSnapshot.ElementSnapshot(path: "cell", kind: "cell", id: nil, frame: "0 0 375 \(rowHeight)", lines: nil),
        GoldenSnapshot.ElementSnapshot(path: "cell/text#body", kind: "text", id: "body", frame: text, lines: lines),
        GoldenSnapshot.ElementSnapshot(path: "cell/badge#tag", kind: "badge", id: "tag", frame: badge, lines: 1),
    ]
    let environment = RenderEnvironment(
        cellshot: "0.1.0", cairo: "1.16.0", pango: pango, harfBuzz: "6.0.0", freeType: "2.12.1", fontconfig: "2.14.1",
        fonts: [.init(file: "Inter-Regular.otf", sha256: "aa")])
    return GoldenSnapshot(
        image: .init(width: 750, height: Int(rowHeight * 2), scale: 2), environment: environment,
        rows: [.init(row: 17, y: 0, height: rowHeight, elements: elements)])
}

@Suite struct LayoutComparisonTests {
    @Test func namesHeightWrappingAndABadgePushedBelow() {
        let before = snapshot(rowHeight: 64, text: "16 10 343 44", lines: 2, badge: "300 32 43 20")
        let after = snapshot(rowHeight: 86, text: "16 10 343 66", lines: 3, badge: "300 76 43 20")
        let changes = LayoutComparison.changes(expected: before, actual: after)
        #expect(
            changes.map(\.summary) == [
                "row 17: height 64 → 86; body wrapped 2 → 3 lines; tag moved from the last line of body to below it"
            ])
        #expect(changes.first?.expectedBand == [0, 128])
        #expect(changes.first?.actualBand == [0, 172])
    }

    @Test func identicalLayoutsHaveNoChanges() {
        let one = snapshot(rowHeight: 64, text: "16 10 343 44", lines: 2, badge: "300 32 43 20")
        #expect(LayoutComparison.changes(expected: one, actual: one).isEmpty)
    }

    @Test func environmentChangesNameLibrariesAndFonts() {
        let before = snapshot(rowHeight: 64, text: "16 10 343 44", lines: 2, badge: "300 32 43 20")
        var after = snapshot(rowHeight: 64, text: "16 10 343 44", lines: 2, badge: "300 32 43 20", pango: "1.52.0")
        after.environment.fonts = [
            .init(file: "Inter-Regular.otf", sha256: "bb"), .init(file: "NotoColorEmoji.ttf", sha256: "cc"),
        ]
        #expect(
            after.environment.changes(from: before.environment) == [
                "pango 1.50.12 → 1.52.0", "font Inter-Regular.otf changed (sha256 aa… → bb…)",
                "font NotoColorEmoji.ttf newly used",
            ])
    }
}

@Suite struct GoldenMachineryTests {
    @Test func shardsAreDisjointCoverEveryCaseAndIgnoreListingOrder() {
        let cases = (1...7).map { GoldenCase(name: "case\($0)", folder: "/g", tablePath: "/g/case\($0).yaml") }
        let shards = (1...3).map { Shard(index: $0, count: 3).select(cases.shuffled()) }
        #expect(shards.map { $0.map(\.name) } == [["case1", "case4", "case7"], ["case2", "case5"], ["case3", "case6"]])
        #expect(Shard(parsing: "0/3") == nil)
        #expect(Shard(parsing: "4/3") == nil)
        #expect(Shard(parsing: "2/3") == Shard(index: 2, count: 3))
    }

    @Test func aNonDeterministicRenderIsNeverRecorded() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let item = GoldenCase(name: "flaky", folder: folder, tablePath: folder + "/flaky.yaml")
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: item.goldenPath))
        var calls = 0
        let layout = snapshot(rowHeight: 1, text: "0 0 1 1", lines: 1, badge: "0 0 1 1")
        let error = #expect(throws: GoldenError.self) {
            try GoldenRecorder(forceInCI: true).record(item) { () throws(GoldenError) -> CaseRender in
                calls += 1
                let image = RGBAImage(width: 1, height: 1, fill: RGBA(r: UInt8(calls), g: 0, b: 0))
                return CaseRender(png: PNGEncoder.encode(image), image: image, snapshot: layout)
            }
        }
        #expect(error?.description.contains("two renders of the same table differ") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: item.goldenPath)) == Data([1, 2, 3]))
        #expect(!FileManager.default.fileExists(atPath: item.snapshotPath))
    }

    @Test func junitEscapesAndCountsFailures() {
        let results = [
            CaseResult(name: "a<b", status: .passed, message: "", time: 0.5),
            CaseResult(name: "c", status: .failed, message: "row \"1\" & more", time: 1),
        ]
        let xml = JUnitReport.xml(results)
        #expect(xml.contains(#"tests="2" failures="1" errors="0""#))
        #expect(xml.contains(#"<testcase classname="goldens" name="a&lt;b" time="0.500"/>"#))
        #expect(xml.contains(#"<failure message="row &quot;1&quot; &amp; more">"#))
    }
}

import CellCore
import CellLayout
import CellStyle
import Cellshot
import Graphics
import Testing

@testable import TableCompositor

/// Keeps every page of a streamed render in memory, checking pages open in order.
final class RecordingPages: PageOutput {
    var pages: [MemorySink] = []
    var ended: [Int] = []

    func beginPage(_ index: Int, firstRow: Int?) throws -> any ByteSink {
        #expect(index == pages.count)
        let sink = MemorySink()
        pages.append(sink)
        return sink
    }

    func endPage(_ index: Int, pixelHeight: Int) throws { ended.append(index) }
    func abandon() {}
}

/// Rows of varied lengths, from one word to several lines, reproducible without shared data.
func sampleRows(_ count: Int, sections: Int = 1) -> [RowInput] {
    let words = ["river", "raft", "Jim", "the", "widow", "said", "Tom", "Sawyer", "island", "fog", "canoe", "night"]
    return (1...count).map { number in
        let length = 1 + (number * 7) % 23
        let text = (0..<length).map { words[($0 * 5 + number) % words.count] }.joined(separator: " ")
        return RowInput(number: number, fields: ["text": text, "part": "Part \((number - 1) * sections / count + 1)"])
    }
}

func renderer(scale: Int = 2) throws -> TableRenderer {
    let spec = try #require(try BuiltinStyles.spec(named: "numbered-line"))
    return try TableRenderer(style: spec, options: RenderOptions(width: 375, scale: scale))
}

func stream(
    _ rows: [RowInput], renderer: TableRenderer, design: TableDesign = TableDesign(), threads: Int = 1,
    pageHeight: Int? = nil, bandPixels: Int = 1 << 21
) throws -> (RecordingPages, StreamReport) {
    let pages = RecordingPages()
    let options = StreamOptions(
        width: renderer.options.width, scale: renderer.options.scale, threads: threads, pageHeight: pageHeight,
        chunkItems: 16, bandPixels: bandPixels)
    let report = try StreamingCompositor.render(
        TableItem.items(for: rows, design: design), style: renderer.style, design: design, options: options, output: pages)
    return (pages, report)
}

@Suite struct StreamingCompositorTests {
    @Test func oneAndTwoThreadsWriteIdenticalBytes() throws {
        let rows = sampleRows(200)
        let engine = try renderer()
        let (one, _) = try stream(rows, renderer: engine, threads: 1)
        let (two, _) = try stream(rows, renderer: engine, threads: 2)
        #expect(one.pages.count == 1)
        #expect(one.pages.map(\.bytes) == two.pages.map(\.bytes))
    }

    @Test func streamedHeightIsTheSumOfRoundedRowHeights() throws {
        let rows = sampleRows(200)
        for scale in [1, 2, 3] {
            let engine = try renderer(scale: scale)
            let expected = try engine.measure(rows).map { PixelGrid.pixels($0.roundedHeight, scale: scale) }.reduce(0, +)
            let (pages, report) = try stream(rows, renderer: engine, threads: 2)
            #expect(report.pageHeights == [expected])
            let png = try #require(pages.pages.first).bytes
            let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(height == expected, "scale \(scale)")
        }
    }

    @Test func decodedStreamEqualsTheOneCanvasRender() throws {
        let rows = sampleRows(40)
        let engine = try renderer()
        let whole = try Canvas(png: engine.render(rows).png)
        // Bands of 37 pixel rows: every row straddles bands, and bands end mid-glyph.
        let (pages, report) = try stream(rows, renderer: engine, threads: 2, bandPixels: 750 * 37)
        let streamed = try Canvas(png: try #require(pages.pages.first).bytes)
        #expect(report.pageHeights == [whole.pixelHeight])
        #expect(streamed.pixelWidth == whole.pixelWidth && streamed.pixelHeight == whole.pixelHeight)
        #expect(streamed.rgbaPixels() == whole.rgbaPixels())
    }

    @Test func pagesNeverCutARow() throws {
        let rows = sampleRows(200)
        let engine = try renderer()
        let heights = try engine.measure(rows).map { PixelGrid.pixels($0.roundedHeight, scale: 2) }
        var boundaries = Set([0])
        var y = 0
        for height in heights {
            y += height
            boundaries.insert(y)
        }
        let pageHeight = 1_000
        let (pages, report) = try stream(rows, renderer: engine, threads: 2, pageHeight: pageHeight)
        #expect(report.pageHeights.count > 10)
        #expect(report.pageHeights.allSatisfy { $0 <= pageHeight })
        #expect(report.pageHeights.reduce(0, +) == y)
        var top = 0
        for (index, height) in report.pageHeights.enumerated() {
            top += height
            #expect(boundaries.contains(top), "page \(index + 1) ends inside a row at \(top)")
        }
        // Every page is a valid PNG of its reported height.
        for (sink, height) in zip(pages.pages, report.pageHeights) {
            #expect(try Canvas(png: sink.bytes).pixelHeight == height)
        }
    }

    @Test func aRowTallerThanAPageIsCutAcrossPagesAlone() {
        var planner = PagePlanner(pageHeight: 100, pagePerItem: false)
        let pages = [30, 50, 250, 40, 70].map { planner.place(height: $0).map(\.page) }
        // 250 starts a page and spans three; 40 fits below its last 50 pixels; 70 does not.
        #expect(pages == [[0], [0], [1, 2, 3], [3], [4]])
    }

    @Test func separatorsStopAtTheEndOfEachSection() throws {
        let rows = sampleRows(12, sections: 3)
        let design = TableDesign(sectionField: "part")
        let items = TableItem.items(for: rows, design: design)
        let headers = items.compactMap { if case .sectionHeader(let text) = $0 { text } else { nil } }
        #expect(headers == ["Part 1", "Part 2", "Part 3"])
        let lastInSection = items.compactMap { item -> Int? in
            if case .row(let row, let position) = item, position.isLastInSection { return row.number }
            return nil
        }
        #expect(lastInSection == [4, 8, 12])

        // In pixels: the bottom pixel row of a row has separator colour at x = 16pt + 1px only
        // when the row is not the last of its section.
        let engine = try renderer(scale: 1)
        let (pages, _) = try stream(rows, renderer: engine, design: design)
        let canvas = try Canvas(png: try #require(pages.pages.first).bytes)
        let pixels = canvas.rgbaPixels()
        var y = 0
        for item in items {
            let laidHeight: Int
            switch item {
            case .row(let row, let position):
                laidHeight = PixelGrid.pixels(try engine.measure([row])[0].roundedHeight, scale: 1)
                let offset = ((y + laidHeight - 1) * canvas.pixelWidth + 17) * 4
                let isWhite = pixels[offset] == 255 && pixels[offset + 1] == 255 && pixels[offset + 2] == 255
                #expect(isWhite == position.isLastInSection, "row \(row.number)")
            default:
                laidHeight = try headerHeight(item, y: y, canvas: canvas)
            }
            y += laidHeight
        }
        #expect(y == canvas.pixelHeight)
    }

    /// A plain section header is a grey bar: its height is the run of non-white rows at x = 1.
    func headerHeight(_ item: TableItem, y: Int, canvas: Canvas) throws -> Int {
        let pixels = canvas.rgbaPixels()
        var height = 0
        while y + height < canvas.pixelHeight {
            let offset = ((y + height) * canvas.pixelWidth + 1) * 4
            if pixels[offset] == 255 && pixels[offset + 2] == 255 { break }
            height += 1
        }
        return height
    }

    @Test func adlerOfPiecesCombinesToTheAdlerOfTheWhole() {
        let first: [UInt8] = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let second: [UInt8] = (0..<1_234).map { UInt8(truncatingIfNeeded: $0 &* 17) }
        let a = first.withUnsafeBytes { Adler32.checksum($0) }
        let b = second.withUnsafeBytes { Adler32.checksum($0) }
        let whole = (first + second).withUnsafeBytes { Adler32.checksum($0) }
        #expect(Adler32.combine(a, b, secondLength: second.count) == whole)
    }
}

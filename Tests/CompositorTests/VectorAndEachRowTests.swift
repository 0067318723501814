import CellCore
import CellLayout
import Cellshot
import Graphics
import TableCompositor
import Testing

@Suite struct VectorAndEachRowTests {
    func render(_ rows: [RowInput], _ stream: StreamRenderOptions) throws -> (RecordingPages, StreamReport) {
        let pages = RecordingPages()
        let report = try renderer().renderStream(rows, stream: stream, output: pages)
        return (pages, report)
    }

    @Test func pdfIsByteIdenticalAcrossRunsWithFixedDates() throws {
        let rows = sampleRows(60, sections: 2)
        let options = StreamRenderOptions(design: TableDesign(style: .insetGrouped, sectionField: "part"), format: .pdf)
        let (first, report) = try render(rows, options)
        let (second, _) = try render(rows, options)
        #expect(first.pages.count == 1)
        #expect(first.pages[0].bytes == second.pages[0].bytes)
        let text = String(decoding: first.pages[0].bytes, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-"))
        #expect(text.contains("/CreationDate (20000101000000Z)"))
        #expect(report.pageHeights.count == 1)
    }

    @Test func pdfPagesFollowThePageHeight() throws {
        let rows = sampleRows(60)
        let (pages, report) = try render(rows, StreamRenderOptions(pageHeight: 2_000, format: .pdf))
        #expect(pages.pages.count == 1)
        #expect(report.pageHeights.count > 1)
        #expect(report.pageHeights.allSatisfy { $0 <= 2_000 })
        let text = String(decoding: pages.pages[0].bytes, as: UTF8.self)
        #expect(text.components(separatedBy: "<< /Type /Page %").count - 1 == report.pageHeights.count)
    }

    // Byte identity of SVGs across runs is checked with the real binary (CLITests): cairo numbers
    // SVG ids with process-wide counters, so two SVGs made in one process differ in their ids.
    @Test func svgIsOneFilePerPage() throws {
        let rows = sampleRows(30)
        let (pages, report) = try render(rows, StreamRenderOptions(pageHeight: 1_500, format: .svg))
        #expect(pages.pages.count == report.pageHeights.count)
        #expect(pages.pages.count > 1)
        for (page, height) in zip(pages.pages, report.pageHeights) {
            let text = String(decoding: page.bytes, as: UTF8.self)
            #expect(text.contains("<svg"))
            #expect(text.contains("viewBox=\"0 0 375 \(formatPoints(Double(height) / 2))\""))
        }
    }

    @Test func eachRowWritesOneImageARowOfItsRoundedHeight() throws {
        let rows = sampleRows(25)
        let engine = try renderer()
        let heights = try engine.measure(rows).map { PixelGrid.pixels($0.roundedHeight, scale: 2) }
        let pages = RecordingPages()
        let report = try engine.renderStream(rows, stream: StreamRenderOptions(threads: 2, eachRow: true), output: pages)
        #expect(report.pageHeights == heights)
        #expect(report.pageFirstRows == rows.map(\.number))
        for (sink, height) in zip(pages.pages, heights) {
            #expect(try Canvas(png: sink.bytes).pixelHeight == height)
        }
    }
}

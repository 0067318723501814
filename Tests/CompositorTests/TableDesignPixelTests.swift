import CellCore
import CellLayout
import Cellshot
import Graphics
import TableCompositor
import Testing

/// Pixel facts of the table design: hairlines, row states, inset-grouped corners.
@Suite struct TableDesignPixelTests {
    func pixel(_ pixels: [UInt8], width: Int, x: Int, y: Int) -> [UInt8] {
        let offset = (y * width + x) * 4
        return Array(pixels[offset..<offset + 3])
    }

    func rendered(_ rows: [RowInput], scale: Int, design: TableDesign) throws -> (Canvas, [Int]) {
        let engine = try renderer(scale: scale)
        let heights = try engine.measure(rows).map { PixelGrid.pixels($0.roundedHeight, scale: scale) }
        let pages = RecordingPages()
        _ = try engine.renderStream(rows, stream: StreamRenderOptions(design: design), output: pages)
        return (try Canvas(png: try #require(pages.pages.first).bytes), heights)
    }

    @Test(arguments: [1, 2, 3]) func separatorIsOneDevicePixelAtEveryScale(scale: Int) throws {
        let (canvas, heights) = try rendered(sampleRows(2), scale: scale, design: TableDesign())
        let pixels = canvas.rgbaPixels()
        let x = 16 * scale + 2
        let bottom = heights[0] - 1
        let white: [UInt8] = [255, 255, 255]
        // Separator colour (60,60,67 at 29%) over white, on exactly one pixel row.
        #expect(pixel(pixels, width: canvas.pixelWidth, x: x, y: bottom) == [198, 198, 200])
        #expect(pixel(pixels, width: canvas.pixelWidth, x: x, y: bottom - 1) == white)
        #expect(pixel(pixels, width: canvas.pixelWidth, x: x, y: bottom + 1) == white)
        // Inset 16 pt at the leading edge.
        #expect(pixel(pixels, width: canvas.pixelWidth, x: 16 * scale - 1, y: bottom) == white)
    }

    @Test func selectedAndHighlightedRowsHaveTheirBackgrounds() throws {
        let design = TableDesign(selectedRows: [2], highlightedRows: [3])
        let (canvas, heights) = try rendered(sampleRows(3), scale: 2, design: design)
        let pixels = canvas.rgbaPixels()
        #expect(pixel(pixels, width: canvas.pixelWidth, x: 4, y: 2) == [255, 255, 255])
        #expect(pixel(pixels, width: canvas.pixelWidth, x: 4, y: heights[0] + 2) == [209, 209, 214])
        #expect(pixel(pixels, width: canvas.pixelWidth, x: 4, y: heights[0] + heights[1] + 2) == [229, 229, 234])
    }

    @Test func insetGroupedSectionsHaveRoundedCornersAndInsets() throws {
        let design = TableDesign(style: .insetGrouped)
        let (canvas, _) = try rendered(sampleRows(3), scale: 2, design: design)
        let pixels = canvas.rgbaPixels()
        let grouped: [UInt8] = [242, 242, 247]
        let top = 35 * 2  // the gap above a section without a header
        let inset = 16 * 2
        #expect(pixel(pixels, width: canvas.pixelWidth, x: inset - 1, y: top + 40) == grouped)
        #expect(pixel(pixels, width: canvas.pixelWidth, x: inset + 1, y: top + 40) == [255, 255, 255])
        // The corner pixel is outside the 10-pt radius; the middle of the top edge is inside.
        #expect(pixel(pixels, width: canvas.pixelWidth, x: inset, y: top) == grouped)
        #expect(pixel(pixels, width: canvas.pixelWidth, x: canvas.pixelWidth / 2, y: top) == [255, 255, 255])
        // Rows are laid out 32 pt narrower here: find the section's bottom down the middle.
        var bottom = top
        while pixel(pixels, width: canvas.pixelWidth, x: canvas.pixelWidth / 2, y: bottom + 1) != grouped { bottom += 1 }
        #expect(bottom > top + 100)
        #expect(pixel(pixels, width: canvas.pixelWidth, x: inset, y: bottom) == grouped)
        #expect(pixel(pixels, width: canvas.pixelWidth, x: canvas.pixelWidth / 2, y: bottom) == [255, 255, 255])
    }
}

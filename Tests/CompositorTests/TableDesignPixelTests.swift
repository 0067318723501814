import CellCore
import CellLayout
import CellStyle
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

    func rendered(
        _ rows: [RowInput], scale: Int, design: TableDesign, direction: LayoutDirection = .leftToRight
    ) throws -> (Canvas, [Int]) {
        let spec = try #require(try BuiltinStyles.spec(named: "numbered-line"))
        let engine = try TableRenderer(
            style: spec,
            options: RenderOptions(width: 375, scale: scale, environment: StyleEnvironment(layoutDirection: direction)))
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

    /// The columns (in points) where a row's middle pixel row is not white.
    func inkColumns(_ canvas: Canvas, y: Int, scale: Int) -> [Int] {
        let pixels = canvas.rgbaPixels()
        return (0..<canvas.pixelWidth).filter { pixel(pixels, width: canvas.pixelWidth, x: $0, y: y) != [255, 255, 255] }
            .map { $0 / scale }
    }

    /// The table's disclosure chevron: at the right edge pointing right, or in a right-to-left
    /// table at the left edge pointing left, with the row's content moved clear of it.
    @Test func disclosureChevronTakesTheTrailingEdgeInBothDirections() throws {
        let rows = [RowInput(number: 1, fields: ["text": "x"])]
        let (ltr, heights) = try rendered(rows, scale: 2, design: TableDesign(disclosure: true))
        let (rtl, _) = try rendered(rows, scale: 2, design: TableDesign(disclosure: true), direction: .rightToLeft)
        // Through the row's middle only the chevron's tip has ink, 17 pt from the trailing edge
        // (358 or 17 pt); 5 pt above it the arm is back towards the content, 1.5 pt short of
        // the back end, which is 6.5 pt behind the tip (353 or 22 pt).
        let middle = heights[0] / 2
        let above = middle - 10
        func expectInk(_ canvas: Canvas, y: Int, in range: ClosedRange<Int>, _ what: String) {
            let columns = inkColumns(canvas, y: y, scale: 2)
            #expect(!columns.isEmpty && columns.allSatisfy(range.contains), "\(what): ink at \(columns)")
        }
        expectInk(ltr, y: middle, in: 356...359, "left to right, tip")
        expectInk(ltr, y: above, in: 350...355, "left to right, arm")
        expectInk(rtl, y: middle, in: 15...18, "right to left, tip")
        expectInk(rtl, y: above, in: 19...24, "right to left, arm")
    }

    /// A style's own disclosure accessory mirrors the same way: its frame moves to the left and
    /// the painter turns the chevron to point left (tip 16 pt from the trailing edge, 7 pt deep).
    @Test func styleDisclosureAccessoryPointsLeftInRightToLeftTables() throws {
        let yaml =
            "name: t\naccessory: disclosure\ncontent: { padding: { insets: { top: 20, bottom: 20 }, child: { text: { value: \"{text}\" } } } }"
        let spec = try StyleDecoder.decode(yaml, source: "t.yaml", baseFolder: "/tmp")
        func render(_ direction: LayoutDirection) throws -> Canvas {
            let engine = try TableRenderer(
                style: spec,
                options: RenderOptions(width: 375, scale: 2, environment: StyleEnvironment(layoutDirection: direction)))
            let pages = RecordingPages()
            _ = try engine.renderStream(
                [RowInput(number: 1, fields: ["text": "x"])], stream: StreamRenderOptions(design: TableDesign()), output: pages)
            return try Canvas(png: try #require(pages.pages.first).bytes)
        }
        let ltr = try render(.leftToRight)
        let rtl = try render(.rightToLeft)
        let middle = ltr.pixelHeight / 2
        // The accessory's 34 pt at the trailing edge (the text "x" sits at the leading edge).
        func expectInk(_ canvas: Canvas, y: Int, in range: ClosedRange<Int>, _ what: String) {
            let window = range.lowerBound > 187 ? 341...375 : 0...34
            let columns = inkColumns(canvas, y: y, scale: 2).filter(window.contains)
            #expect(!columns.isEmpty && columns.allSatisfy(range.contains), "\(what): ink at \(columns)")
        }
        expectInk(ltr, y: middle, in: 355...360, "left to right, tip")
        expectInk(ltr, y: middle - 10, in: 350...356, "left to right, arm")
        expectInk(rtl, y: middle, in: 14...19, "right to left, tip")
        expectInk(rtl, y: middle - 10, in: 18...24, "right to left, arm")
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

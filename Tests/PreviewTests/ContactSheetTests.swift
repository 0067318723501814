import CellCore
import CellLayout
import CellStyle
import Foundation
import ImageDiff
import Preview
import Testing

@Suite struct ContactSheetTests {
    func sheet(grid: PreviewGrid = Fixtures.smallGrid, scale: Int = 1) throws -> ContactSheet {
        let request = PreviewRequest(
            style: try Fixtures.oneLineSpec(), title: "one-line · rows", rows: Fixtures.rows, source: "rows", grid: grid,
            scale: scale)
        return try Previewer.contactSheet(request)
    }

    @Test func hasOneTilePerVariantAndRow() throws {
        let sheet = try sheet()
        #expect(sheet.variants.count == 8)
        #expect(sheet.tiles.count == 8 * 3)
        #expect(sheet.rowNumbers == [1, 2, 3])
        for variant in sheet.variants {
            let tiles = sheet.tiles.filter { $0.variantID == variant.variant.id }
            #expect(tiles.map(\.row) == [1, 2, 3])
            // Tiles of a variant stack without gaps inside its table's frame.
            #expect(tiles.first?.frame.y == variant.tableFrame.y)
            for (upper, lower) in zip(tiles, tiles.dropFirst()) { #expect(upper.frame.maxY == lower.frame.y) }
            #expect(tiles.last?.frame.maxY == variant.tableFrame.maxY)
            #expect(tiles.allSatisfy { $0.frame.width == variant.variant.width })
        }
        #expect(sheet.pixelWidth == Int(sheet.size.width.rounded()))
        #expect(sheet.tiles.allSatisfy { $0.frame.maxX <= sheet.size.width && $0.frame.maxY <= sheet.size.height })
    }

    @Test func labelsEveryColumnRowAndBlock() throws {
        let sheet = try sheet()
        func texts(_ role: SheetLabel.Role) -> [String] { sheet.labels.filter { $0.role == role }.map(\.text) }
        #expect(texts(.title) == ["one-line · rows"])
        #expect(texts(.block) == ["Light", "Dark"])
        #expect(texts(.column) == ["320 pt", "375 pt", "320 pt", "375 pt"])
        #expect(texts(.contentSize) == ["large", "AX3", "large", "AX3"])
        #expect(texts(.contentSizeDetail) == ["body 17 pt", "body 40 pt", "body 17 pt", "body 40 pt"])
        #expect(texts(.rowNumber).count == 24)
        #expect(texts(.summary) == ["8 variants × 3 rows · 8 cells truncated, 8 with missing glyphs"])
        // Column labels sit above their tables; content-size labels level with their grid row.
        let lightAX3 = try #require(sheet.variants.first { $0.variant.contentSize == .ax3 && $0.variant.appearance == .light })
        let ax3Label = try #require(sheet.labels.first { $0.role == .contentSize && $0.text == "AX3" })
        #expect(ax3Label.frame.y == lightAX3.tableFrame.y)
        let columnLabel = try #require(sheet.labels.first { $0.role == .column && $0.text == "375 pt" })
        let light375 = try #require(sheet.variants.first { $0.variant.width == 375 && $0.variant.appearance == .light })
        #expect(columnLabel.frame.x == light375.tableFrame.x)
        #expect(columnLabel.frame.maxY <= light375.tableFrame.y)
    }

    @Test func flagsTruncatedAndMissingGlyphCells() throws {
        let sheet = try sheet()
        for tile in sheet.tiles {
            switch tile.row {
            case 1: #expect(tile.issues.isEmpty)
            case 2: #expect(tile.issues == [.truncated(element: "body")])
            default: #expect(tile.issues == [.missingGlyphs(element: "body", count: 1)])
            }
        }
    }

    @Test func drawsTheFlagsWhereTheTilesAre() throws {
        let sheet = try sheet(scale: 2)
        let image = try PNGDecoder.decode(sheet.png)
        #expect(image.width == sheet.pixelWidth && image.height == sheet.pixelHeight)
        let red = RGBA(r: 255, g: 59, b: 48)
        let orange = RGBA(r: 255, g: 149, b: 0)
        for tile in sheet.tiles {
            // Two pixels in from the top-right corner: inside the corner triangle, if any.
            let corner = image.pixel(x: Int(tile.frame.maxX * 2) - 2, y: Int(tile.frame.y * 2) + 1)
            let expected: RGBA? = tile.row == 2 ? red : tile.row == 3 ? orange : nil
            if let expected {
                #expect(corner == expected, "row \(tile.row) of \(tile.variantID)")
            } else {
                #expect(corner != red && corner != orange, "row \(tile.row) of \(tile.variantID)")
            }
        }
    }

    @Test func isTheSameBytesEveryTime() throws {
        #expect(try sheet().png == sheet().png)
    }

    @Test func leavesRowsOutToStayUnderCairosLimit() throws {
        let rows = (1...400).map { RowInput(number: $0, fields: ["text": "Row \($0)"]) }
        let request = PreviewRequest(
            style: try Fixtures.oneLineSpec(), title: "many", rows: rows, source: "rows",
            grid: PreviewGrid(widths: [320], contentSizes: [.xSmall, .ax5], appearances: [.light, .dark]), scale: 3,
            maximumRows: nil)
        let sheet = try Previewer.contactSheet(request)
        #expect(sheet.pixelHeight <= 32_767)
        #expect(sheet.rowNumbers.count < 400 && sheet.rowNumbers.count > 50)
        #expect(sheet.rowNumbers == Array(1...sheet.rowNumbers.count))
        #expect(sheet.tiles.count == 4 * sheet.rowNumbers.count)
        #expect(sheet.notes.count == 1)
        #expect(sheet.notes.first?.contains("rows 1..\(sheet.rowNumbers.count) of 400") == true)
    }

    @Test func capsUnchosenRowsAndSaysSo() throws {
        let rows = (1...30).map { RowInput(number: $0, fields: ["text": "Row \($0)"]) }
        let request = PreviewRequest(
            style: try Fixtures.oneLineSpec(), title: "capped", rows: rows, source: "rows",
            grid: PreviewGrid(widths: [320], contentSizes: [.large], appearances: [.light]), scale: 1)
        let sheet = try Previewer.contactSheet(request)
        #expect(sheet.rowNumbers == Array(1...12))
        #expect(sheet.notes == ["the sheet shows the first 12 of 30 rows; pick others with --rows A..B"])
    }

    @Test func refusesASheetTooWideForOneImage() throws {
        let request = PreviewRequest(
            style: try Fixtures.oneLineSpec(), title: "wide", rows: Fixtures.rows, source: "rows",
            grid: PreviewGrid(widths: [5000, 6000], contentSizes: [.large], appearances: [.light]), scale: 3)
        #expect {
            try Previewer.contactSheet(request)
        } throws: { error in
            "\(error)".contains("over the 32,767-pixel limit of one image; pass fewer --widths or a smaller --scale")
        }
    }

    @Test func variantIDsAreURLSafeAndDistinct() {
        let grid = PreviewGrid(
            widths: [320, 375.5], contentSizes: ContentSizeCategory.allCases, appearances: [.light, .dark],
            directions: [.leftToRight, .rightToLeft])
        let ids = grid.variants.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" } })
        #expect(grid.variants.first?.id == "w320-xsmall-light-ltr")
        #expect(grid.variants.last?.id == "w375p5-ax5-dark-rtl")
    }

    @Test func parsesTheGridOptions() throws {
        #expect(try PreviewGrid.parseWidths("320, 375,320") == [320, 375])
        #expect(try PreviewGrid.parseContentSizes("xsmall,AX5") == [.xSmall, .ax5])
        #expect(try PreviewGrid.parseAppearances("dark") == [.dark])
        #expect(throws: PreviewError.self) { try PreviewGrid.parseWidths("320,wide") }
        #expect(throws: PreviewError.self) { try PreviewGrid.parseContentSizes("huge") }
        #expect(throws: PreviewError.self) { try PreviewGrid.parseAppearances("sepia") }
    }
}

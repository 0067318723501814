import CellCore
import CellLayout
import CellStyle
import Cellshot
import Graphics

/// Renders contact sheets and single variants of a style for designers.
///
/// Uses Pango through the façade: call from one thread at a time.
public enum Previewer {
    /// Renders every variant of `request.grid` and arranges them on one labelled, flagged sheet.
    ///
    /// Leaves rows out (and says so in `notes`) when the sheet would pass Cairo's 32,767-pixel
    /// limit; throws `PreviewError.tooLarge` when even one row does not fit.
    public static func contactSheet(_ request: PreviewRequest) throws(PreviewError) -> ContactSheet {
        let (rows, initialNotes) = try selectRows(request)
        let grid = request.grid
        let tables = try grid.variants.map { variant throws(PreviewError) in
            try VariantTable(variant, request: request, rows: rows)
        }
        let text = try SheetText()
        let blockLayouts = try grid.blocks.map { block throws(PreviewError) in try text.layout(blockName(block), .block) }
        let columnLayouts = try grid.widths.map { width throws(PreviewError) in
            try text.layout("\(formatPoints(width)) pt", .heading)
        }
        let sizeLayouts = try grid.contentSizes.map { size throws(PreviewError) in try text.layout(size.rawValue, .heading) }
        let sizeDetails = grid.contentSizes.map { "body \(formatPoints(TextStyle.body.pointSize(for: $0))) pt" }
        let detailLayouts = try sizeDetails.map { detail throws(PreviewError) in try text.layout(detail, .tiny) }
        let title = try text.layout(request.title, .title)
        let headerHeight = title.roundedSize.height + 4 + 16 + 6 + 16 + 16
        let geometry = SheetGeometry(
            grid: grid, blockLabelHeight: blockLayouts.map(\.roundedSize.height).max() ?? 0,
            columnLabelHeight: columnLayouts.map(\.roundedSize.height).max() ?? 0, headerHeight: headerHeight)
        let scale = Double(request.scale)
        let pixelWidth = Int((geometry.width * scale).rounded())
        guard pixelWidth <= Canvas.maximumSide else {
            throw .tooLarge(
                "a sheet of widths \(grid.widths.map { formatPoints($0) }.joined(separator: ",")) is \(pixelWidth) pixels wide at scale "
                    + "\(request.scale), over the 32,767-pixel limit of one image; pass fewer --widths or a smaller --scale")
        }
        // The largest number of rows whose sheet fits (heights only grow with rows).
        func sheetHeight(_ count: Int) -> Double {
            geometry.arrange(tableHeights: tables.map { $0.height(ofFirst: count) }).height
        }
        var count = rows.count
        var notes = initialNotes
        if Int((sheetHeight(count) * scale).rounded()) > Canvas.maximumSide {
            var low = 0
            var high = count
            while low < high {
                let middle = (low + high + 1) / 2
                if Int((sheetHeight(middle) * scale).rounded()) <= Canvas.maximumSide { low = middle } else { high = middle - 1 }
            }
            guard low > 0 else {
                throw .tooLarge(
                    "even one row makes a sheet taller than 32,767 pixels at scale \(request.scale); "
                        + "pass fewer --content-sizes or --appearances, or a smaller --scale")
            }
            count = low
            notes.append(
                "the sheet shows rows \(rows[0].number)..\(rows[count - 1].number) of \(request.rows.count): more would pass the "
                    + "32,767-pixel limit of one image; pick rows with --rows A..B or pass a smaller --scale")
        }
        let arrangement = geometry.arrange(tableHeights: tables.map { $0.height(ofFirst: count) })
        let shown = Array(rows.prefix(count))
        var variants: [VariantFrames] = []
        var tiles: [SheetTile] = []
        for (table, origin) in zip(tables, arrangement.origins) {
            let frames = table.frames(ofFirst: count, at: origin)
            variants.append(frames)
            for row in frames.rows {
                tiles.append(
                    SheetTile(
                        variantID: table.variant.id, row: row.row,
                        frame: Rect(x: origin.x, y: origin.y + row.y, width: table.variant.width, height: row.height),
                        issues: row.issues))
            }
        }
        var painter = try SheetPainter(
            size: Size(width: geometry.width, height: arrangement.height), scale: request.scale, text: text)
        painter.fillPage()
        try painter.header(
            title: title, titleText: request.title,
            summary: summary(tiles: tiles, variants: grid.variants.count, rows: shown, total: request.rows.count))
        for (index, block) in arrangement.blocks.enumerated() {
            let look = grid.blocks[index].appearance
            painter.block(block.frame, appearance: look)
            painter.label(
                blockLayouts[index], text: blockName(grid.blocks[index]), role: .block, at: block.labelOrigin, appearance: look,
                primary: true)
            for (column, x) in geometry.tableXs.enumerated() {
                painter.label(
                    columnLayouts[column], text: "\(formatPoints(grid.widths[column])) pt", role: .column,
                    at: Point(x: x, y: block.columnLabelY), appearance: look, primary: false)
            }
            for (row, y) in block.contentSizeLabelYs.enumerated() {
                painter.label(
                    sizeLayouts[row], text: grid.contentSizes[row].rawValue, role: .contentSize,
                    at: Point(x: block.labelOrigin.x, y: y), appearance: look, primary: true)
                painter.label(
                    detailLayouts[row], text: sizeDetails[row], role: .contentSizeDetail,
                    at: Point(x: block.labelOrigin.x, y: y + sizeLayouts[row].roundedSize.height + 2), appearance: look,
                    primary: false)
            }
        }
        for (table, frames) in zip(tables, variants) {
            try painter.table(try table.paint(first: count), frames: frames)
        }
        let png = try painter.encode()
        return ContactSheet(
            png: png, pixelWidth: painter.canvas.pixelWidth, pixelHeight: painter.canvas.pixelHeight, scale: request.scale,
            size: Size(width: geometry.width, height: arrangement.height), variants: variants, tiles: tiles,
            labels: painter.labels, rowNumbers: shown.map(\.number), totalRows: request.rows.count, notes: notes)
    }

    /// Renders one variant alone, as `cellshot render` would, with its frames.
    public static func variantImage(_ request: PreviewRequest, variant: PreviewVariant) throws(PreviewError) -> VariantImage {
        var (rows, notes) = try selectRows(request)
        let table = try VariantTable(variant, request: request, rows: rows)
        var count = rows.count
        while count > 1, Int((table.height(ofFirst: count) * Double(request.scale)).rounded()) > Canvas.maximumSide { count -= 1 }
        if count < rows.count {
            notes.append("showing rows \(rows[0].number)..\(rows[count - 1].number): more would pass the 32,767-pixel limit")
            rows = Array(rows.prefix(count))
        }
        let canvas = try table.paint(first: count)
        do {
            return VariantImage(
                png: try canvas.encodePNG(), pixelWidth: canvas.pixelWidth, pixelHeight: canvas.pixelHeight,
                frames: table.frames(ofFirst: count, at: .zero), notes: notes)
        } catch {
            throw .graphics(error.description)
        }
    }

    static func selectRows(_ request: PreviewRequest) throws(PreviewError) -> ([RowInput], [String]) {
        guard !request.rows.isEmpty else { throw .render(.compositor(.empty)) }
        guard let limit = request.maximumRows, request.rows.count > limit else { return (request.rows, []) }
        let rows = Array(request.rows.prefix(max(1, limit)))
        return (
            rows,
            [
                "the sheet shows the first \(rows.count) of \(request.rows.count) rows; pick others with --rows A..B"
            ]
        )
    }

    static func blockName(_ block: (appearance: Appearance, direction: LayoutDirection)) -> String {
        (block.appearance == .light ? "Light" : "Dark") + (block.direction == .rightToLeft ? " · right-to-left" : "")
    }

    static func summary(tiles: [SheetTile], variants: Int, rows: [RowInput], total: Int) -> String {
        let truncated = tiles.filter { $0.issues.contains(where: \.isTruncation) }.count
        let missing = tiles.filter { $0.issues.contains(where: { !$0.isTruncation }) }.count
        var text = "\(variants) variants × \(rows.count) rows"
        if let first = rows.first, let last = rows.last, rows.count < total || first.number != 1 {
            text += " (rows \(first.number)–\(last.number) of \(total))"
        }
        if truncated == 0 && missing == 0 { return text + " · nothing truncated, no missing glyphs" }
        var parts: [String] = []
        if truncated > 0 { parts.append("\(truncated) cell\(truncated == 1 ? "" : "s") truncated") }
        if missing > 0 { parts.append("\(missing) with missing glyphs") }
        return text + " · " + parts.joined(separator: ", ")
    }
}

/// One variant rendered alone: the PNG, its size and the frames of its rows.
public struct VariantImage: Sendable {
    public var png: [UInt8]
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var frames: VariantFrames
    public var notes: [String]
}

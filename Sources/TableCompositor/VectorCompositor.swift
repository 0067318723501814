import CellCore
import CellStyle
import Graphics

/// Renders a table as a PDF (one file, one page per page) or SVG (one file per page) from the
/// same items, layouts and painting as the PNG path, on one thread.
///
/// Pages follow the same planner as PNG pages. A PDF page is at most 14,400 points tall (the
/// largest page PDF readers accept); an SVG is one page of any height unless a page height is
/// given. Memory holds one page of laid-out items.
public enum VectorCompositor {
    /// The tallest PDF page readers accept, in points.
    public static let maximumPagePoints = 14_400

    public static func render(
        _ items: [TableItem], style: ResolvedStyle, design: TableDesign, options: StreamOptions,
        format: VectorDocument.Format, output: any PageOutput
    ) throws(CompositorError) -> StreamReport {
        guard !items.isEmpty else { throw .empty }
        let pixelWidth = PixelGrid.pixels(options.width, scale: options.scale)
        // SVG has no page size limit: one page unless asked; PDF pages stop at 14,400 points.
        let pageHeight: Int? =
            format == .pdf ? min(options.pageHeight ?? Int.max, maximumPagePoints * options.scale) : options.pageHeight
        let renderer = try ItemRenderer(
            style: style, design: design, width: options.width, scale: options.scale, debugBorders: options.debugBorders,
            setup: options.layoutSetup)
        var planner = PagePlanner(pageHeight: pageHeight, pagePerItem: options.pagePerItem)
        var pages: [[(item: LaidOutItem, y: Int)]] = []
        var report = StreamReport(
            rows: items.count { $0.rowNumber != nil }, pixelWidth: pixelWidth, pageHeights: [], pageFirstRows: [])
        var document: VectorDocument?
        var opened = -1

        func flush(upTo page: Int) throws(CompositorError) {
            while pages.count > 0 && opened + 1 <= page && opened + 1 < pages.count {
                let index = opened + 1
                let placed = pages[index]
                let height = min(pageHeight ?? Int.max, placed.map { $0.y + $0.item.pixelHeight }.max() ?? 1)
                do {
                    if format == .svg || document == nil {
                        try document?.finish()
                        if document != nil { try output.endPage(index - 1, pixelHeight: report.pageHeights.last ?? 0) }
                        let firstRow = placed.lazy.compactMap(\.item.item.rowNumber).first
                        document = try VectorDocument(
                            format: format, sink: try output.beginPage(format == .svg ? index : 0, firstRow: firstRow),
                            pixelWidth: pixelWidth, pixelHeight: height, scale: options.scale)
                        report.pageFirstRows.append(firstRow)
                    } else {
                        try document?.startPage(pixelHeight: height)
                        report.pageFirstRows.append(placed.lazy.compactMap(\.item.item.rowNumber).first)
                    }
                } catch let error as CompositorError {
                    throw error
                } catch {
                    throw .output("\(error)")
                }
                guard let canvas = document?.canvas else { return }
                canvas.fillRows(height, color: renderer.palette.tableBackground)
                // Parts of a cut item outside the page fall outside its media box.
                for (item, y) in placed { try renderer.paint(item, on: canvas, deviceY: y) }
                report.pageHeights.append(height)
                pages[index] = []
                opened = index
            }
        }

        do {
            for item in items {
                let laid = try renderer.layout(item)
                let placements = planner.place(height: laid.pixelHeight)
                for placement in placements {
                    while pages.count <= placement.page { pages.append([]) }
                    pages[placement.page].append((laid, placement.y))
                }
                // Every page before the item's first page is complete.
                try flush(upTo: placements[0].page - 1)
            }
            try flush(upTo: Int.max)
            try document?.finish()
            try output.endPage(format == .svg ? opened : 0, pixelHeight: report.pageHeights.last ?? 0)
        } catch let error as CompositorError {
            output.abandon()
            throw error
        } catch {
            output.abandon()
            throw .output("\(error)")
        }
        return report
    }
}

import CellCore
import CellStyle
import Graphics

/// The shared state of one streamed render; every field after `monitor` is guarded by it.
final class StreamJob: @unchecked Sendable {
    let items: [TableItem]
    let style: ResolvedStyle
    let design: TableDesign
    let options: StreamOptions
    let pixelWidth: Int
    let output: any PageOutput
    let progress: (@Sendable (RenderProgress) -> Void)?
    let chunkCount: Int
    let rowsTotal: Int
    let window: Int
    let monitor = Monitor()

    private var nextClaim = 0
    private var planner: PagePlanner
    private var heights: [Int: [Int]] = [:]
    private var plans: [Int: [[PagePlanner.Placement]]] = [:]
    private var pageFirstRow: [Int: Int] = [:]
    private var nextPlan = 0
    private var ready: [Int: [(page: Int, band: EncodedBand)]] = [:]
    private var nextWrite = 0
    private var writing = false
    private var failure: CompositorError?
    // The writer's state: touched only by the worker holding `writing`.
    private var currentPage = -1
    private var writer: PNGStreamWriter?
    private var pageHeights: [Int] = []
    private var pageFirstRows: [Int?] = []
    private var rowsDone = 0

    init(
        items: [TableItem], style: ResolvedStyle, design: TableDesign, options: StreamOptions, pixelWidth: Int,
        output: any PageOutput, progress: (@Sendable (RenderProgress) -> Void)?
    ) {
        self.items = items
        self.style = style
        self.design = design
        self.options = options
        self.pixelWidth = pixelWidth
        self.output = output
        self.progress = progress
        chunkCount = (items.count + options.chunkItems - 1) / options.chunkItems
        rowsTotal = items.count { $0.rowNumber != nil }
        window = 2 * max(1, options.threads) + 2
        planner = PagePlanner(pageHeight: options.pageHeight, pagePerItem: options.pagePerItem)
    }

    func result() throws(CompositorError) -> StreamReport {
        if let failure {
            output.abandon()
            throw failure
        }
        return StreamReport(rows: rowsTotal, pixelWidth: pixelWidth, pageHeights: pageHeights, pageFirstRows: pageFirstRows)
    }

    func work() {
        do {
            let renderer = try ItemRenderer(
                style: style, design: design, width: options.width, scale: options.scale, debugBorders: options.debugBorders,
                setup: options.layoutSetup)
            let encoder: PNGBandEncoder
            do {
                encoder = try PNGBandEncoder(compression: options.compression)
            } catch {
                throw CompositorError.graphics(error.description)
            }
            let band = BandSurface()
            while let chunk = claim() {
                let range = chunk * options.chunkItems..<min(items.count, (chunk + 1) * options.chunkItems)
                var laid: [LaidOutItem] = []
                for index in range { laid.append(try renderer.layout(items[index])) }
                guard let placements = plan(chunk, heights: laid.map(\.pixelHeight)) else { return }
                let pieces = try paint(laid, placements: placements, renderer: renderer, encoder: encoder, band: band)
                try deliver(chunk, pieces)
            }
        } catch let error as CompositorError {
            fail(error)
        } catch {
            fail(.graphics("\(error)"))
        }
    }

    private func fail(_ error: CompositorError) {
        monitor.withLock {
            if failure == nil { failure = error }
            monitor.broadcast()
        }
    }

    private func claim() -> Int? {
        monitor.withLock {
            monitor.wait { failure != nil || nextClaim >= chunkCount || nextClaim < nextWrite + window }
            guard failure == nil, nextClaim < chunkCount else { return nil }
            defer { nextClaim += 1 }
            return nextClaim
        }
    }

    /// Publishes a chunk's heights; returns its placements once every earlier chunk is placed.
    private func plan(_ chunk: Int, heights chunkHeights: [Int]) -> [[PagePlanner.Placement]]? {
        monitor.withLock {
            heights[chunk] = chunkHeights
            while let next = heights.removeValue(forKey: nextPlan) {
                let first = nextPlan * options.chunkItems
                var placements: [[PagePlanner.Placement]] = []
                for (offset, height) in next.enumerated() {
                    let placed = planner.place(height: height)
                    if let row = items[first + offset].rowNumber, pageFirstRow[placed[0].page] == nil {
                        pageFirstRow[placed[0].page] = row
                    }
                    placements.append(placed)
                }
                plans[nextPlan] = placements
                nextPlan += 1
            }
            monitor.broadcast()
            monitor.wait { failure != nil || plans[chunk] != nil }
            return failure == nil ? plans.removeValue(forKey: chunk) : nil
        }
    }

    private func paint(
        _ laid: [LaidOutItem], placements: [[PagePlanner.Placement]], renderer: ItemRenderer, encoder: PNGBandEncoder,
        band: BandSurface
    ) throws -> [(page: Int, band: EncodedBand)] {
        var pages: [Int: (top: Int, bottom: Int)] = [:]
        for (item, itemPlacements) in zip(laid, placements) {
            for placement in itemPlacements {
                var top = max(0, placement.y)
                var bottom = placement.y + item.pixelHeight
                if let pageHeight = options.pageHeight { bottom = min(bottom, pageHeight) }
                if let known = pages[placement.page] {
                    top = min(top, known.top)
                    bottom = max(bottom, known.bottom)
                }
                pages[placement.page] = (top, bottom)
            }
        }
        let bandRows = max(16, min(Canvas.maximumSide, options.bandPixels / pixelWidth))
        var pieces: [(page: Int, band: EncodedBand)] = []
        for page in pages.keys.sorted() {
            let (top, bottom) = pages[page]!
            // Equal bands rather than full ones and a sliver: fewer rows painted twice.
            let bandCount = (bottom - top + bandRows - 1) / bandRows
            let evenRows = (bottom - top + bandCount - 1) / max(1, bandCount)
            var bandTop = top
            while bandTop < bottom {
                let bandHeight = min(evenRows, bottom - bandTop)
                if band.canvas == nil {
                    band.canvas = try Canvas(pixelWidth: pixelWidth, pixelHeight: bandRows, scale: options.scale)
                }
                guard let canvas = band.canvas else { return pieces }
                canvas.fillRows(bandHeight, color: renderer.palette.tableBackground)
                for (item, itemPlacements) in zip(laid, placements) {
                    for placement in itemPlacements where placement.page == page {
                        guard placement.y < bandTop + bandHeight, placement.y + item.pixelHeight > bandTop else { continue }
                        try renderer.paint(item, on: canvas, deviceY: placement.y - bandTop)
                    }
                }
                pieces.append((page, try encoder.encode(canvas, rows: bandHeight)))
                bandTop += bandHeight
            }
        }
        return pieces
    }

    private func deliver(_ chunk: Int, _ pieces: [(page: Int, band: EncodedBand)]) throws(CompositorError) {
        var batch: (index: Int, pieces: [(page: Int, band: EncodedBand)])? = monitor.withLock {
            ready[chunk] = pieces
            guard !writing, let next = ready.removeValue(forKey: nextWrite) else { return nil }
            writing = true
            return (nextWrite, next)
        }
        while let (index, pieces) = batch {
            do {
                try write(pieces, chunk: index)
            } catch {
                monitor.withLock { writing = false }
                throw error
            }
            batch = monitor.withLock {
                nextWrite += 1
                monitor.broadcast()
                if let next = ready.removeValue(forKey: nextWrite) { return (nextWrite, next) }
                writing = false
                return nil
            }
        }
    }

    /// Writes one chunk's pieces, opening and closing pages as they change (writer only).
    private func write(_ pieces: [(page: Int, band: EncodedBand)], chunk: Int) throws(CompositorError) {
        for (page, band) in pieces {
            if page != currentPage {
                try finishPage()
                let firstRow = monitor.withLock { pageFirstRow[page] }
                do {
                    let sink = try output.beginPage(page, firstRow: firstRow)
                    writer = try PNGStreamWriter(sink: sink, pixelWidth: pixelWidth)
                } catch let error as GraphicsError {
                    throw .output(error.description)
                } catch {
                    throw .output("\(error)")
                }
                currentPage = page
                pageFirstRows.append(firstRow)
            }
            do {
                try writer?.append(band)
            } catch {
                throw .output(error.description)
            }
        }
        let range = chunk * options.chunkItems..<min(items.count, (chunk + 1) * options.chunkItems)
        rowsDone += items[range].count { $0.rowNumber != nil }
        if chunk == chunkCount - 1 { try finishPage() }
        progress?(RenderProgress(rowsDone: rowsDone, rowsTotal: rowsTotal, pagesDone: pageHeights.count))
    }

    private func finishPage() throws(CompositorError) {
        guard let writer else { return }
        self.writer = nil
        do {
            try writer.finish()
            try output.endPage(currentPage, pixelHeight: writer.pixelHeight)
        } catch let error as GraphicsError {
            throw .output(error.description)
        } catch {
            throw .output("\(error)")
        }
        pageHeights.append(writer.pixelHeight)
    }
}

/// A worker's band surface, made once and reused for every band: no allocation or page faults
/// per band, and memory that stays flat whatever the row count.
final class BandSurface {
    var canvas: Canvas?
}

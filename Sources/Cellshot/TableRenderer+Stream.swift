import CellCore
import CellLayout
import Graphics
import TableCompositor

/// How a streamed render is cut into images and run.
public struct StreamRenderOptions: Sendable {
    /// Worker threads (at least 1); the output bytes are the same for every count.
    public var threads: Int
    /// Pages of at most this many device pixels; nil: one image of any height.
    public var pageHeight: Int?
    /// One image per row instead of a table.
    public var eachRow: Bool
    public var design: TableDesign
    /// PNG (streamed, parallel), or PDF/SVG through Cairo's vector surfaces (one thread).
    public var format: ImageFormat

    public init(
        threads: Int = 1, pageHeight: Int? = nil, eachRow: Bool = false, design: TableDesign = TableDesign(),
        format: ImageFormat = .png
    ) {
        self.format = format
        self.threads = threads
        self.pageHeight = pageHeight
        self.eachRow = eachRow
        self.design = design
    }
}

extension TableRenderer {
    /// Renders the table of `rows` as streamed PNG pages into `output`, with memory bounded by a
    /// few bands whatever the row count, and no limit on the height.
    public func renderStream(
        _ rows: [RowInput], source: String = "data", stream: StreamRenderOptions, output: any PageOutput,
        progress: (@Sendable (RenderProgress) -> Void)? = nil
    ) throws(CellshotError) -> StreamReport {
        guard stream.threads >= 1 else { throw .invalidOption("--threads must be at least 1, got \(stream.threads)") }
        if let pageHeight = stream.pageHeight, pageHeight < 1 {
            throw .invalidOption("--page-height must be a number of pixels above 0, got \(pageHeight)")
        }
        let diagnostics = try checkRows(rows, width: stream.design.contentWidth(tableWidth: options.width), source: source)
        if !rows.isEmpty, diagnostics.allZero, stream.design.headerText == nil, stream.design.sectionField == nil {
            throw .data("\(source): every row is 0 points tall in this style; there is nothing to draw")
        }
        let items = TableItem.items(for: rows, design: stream.design, rowsOnly: stream.eachRow)
        var streamOptions = StreamOptions(
            width: options.width, scale: options.scale, debugBorders: options.debugBorders, threads: stream.threads,
            pageHeight: stream.eachRow ? nil : stream.pageHeight, pagePerItem: stream.eachRow)
        streamOptions.layoutSetup = layoutSetup
        do {
            var report: StreamReport
            switch stream.format {
            case .png:
                report = try StreamingCompositor.render(
                    items, style: style, design: stream.design, options: streamOptions, output: output, progress: progress)
            case .pdf, .svg:
                report = try VectorCompositor.render(
                    items, style: style, design: stream.design, options: streamOptions,
                    format: stream.format == .pdf ? .pdf : .svg, output: output)
            }
            report.diagnostics = diagnostics.items
            return report
        } catch {
            if case .layout(let layoutError) = error { throw .layout(source: source, layoutError) }
            throw .compositor(error)
        }
    }
}

extension TableRenderer {
    /// What each worker of a streamed render needs to lay rows out exactly as this renderer does.
    ///
    /// Workers paint, and painting needs a Pango layout for every text whichever engine measured
    /// it, so they measure with Pango directly: the height engine's arithmetic would only add
    /// work there (it is exact, so the heights are the same; the façade's own layout pass,
    /// which settles errors and warnings first, uses the engine of the options).
    var layoutSetup: LayoutSetup {
        let fonts = spec.fonts
        return LayoutSetup(
            makeMeasurer: { try TextEngine(fonts: FontLibrary.with(brandFonts: fonts)) },
            imagePolicy: options.imagePolicy, textPolicy: TextPolicy(repairCP1252: options.repairCP1252))
    }
}

extension TableRenderer {
    /// Lays every row out once before any output opens, so missing fields, `--strict` and text
    /// warnings are settled first. Chunks of rows get fresh engines: memory stays bounded
    /// whatever the row count (the layouts themselves are dropped; only diagnostics are kept).
    func checkRows(_ rows: [RowInput], width: Double, source: String) throws(CellshotError)
        -> (items: [TextDiagnostic], allZero: Bool)
    {
        var passOptions = options
        passOptions.strict = false
        var items: [TextDiagnostic] = []
        var allZero = true
        var start = 0
        while start < rows.count {
            let chunk = Array(rows[start..<min(rows.count, start + 1_024)])
            start += chunk.count
            let pass = try TableRenderer(style: spec, options: passOptions)
            let layouts = try pass.layout(chunk, width: width, source: source)
            items += layouts.flatMap(\.diagnostics)
            if allZero { allZero = layouts.allSatisfy { PixelGrid.pixels($0.height, scale: options.scale) == 0 } }
        }
        let warnings = items.filter(\.isWarning)
        if options.strict && !warnings.isEmpty { throw .strict(source: source, warnings: warnings) }
        return (items, allZero)
    }
}

/// The image formats `render` writes.
public enum ImageFormat: String, CaseIterable, Sendable {
    case png, pdf, svg
}

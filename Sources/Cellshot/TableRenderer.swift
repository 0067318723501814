import CellCore
import CellLayout
import CellStyle
import Graphics
import TableCompositor

/// Cellshot's public entry point: lays rows out in a style and renders or measures the table.
///
/// A renderer owns Pango objects and MUST be used from one thread at a time. Renderers made
/// with `reflowed(_:)` share its text engine and measurement cache, so the same rows render at
/// several widths, content sizes and appearances without re-reading anything and without laying
/// out any text twice.
public final class TableRenderer {
    public let options: RenderOptions
    public let style: ResolvedStyle
    /// The style as read, kept so that `reflowed(_:)` can resolve it for another environment.
    public let spec: StyleSpec
    /// Every text measurement of this renderer and of those reflowed from it.
    public let cache: MeasurementCache
    /// The engine under the cache: the prepared-text height engine or plain Pango.
    let engine: any TextMeasuring
    let layoutEngine: LayoutEngine

    /// Resolves `style` for the options' environment and prepares the text engine.
    public convenience init(style: StyleSpec, options: RenderOptions = RenderOptions()) throws(CellshotError) {
        let fonts: FontLibrary
        let engine: any TextMeasuring
        do {
            fonts = try FontLibrary.with(brandFonts: style.fonts)
            switch options.textEngine {
            case .prepared: engine = try PreparedTextEngine(fonts: fonts)
            case .pango: engine = try TextEngine(fonts: fonts)
            }
        } catch {
            throw .graphics(error.description)
        }
        do {
            try style.checkFamilies(available: fonts.families)
        } catch {
            throw .style(error)
        }
        try self.init(style: style, options: options, engine: engine, cache: MeasurementCache(measurer: engine))
    }

    init(style: StyleSpec, options: RenderOptions, engine: any TextMeasuring, cache: MeasurementCache) throws(CellshotError) {
        try options.validate()
        do {
            self.style = try StyleResolver.resolve(style, for: options.environment)
        } catch {
            throw .style(error)
        }
        self.spec = style
        self.engine = engine
        self.cache = cache
        self.options = options
        var layoutEngine = LayoutEngine(style: self.style, measurer: cache, imagePolicy: options.imagePolicy)
        layoutEngine.textPolicy = TextPolicy(repairCP1252: options.repairCP1252)
        self.layoutEngine = layoutEngine
    }

    /// A renderer of the same style with other options (width, scale, content size, …) that
    /// shares this one's text engine and measurement cache.
    public func reflowed(_ options: RenderOptions) throws(CellshotError) -> TableRenderer {
        try TableRenderer(style: spec, options: options, engine: engine, cache: cache)
    }

    /// Lays every row out at the options' width; `source` names the data in errors.
    ///
    /// Each layout carries its row's text diagnostics. With `options.strict`, any warning among
    /// them throws `CellshotError.strict` instead.
    public func layout(_ rows: [RowInput], source: String = "data") throws(CellshotError) -> [RowLayout] {
        try layout(rows, width: options.width, source: source)
    }

    /// Lays every row out at `width` points; `source` names the data in errors.
    ///
    /// With the prepared-text engine, the rows' texts are first prepared on both cores.
    public func layout(_ rows: [RowInput], width: Double, source: String = "data") throws(CellshotError) -> [RowLayout] {
        if let prepared = engine as? PreparedTextEngine {
            let requests = TextRequestCollector.requests(style: style, rows: rows, width: width)
            do {
                try prepared.prepare(requests, threads: TextRequestCollector.preparationThreads)
            } catch {
                throw .graphics(error.description)
            }
        }
        var layouts: [RowLayout] = []
        layouts.reserveCapacity(rows.count)
        for row in rows {
            do {
                layouts.append(try layoutEngine.layout(row, width: width))
            } catch {
                throw .layout(source: source, error)
            }
        }
        if options.strict {
            let warnings = layouts.flatMap(\.diagnostics).filter(\.isWarning)
            if !warnings.isEmpty { throw .strict(source: source, warnings: warnings) }
        }
        return layouts
    }

    /// The height of every row in points, and rounded up to device pixels at the options' scale.
    public func measure(_ rows: [RowInput], source: String = "data") throws(CellshotError) -> [RowMeasurement] {
        try layout(rows, source: source).map(measurement)
    }

    /// The height of every row at `width` points; texts prepared at one width are reused at the next.
    public func measure(_ rows: [RowInput], width: Double, source: String = "data") throws(CellshotError) -> [RowMeasurement] {
        var changed = options
        changed.width = width
        try changed.validate()
        return try layout(rows, width: width, source: source).map(measurement)
    }

    /// The height of a laid-out row as the table places it: `render` uses exactly this.
    public func measurement(of layout: RowLayout) -> RowMeasurement {
        RowMeasurement(
            row: layout.rowNumber, height: layout.height, roundedHeight: PixelGrid.ceil(layout.height, scale: options.scale))
    }

    /// Renders the table of `rows` as PNG bytes.
    public func render(_ rows: [RowInput], source: String = "data") throws(CellshotError) -> RenderedTable {
        let layouts = try layout(rows, source: source)
        let plan = TablePlan(rows: layouts, width: options.width, scale: options.scale)
        try Self.checkDrawable(plan, source: source)
        let environment = options.environment
        let separators = options.separators
        let appearance = TableAppearance(
            background: SystemColors.tokens["systemBackground"]!.resolved(for: environment.appearance),
            separatorColor: separators.resolvedColor(for: environment.appearance),
            separatorLeadingInset: separators.leadingInset, separatorTrailingInset: separators.trailingInset,
            showsSeparators: separators.visible, rightToLeft: environment.layoutDirection == .rightToLeft)
        if plan.pixelHeight > Canvas.maximumSide {
            // Past one Cairo image: the streamed compositor has no height limit.
            let pages = MemoryPages()
            let report = try renderStream(rows, source: source, stream: StreamRenderOptions(), output: pages)
            return RenderedTable(
                png: pages.sinks.first?.bytes ?? [], pixelWidth: report.pixelWidth,
                pixelHeight: report.pageHeights.reduce(0, +), rows: layouts, diagnostics: layouts.flatMap(\.diagnostics))
        }
        do {
            let canvas = try Compositor.render(plan, appearance: appearance, debugBorders: options.debugBorders)
            let png = try canvas.encodePNG()
            return RenderedTable(
                png: png, pixelWidth: canvas.pixelWidth, pixelHeight: canvas.pixelHeight, rows: layouts,
                diagnostics: layouts.flatMap(\.diagnostics))
        } catch let error as CompositorError {
            throw .compositor(error)
        } catch {
            throw .graphics("\(error)")
        }
    }
}

extension TableRenderer {
    /// Refuses, with the row named, what no choice of `--rows` can fix: a single row taller than
    /// one image, and a table whose rows are all 0 points tall (nothing to draw).
    static func checkDrawable(_ plan: TablePlan, source: String) throws(CellshotError) {
        let limit = Canvas.maximumSide
        if let tall = plan.placements.first(where: { Int(($0.height * Double(plan.scale)).rounded()) > limit }) {
            let pixels = Int((tall.height * Double(plan.scale)).rounded())
            throw .data(
                "\(source): row \(tall.row.rowNumber) alone is \(pixels) pixels tall at scale \(plan.scale), over the "
                    + "32,767-pixel limit of one image; shorten its text"
                    + (plan.scale > 1 ? " or use a smaller --scale" : ""))
        }
        if !plan.placements.isEmpty, plan.pixelHeight == 0 {
            throw .data("\(source): every row is 0 points tall in this style; there is nothing to draw")
        }
    }
}

/// A row's height as `heightForRowAtIndexPath:` would return it.
public struct RowMeasurement: Sendable, Hashable {
    public var row: Int
    /// The content height in points.
    public var height: Double
    /// The height rounded up to whole device pixels: the height the row takes in the table.
    public var roundedHeight: Double
}

/// A rendered table: the PNG bytes, its pixel size and the row layouts it was drawn from.
public struct RenderedTable: Sendable {
    public var png: [UInt8]
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var rows: [RowLayout]
    /// Every row's text diagnostics, in row order: warnings and repairs.
    public var diagnostics: [TextDiagnostic]

    /// The diagnostics that are warnings (everything but repairs).
    public var warnings: [TextDiagnostic] { diagnostics.filter(\.isWarning) }
}

import CellCore
import CellLayout
import CellStyle
import Graphics
import TableCompositor

/// Cellshot's public entry point: lays rows out in a style and renders or measures the table.
///
/// A renderer owns Pango objects and MUST be used from one thread at a time.
public final class TableRenderer {
    public let options: RenderOptions
    public let style: ResolvedStyle
    let engine: TextEngine
    let layoutEngine: LayoutEngine

    /// Resolves `style` for the options' environment and prepares the text engine.
    public init(style: StyleSpec, options: RenderOptions = RenderOptions()) throws(CellshotError) {
        try options.validate()
        do {
            self.style = try StyleResolver.resolve(style, for: options.environment)
        } catch {
            throw .style(error)
        }
        do {
            self.engine = try TextEngine(fonts: FontLibrary.shared())
        } catch {
            throw .graphics(error.description)
        }
        self.options = options
        self.layoutEngine = LayoutEngine(style: self.style, measurer: engine)
    }

    /// Lays every row out at the options' width; `source` names the data in errors.
    public func layout(_ rows: [RowInput], source: String = "data") throws(CellshotError) -> [RowLayout] {
        var layouts: [RowLayout] = []
        layouts.reserveCapacity(rows.count)
        for row in rows {
            do {
                layouts.append(try layoutEngine.layout(row, width: options.width))
            } catch {
                throw .layout(source: source, error)
            }
        }
        return layouts
    }

    /// The height of every row in points, and rounded up to device pixels at the options' scale.
    public func measure(_ rows: [RowInput], source: String = "data") throws(CellshotError) -> [RowMeasurement] {
        try layout(rows, source: source).map { layout in
            RowMeasurement(
                row: layout.rowNumber, height: layout.height, roundedHeight: PixelGrid.ceil(layout.height, scale: options.scale))
        }
    }

    /// Renders the table of `rows` as PNG bytes.
    public func render(_ rows: [RowInput], source: String = "data") throws(CellshotError) -> RenderedTable {
        let layouts = try layout(rows, source: source)
        let plan = TablePlan(rows: layouts, width: options.width, scale: options.scale)
        let environment = options.environment
        let appearance = TableAppearance(
            background: SystemColors.tokens["systemBackground"]!.resolved(for: environment.appearance),
            separatorColor: SystemColors.tokens["separator"]!.resolved(for: environment.appearance))
        if plan.pixelHeight > Canvas.maximumSide {
            // Past one Cairo image: the streamed compositor has no height limit.
            let pages = MemoryPages()
            let report = try renderStream(rows, source: source, stream: StreamRenderOptions(), output: pages)
            return RenderedTable(
                png: pages.sinks.first?.bytes ?? [], pixelWidth: report.pixelWidth,
                pixelHeight: report.pageHeights.reduce(0, +), rows: layouts)
        }
        do {
            let canvas = try Compositor.render(plan, appearance: appearance, debugBorders: options.debugBorders)
            let png = try canvas.encodePNG()
            return RenderedTable(png: png, pixelWidth: canvas.pixelWidth, pixelHeight: canvas.pixelHeight, rows: layouts)
        } catch let error as CompositorError {
            throw .compositor(error)
        } catch {
            throw .graphics("\(error)")
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
}

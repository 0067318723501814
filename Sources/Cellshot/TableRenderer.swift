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
        let fonts: FontLibrary
        do {
            fonts = try FontLibrary.with(brandFonts: style.fonts)
            self.engine = try TextEngine(fonts: fonts)
        } catch {
            throw .graphics(error.description)
        }
        do {
            try style.checkFamilies(available: fonts.families)
        } catch {
            throw .style(error)
        }
        self.options = options
        self.layoutEngine = LayoutEngine(style: self.style, measurer: engine, imagePolicy: options.imagePolicy)
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
        try Self.checkDrawable(plan, source: source)
        let environment = options.environment
        let separators = options.separators
        let appearance = TableAppearance(
            background: SystemColors.tokens["systemBackground"]!.resolved(for: environment.appearance),
            separatorColor: separators.resolvedColor(for: environment.appearance),
            separatorLeadingInset: separators.leadingInset, separatorTrailingInset: separators.trailingInset,
            showsSeparators: separators.visible)
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
}

import CellCore
import CellLayout
import CellStyle
import Cellshot
import Graphics
import TableCompositor

/// One variant's rows laid out, ready to be painted: the renderer's layouts and their pixel heights.
struct VariantTable {
    let variant: PreviewVariant
    let layouts: [RowLayout]
    /// Each row's height rounded up to device pixels, in points.
    let heights: [Double]
    let options: RenderOptions

    /// Lays `rows` out under `variant` through the façade.
    init(_ variant: PreviewVariant, request: PreviewRequest, rows: [RowInput]) throws(PreviewError) {
        let options = RenderOptions(
            width: variant.width, scale: request.scale, debugBorders: request.debugBorders, environment: variant.environment,
            imagePolicy: request.imagePolicy, separators: request.separators)
        do {
            let renderer = try TableRenderer(style: request.style, options: options)
            self.layouts = try renderer.layout(rows, source: request.source)
        } catch {
            throw .render(error)
        }
        self.variant = variant
        self.options = options
        self.heights = layouts.map { PixelGrid.ceil($0.height, scale: request.scale) }
    }

    /// The height of the table of the first `count` rows, in points.
    func height(ofFirst count: Int) -> Double {
        heights.prefix(count).reduce(0, +)
    }

    /// The frames of the first `count` rows, placed as the table stacks them.
    func frames(ofFirst count: Int, at origin: Point) -> VariantFrames {
        var y = 0.0
        var rows: [RowFrames] = []
        for (layout, height) in zip(layouts.prefix(count), heights) {
            rows.append(RowFrames(layout: layout, y: y, height: height))
            y += height
        }
        return VariantFrames(
            variant: variant, tableFrame: Rect(x: origin.x, y: origin.y, width: variant.width, height: y), rows: rows)
    }

    /// Paints the table of the first `count` rows, as `cellshot render` would.
    func paint(first count: Int) throws(PreviewError) -> Canvas {
        let plan = TablePlan(rows: Array(layouts.prefix(count)), width: options.width, scale: options.scale)
        let look = options.environment.appearance
        let appearance = TableAppearance(
            background: SystemColors.tokens["systemBackground"]?.resolved(for: look) ?? .white,
            separatorColor: options.separators.resolvedColor(for: look),
            separatorLeadingInset: options.separators.leadingInset,
            separatorTrailingInset: options.separators.trailingInset, showsSeparators: options.separators.visible,
            rightToLeft: options.environment.layoutDirection == .rightToLeft)
        do {
            return try Compositor.render(plan, appearance: appearance, debugBorders: options.debugBorders)
        } catch {
            throw .render(.compositor(error))
        }
    }
}

import CellCore
import CellLayout
import CellPaint
import Graphics

/// Stacks laid-out rows into one table image.
public enum Compositor {
    /// Paints `plan` onto a new canvas: table background, each row's display list at its place,
    /// and a hairline separator inside the bottom edge of every row but the last.
    ///
    /// Throws `CompositorError.tooTall` for tables past Cairo's 32,767-pixel limit (with the
    /// height and what to do), never a dead surface.
    public static func render(_ plan: TablePlan, appearance: TableAppearance, debugBorders: Bool) throws(CompositorError)
        -> Canvas
    {
        guard !plan.placements.isEmpty else { throw .empty }
        guard plan.pixelHeight <= Canvas.maximumSide else {
            throw .tooTall(pixels: plan.pixelHeight, rows: plan.placements.count, scale: plan.scale)
        }
        guard plan.pixelWidth >= 1, plan.pixelWidth <= Canvas.maximumSide else {
            throw .graphics("the table is \(plan.pixelWidth) pixels wide; it must be 1 to \(Canvas.maximumSide)")
        }
        let canvas: Canvas
        do {
            canvas = try Canvas(pixelWidth: plan.pixelWidth, pixelHeight: max(1, plan.pixelHeight), scale: plan.scale)
        } catch {
            throw .graphics(error.description)
        }
        canvas.fill(Rect(x: 0, y: 0, width: plan.width, height: plan.height), color: appearance.background)
        let painter = Painter()
        for placement in plan.placements {
            var commands = DisplayList.commands(for: placement.row, height: placement.height, debugBorders: debugBorders)
            if placement.hasSeparator && appearance.showsSeparators {
                let span = separatorSpan(
                    width: plan.width, leading: appearance.separatorLeadingInset, trailing: appearance.separatorTrailingInset,
                    rightToLeft: appearance.rightToLeft)
                commands.append(.hairline(fromX: span.from, toX: span.to, bottom: placement.height, appearance.separatorColor))
            }
            do {
                try canvas.clipped(to: Rect(x: 0, y: placement.y, width: plan.width, height: placement.height)) {
                    () throws(PaintError) in
                    try painter.paint(commands, on: canvas, at: Point(x: 0, y: placement.y))
                }
            } catch {
                throw .graphics("row \(placement.row.rowNumber): \(error)")
            }
        }
        return canvas
    }
}

/// A table that cannot be composed.
public enum CompositorError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case tooTall(pixels: Int, rows: Int, scale: Int)
    case graphics(String)
    case layout(LayoutError)
    /// Writing an output failed.
    case output(String)

    public var description: String {
        switch self {
        case .empty:
            "the data has no rows: there is nothing to render"
        case .tooTall(let pixels, let rows, let scale):
            "the table of \(rows) rows is \(pixels) pixels tall at scale \(scale), over the 32,767-pixel limit of one image; "
                + "render fewer rows with --rows A..B"
                + (scale > 1 ? " or a smaller --scale" : "")
        case .graphics(let message):
            message
        case .layout(let error):
            error.description
        case .output(let message):
            message
        }
    }
}

import CellCore
import CellLayout
import CellPaint
import CellStyle
import Graphics

/// A table item laid out: its height in whole device pixels and what paints it.
struct LaidOutItem {
    var item: TableItem
    var pixelHeight: Int
    var row: RowLayout?
    var text: MeasuredText?
    var textOrigin = Point.zero
}

/// Lays out and paints table items on one thread: it owns that thread's Pango objects.
///
/// MUST be made and used on one worker thread (one per worker); `FontLibrary.shared()` MUST
/// exist before any worker starts.
final class ItemRenderer {
    let engine: any TextMeasuring
    let layoutEngine: LayoutEngine
    /// Decoded images stay with this worker's painter.
    let painter = Painter()
    let design: TableDesign
    let palette: TablePalette
    let width: Double
    let scale: Int
    let debugBorders: Bool

    init(
        style: ResolvedStyle, design: TableDesign, width: Double, scale: Int, debugBorders: Bool, setup: LayoutSetup = .pango
    ) throws(CompositorError) {
        do {
            engine = try setup.makeMeasurer()
        } catch {
            throw .graphics("\(error)")
        }
        var layoutEngine = LayoutEngine(style: style, measurer: engine, imagePolicy: setup.imagePolicy)
        layoutEngine.textPolicy = setup.textPolicy
        self.layoutEngine = layoutEngine
        self.design = design
        var palette = TablePalette(style: design.style, appearance: style.environment.appearance)
        if let color = design.separatorColor { palette.separator = color }
        self.palette = palette
        self.width = width
        self.scale = scale
        self.debugBorders = debugBorders
    }

    var cellWidth: Double { max(1, width - 2 * design.cellInset) }

    func layout(_ item: TableItem) throws(CompositorError) -> LaidOutItem {
        switch item {
        case .row(let input, _):
            let row: RowLayout
            do {
                row = try layoutEngine.layout(input, width: design.contentWidth(tableWidth: width))
            } catch {
                throw .layout(error)
            }
            return LaidOutItem(item: item, pixelHeight: PixelGrid.pixels(row.height, scale: scale), row: row)
        case .gap(let points):
            return LaidOutItem(item: item, pixelHeight: PixelGrid.pixels(points, scale: scale))
        case .tableHeader(let text), .sectionHeader(let text), .sectionFooter(let text):
            let look = headerLook(item)
            let leading = design.cellInset + 16
            let request = TextRequest(text: look.uppercase ? text.uppercased() : text, font: look.font)
            let measured: MeasuredText
            do {
                measured = try engine.measure(request, width: max(1, width - 2 * leading))
            } catch {
                throw .graphics("\(error)")
            }
            let height = look.top + measured.size.height + look.bottom
            return LaidOutItem(
                item: item, pixelHeight: PixelGrid.pixels(height, scale: scale), text: measured,
                textOrigin: Point(x: leading, y: look.top))
        }
    }

    private func headerLook(_ item: TableItem) -> (font: FontSpec, top: Double, bottom: Double, uppercase: Bool) {
        let grouped = design.style != .plain
        switch item {
        case .tableHeader: return (FontSpec(size: 22, weight: .bold), 16, 12, false)
        case .sectionHeader:
            return grouped ? (FontSpec(size: 13), 24, 7, true) : (FontSpec(size: 15, weight: .semibold), 6, 6, false)
        default: return (FontSpec(size: 13), 7, grouped ? 16 : 7, false)
        }
    }

    /// Paints `laid` with its top-left corner at device pixel row `deviceY` of `canvas`.
    func paint(_ laid: LaidOutItem, on canvas: Canvas, deviceY: Int) throws(CompositorError) {
        let height = Double(laid.pixelHeight) / Double(scale)
        do {
            try canvas.withDeviceOrigin(x: 0, y: deviceY) {
                switch laid.item {
                case .gap: break
                case .row(_, let position):
                    guard let row = laid.row else { return }
                    try paintRow(row, position: position, height: height, on: canvas)
                case .tableHeader, .sectionHeader, .sectionFooter:
                    if case .sectionHeader = laid.item, design.style == .plain {
                        canvas.fill(Rect(x: 0, y: 0, width: width, height: height), color: palette.plainHeaderBackground)
                    }
                    guard let text = laid.text else { return }
                    let color = laid.item.isTableHeader ? palette.label : palette.headerText
                    try painter.paint([.text(text, origin: laid.textOrigin, color)], on: canvas)
                }
            }
        } catch let error as CompositorError {
            throw error
        } catch {
            throw .graphics("\(laid.item.rowNumber.map { "row \($0): " } ?? "")\(error)")
        }
    }

    private func paintRow(_ row: RowLayout, position: TableRowPosition, height: Double, on canvas: Canvas) throws {
        let cell = Rect(x: design.cellInset, y: 0, width: cellWidth, height: height)
        let radius = design.sectionCornerRadius
        try canvas.clipped(
            to: cell, cornerRadius: radius, roundTop: position.isFirstInSection, roundBottom: position.isLastInSection
        ) {
            canvas.fill(cell, color: palette.cellBackground)
            let rightToLeft = layoutEngine.style.environment.layoutDirection == .rightToLeft
            // The row leads; the table's disclosure takes the trailing edge (the left one in a
            // right-to-left table, where the row moves right and the chevron points left).
            let cellOrigin = Point(x: design.cellInset, y: 0)
            let rowOrigin = Point(x: design.cellInset + (rightToLeft ? design.accessoryWidth : 0), y: 0)
            let commands = DisplayList.commands(for: row, height: height, debugBorders: debugBorders)
            let background = row.background == nil ? 0 : 1
            try painter.paint(Array(commands[..<background]), on: canvas, at: rowOrigin)
            let bounds = Rect(x: 0, y: 0, width: cellWidth, height: height)
            let state =
                design.selectedRows.contains(row.rowNumber)
                ? palette.selectedBackground
                : design.highlightedRows.contains(row.rowNumber) ? palette.highlightedBackground : nil
            if let state { try painter.paint([.fill(bounds, state)], on: canvas, at: cellOrigin) }
            try painter.paint(Array(commands[background...]), on: canvas, at: rowOrigin)
            if design.showsSeparators && !position.isLastInSection {
                let span = separatorSpan(
                    width: cellWidth, leading: design.separatorLeadingInset, trailing: design.separatorTrailingInset,
                    rightToLeft: rightToLeft)
                try painter.paint(
                    [.hairline(fromX: span.from, toX: span.to, bottom: height, palette.separator)], on: canvas, at: cellOrigin)
            }
            if design.disclosure {
                // Its tip 17 pt from the trailing edge, 6.5 pt deep.
                let tip = rightToLeft ? design.cellInset + 17 : design.cellInset + cellWidth - 17
                let back = rightToLeft ? tip + 6.5 : tip - 6.5
                let middle = height / 2
                canvas.strokePolyline(
                    [Point(x: back, y: middle - 6.5), Point(x: tip, y: middle), Point(x: back, y: middle + 6.5)],
                    lineWidth: 2, color: palette.chevron)
            }
        }
    }
}

extension TableItem {
    var isTableHeader: Bool {
        if case .tableHeader = self { return true }
        return false
    }
}

import CellCore
import CellStyle
import Graphics

/// Draws a contact sheet: page, blocks, labels, tables and flags; records every label it draws.
struct SheetPainter {
    enum Palette {
        static let page = Color(r: 242, g: 242, b: 247)
        static let truncated = Color(r: 255, g: 59, b: 48)
        static let missingGlyphs = Color(r: 255, g: 149, b: 0)

        static func block(_ look: Appearance) -> Color {
            look == .light ? Color(r: 226, g: 226, b: 232) : Color(r: 44, g: 44, b: 46)
        }
        static func primary(_ look: Appearance) -> Color {
            look == .light ? Color(r: 28, g: 28, b: 30) : Color(r: 242, g: 242, b: 247)
        }
        static func secondary(_ look: Appearance) -> Color {
            look == .light ? Color(r: 108, g: 108, b: 112) : Color(r: 174, g: 174, b: 178)
        }
        static func tableBorder(_ look: Appearance) -> Color {
            look == .light ? Color(r: 199, g: 199, b: 204) : Color(r: 72, g: 72, b: 74)
        }
    }

    let canvas: Canvas
    let text: SheetText
    let size: Size
    private(set) var labels: [SheetLabel] = []

    init(size: Size, scale: Int, text: SheetText) throws(PreviewError) {
        let s = Double(scale)
        do {
            canvas = try Canvas(
                pixelWidth: Int((size.width * s).rounded()), pixelHeight: Int((size.height * s).rounded()), scale: scale)
        } catch {
            throw .graphics(error.description)
        }
        self.text = text
        self.size = size
    }

    func fillPage() {
        canvas.fill(Rect(origin: .zero, size: size), color: Palette.page)
    }

    /// The title, the summary line and the legend of the flags.
    mutating func header(title: TextLayout, titleText: String, summary: String) throws(PreviewError) {
        var y = SheetGeometry.margin
        let x = SheetGeometry.margin
        label(title, text: titleText, role: .title, at: Point(x: x, y: y), appearance: .light, primary: true)
        y += title.roundedSize.height + 4
        let summaryLayout = try text.layout(summary, .small)
        label(summaryLayout, text: summary, role: .summary, at: Point(x: x, y: y), appearance: .light, primary: false)
        y += 16 + 6
        var legendX = x
        for (color, meaning) in [
            (Palette.truncated, "text truncated (maxLines reached)"),
            (Palette.missingGlyphs, "missing glyphs (no font has them)"),
        ] {
            corner(Rect(x: legendX, y: y + 1, width: 14, height: 14), color: color, size: 14)
            canvas.strokeHairlineBorder(Rect(x: legendX, y: y + 1, width: 14, height: 14), color: Palette.tableBorder(.light))
            let layout = try text.layout(meaning, .small)
            label(layout, text: meaning, role: .legend, at: Point(x: legendX + 20, y: y), appearance: .light, primary: false)
            legendX += 20 + layout.roundedSize.width + 24
        }
        let note = "row numbers at the left of each table; a bar beside a number marks a flagged row"
        let layout = try text.layout(note, .small)
        label(layout, text: note, role: .legend, at: Point(x: legendX, y: y), appearance: .light, primary: false)
    }

    func block(_ frame: Rect, appearance: Appearance) {
        canvas.fillRoundedRect(frame, radius: 12, color: Palette.block(appearance))
    }

    /// Draws a prepared label and records it.
    mutating func label(
        _ layout: TextLayout, text: String, role: SheetLabel.Role, at origin: Point, appearance: Appearance, primary: Bool
    ) {
        canvas.draw(layout, at: origin, color: primary ? Palette.primary(appearance) : Palette.secondary(appearance))
        labels.append(SheetLabel(text: text, role: role, frame: Rect(origin: origin, size: layout.measurement.size)))
    }

    /// Copies a variant's table onto the sheet, frames it, numbers its rows and flags the rows with issues.
    mutating func table(_ table: Canvas, frames: VariantFrames) throws(PreviewError) {
        let origin = frames.tableFrame.origin
        let scale = Double(canvas.scale)
        do {
            try canvas.draw(table, atPixelX: Int((origin.x * scale).rounded()), y: Int((origin.y * scale).rounded()))
        } catch {
            throw .graphics(error.description)
        }
        let line = 1 / scale
        let look = frames.variant.appearance
        canvas.strokeHairlineBorder(
            Rect(
                x: origin.x - line, y: origin.y - line, width: frames.tableFrame.width + 2 * line,
                height: frames.tableFrame.height + 2 * line),
            color: Palette.tableBorder(look))
        for row in frames.rows {
            let top = origin.y + row.y
            let truncated = row.issues.contains(where: \.isTruncation)
            let missing = row.issues.contains(where: { !$0.isTruncation })
            let number = try text.layout("\(row.row)", .tiny)
            let numberColor = truncated ? Palette.truncated : missing ? Palette.missingGlyphs : Palette.secondary(look)
            let numberOrigin = Point(x: origin.x - 8 - number.measurement.size.width, y: top + 3)
            canvas.draw(number, at: numberOrigin, color: numberColor)
            labels.append(
                SheetLabel(text: "\(row.row)", role: .rowNumber, frame: Rect(origin: numberOrigin, size: number.measurement.size))
            )
            let bar = Rect(x: origin.x - 5, y: top, width: 2, height: row.height)
            if truncated && missing {
                canvas.fill(Rect(x: bar.x, y: bar.y, width: 2, height: (row.height / 2).rounded()), color: Palette.truncated)
                canvas.fill(
                    Rect(
                        x: bar.x, y: bar.y + (row.height / 2).rounded(), width: 2, height: row.height - (row.height / 2).rounded()
                    ),
                    color: Palette.missingGlyphs)
            } else if truncated || missing {
                canvas.fill(bar, color: truncated ? Palette.truncated : Palette.missingGlyphs)
            }
            let cell = Rect(x: origin.x, y: top, width: frames.tableFrame.width, height: row.height)
            if missing { corner(cell, color: Palette.missingGlyphs, size: truncated ? 18 : 12) }
            if truncated { corner(cell, color: Palette.truncated, size: 12) }
        }
    }

    /// A right triangle in the top-right corner of `rect`.
    func corner(_ rect: Rect, color: Color, size: Double) {
        let side = min(size, rect.width, rect.height)
        canvas.fillPolygon(
            [Point(x: rect.maxX - side, y: rect.y), Point(x: rect.maxX, y: rect.y), Point(x: rect.maxX, y: rect.y + side)],
            color: color)
    }

    func encode() throws(PreviewError) -> [UInt8] {
        do {
            return try canvas.encodePNG()
        } catch {
            throw .graphics(error.description)
        }
    }
}

import CellCore
import Graphics

/// Draws iOS's cell accessories as vectors, sized like UIKit's, 16 pt from the trailing edge.
enum AccessoryPainter {
    /// Draws `glyph` at the trailing edge of `rect`: its right edge, or its left one when
    /// `mirrored` (right to left), where UIKit also turns the disclosure chevron to point left;
    /// the checkmark and the detail button keep their shapes.
    static func draw(_ glyph: AccessoryGlyph, in rect: Rect, color: Color, mirrored: Bool = false, on canvas: Canvas) {
        let midY = rect.y + rect.height / 2
        // The x of a point `inset` points in from the trailing edge.
        func x(_ inset: Double) -> Double { mirrored ? rect.x + inset : rect.maxX - inset }
        switch glyph {
        case .disclosure:
            // A chevron 7 wide and 12 tall, its tip 16 pt from the trailing edge.
            canvas.strokePolyline(
                [Point(x: x(23), y: midY - 6), Point(x: x(16), y: midY), Point(x: x(23), y: midY + 6)], width: 2, color: color)
        case .checkmark:
            let left = mirrored ? rect.x + 16 : rect.maxX - 16 - 14
            canvas.strokePolyline(
                [Point(x: left, y: midY), Point(x: left + 5, y: midY + 5), Point(x: left + 14, y: midY - 6)], width: 2.2,
                color: color)
        case .detailButton:
            let center = Point(x: x(27), y: midY)
            canvas.strokeCircle(center: center, radius: 10.5, width: 1.5, color: color)
            canvas.fillEllipse(Rect(x: center.x - 1.25, y: center.y - 6.5, width: 2.5, height: 2.5), color: color)
            canvas.fill(Rect(x: center.x - 1, y: center.y - 2.5, width: 2, height: 8), color: color)
        }
    }
}

import CellCore
import Graphics

/// Draws iOS's cell accessories as vectors, sized like UIKit's.
enum AccessoryPainter {
    static func draw(_ glyph: AccessoryGlyph, in rect: Rect, color: Color, on canvas: Canvas) {
        let midY = rect.y + rect.height / 2
        switch glyph {
        case .disclosure:
            // A chevron 7 wide and 12 tall, 16pt from the trailing edge.
            let x = rect.maxX - 16 - 7
            canvas.strokePolyline(
                [Point(x: x, y: midY - 6), Point(x: x + 7, y: midY), Point(x: x, y: midY + 6)], width: 2, color: color)
        case .checkmark:
            let x = rect.maxX - 16 - 14
            canvas.strokePolyline(
                [Point(x: x, y: midY), Point(x: x + 5, y: midY + 5), Point(x: x + 14, y: midY - 6)], width: 2.2, color: color)
        case .detailButton:
            let center = Point(x: rect.maxX - 16 - 11, y: midY)
            canvas.strokeCircle(center: center, radius: 10.5, width: 1.5, color: color)
            canvas.fillEllipse(Rect(x: center.x - 1.25, y: center.y - 6.5, width: 2.5, height: 2.5), color: color)
            canvas.fill(Rect(x: center.x - 1, y: center.y - 2.5, width: 2, height: 8), color: color)
        }
    }
}

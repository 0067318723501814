import CellCore

/// A measurer with round numbers, so layout rules can be asserted exactly: every character is
/// `font.size / 2` wide, every line `font.size × 1.25` tall, and text wraps greedily at spaces.
final class GridMeasurer: TextMeasuring {
    final class Prepared: PreparedText {}

    func measure(_ request: TextRequest, width: Double?) throws -> MeasuredText {
        let advance = request.font.size / 2
        let lineHeight = request.font.size * 1.25
        var lines: [String] = []
        var current = ""
        for word in request.text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if let width, Double(candidate.count) * advance > width, !current.isEmpty {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        lines.append(current)
        if request.maxLines > 0 { lines = Array(lines.prefix(request.maxLines)) }
        let metrics = lines.enumerated().map { index, line in
            LineMetrics(
                frame: Rect(x: 0, y: Double(index) * lineHeight, width: Double(line.count) * advance, height: lineHeight),
                baseline: Double(index) * lineHeight + request.font.size)
        }
        let widest = metrics.map(\.frame.width).max() ?? 0
        return MeasuredText(
            size: Size(width: widest, height: Double(lines.count) * lineHeight), lines: metrics, prepared: Prepared())
    }
}

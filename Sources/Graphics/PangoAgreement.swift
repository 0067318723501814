import CellCore

/// Compares `PreparedTextEngine`'s layout of a text with Pango's own, line by line.
public enum PangoAgreement {
    /// The outcome of one comparison.
    public enum Outcome: Equatable, Sendable {
        /// The engine laid the text out and agrees with Pango on every line break, line
        /// rectangle, baseline and the size.
        case equal
        /// The engine left the text to Pango (nothing to compare), with the reason.
        case fallback(String)
        /// The engine disagrees with Pango; the text says where.
        case different(String)
    }

    /// Lays `request` out at `width` with both engines and compares them.
    public static func compare(
        _ request: TextRequest, width: Double?, engine: PreparedTextEngine, pango: TextEngine
    ) throws -> Outcome {
        let measured = try engine.measure(request, width: width)
        guard let prepared = measured.prepared as? PreparedTextLayout else {
            return .fallback(engine.fallbackReason(request, width: width) ?? "measured by Pango")
        }
        let layout = try pango.layout(request, width: width)
        let expected = layout.measurement
        let starts = prepared.lineStarts(measured)
        if layout.lineStartIndices != starts {
            return .different("line starts \(starts), Pango \(layout.lineStartIndices)")
        }
        if expected.lines != measured.lines {
            let index =
                expected.lines.indices.first { $0 >= measured.lines.count || expected.lines[$0] != measured.lines[$0] } ?? 0
            return .different(
                "line \(index + 1): \(measured.lines[index].frame) baseline \(measured.lines[index].baseline), "
                    + "Pango \(expected.lines[index].frame) baseline \(expected.lines[index].baseline)")
        }
        if expected.size != measured.size {
            return .different("size \(measured.size), Pango \(expected.size)")
        }
        return .equal
    }
}

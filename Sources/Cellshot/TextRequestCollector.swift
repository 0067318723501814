import CellCore
import CellLayout
import CellStyle

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lists the texts a layout will measure, so the height engine can prepare them all at once on
/// every core before the rows are laid out one by one.
///
/// The layout runs once over stand-in measurements; a style whose texts depend on measured sizes
/// may ask for other texts in the real layout, which the engine then prepares as they come.
enum TextRequestCollector {
    /// Worker threads for preparation: the machine's cores, at most 8.
    static var preparationThreads: Int { min(8, max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    static func requests(style: ResolvedStyle, rows: [RowInput], width: Double) -> [TextRequest] {
        let recorder = Recorder()
        let engine = LayoutEngine(style: style, measurer: recorder)
        for row in rows { _ = try? engine.layout(row, width: width) }
        return recorder.requests
    }

    private final class Recorder: TextMeasuring {
        var requests: [TextRequest] = []

        func measure(_ request: TextRequest, width: Double?) throws -> MeasuredText {
            requests.append(request)
            return MeasuredText(size: Size(width: 0, height: request.font.size), lines: [], prepared: nil)
        }
    }
}

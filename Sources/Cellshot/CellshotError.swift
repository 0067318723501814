import CellCore
import CellLayout
import CellStyle
import TableCompositor

/// Why a render or a measurement failed, as one clear line for the person who ran it.
public enum CellshotError: Error, Sendable, CustomStringConvertible {
    case invalidOption(String)
    case style(StyleError)
    case data(String)
    case layout(source: String, LayoutError)
    case compositor(CompositorError)
    case graphics(String)
    case output(path: String, message: String)
    /// `--strict` and the text of `source` has warnings (missing glyphs, control characters, cuts).
    case strict(source: String, warnings: [TextDiagnostic])

    public var description: String {
        switch self {
        case .invalidOption(let message): message
        case .style(let error): error.description
        case .data(let message): message
        case .layout(let source, let error): "\(source): \(error)"
        case .compositor(let error): error.description
        case .graphics(let message): message
        case .output(let path, let message): "cannot write \(path): \(message)"
        case .strict(let source, let warnings):
            "\(source): --strict: \(warnings.count) text warning\(warnings.count == 1 ? "" : "s"), the first: "
                + (warnings.first.map(\.description) ?? "")
        }
    }
}

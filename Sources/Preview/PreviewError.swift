import Cellshot

/// Why a preview could not be made, as one clear line (several for a style with several problems).
public enum PreviewError: Error, Sendable, CustomStringConvertible {
    case invalidOption(String)
    /// The sheet cannot fit in one image even with a single row.
    case tooLarge(String)
    case render(CellshotError)
    case graphics(String)

    public var description: String {
        switch self {
        case .invalidOption(let message), .tooLarge(let message), .graphics(let message): message
        case .render(let error): error.description
        }
    }
}

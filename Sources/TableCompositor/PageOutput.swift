import CellCore
import Graphics

/// Where a streamed render's pages go: one sink per page, opened and closed in page order.
///
/// Called from one thread at a time (whichever worker is writing), never concurrently.
public protocol PageOutput: AnyObject {
    /// A sink for page `index` (0-based); `firstRow` is the number of its first data row, if any.
    func beginPage(_ index: Int, firstRow: Int?) throws -> any ByteSink
    /// Page `index` is complete (`pixelHeight` tall): make it durable (commit the file).
    func endPage(_ index: Int, pixelHeight: Int) throws
    /// The render failed: discard every page not yet ended.
    func abandon()
}

/// Progress of a streamed render, reported after each written chunk of items.
public struct RenderProgress: Sendable {
    public var rowsDone: Int
    public var rowsTotal: Int
    public var pagesDone: Int
}

/// What a streamed render produced.
public struct StreamReport: Sendable, Equatable {
    public var rows: Int
    public var pixelWidth: Int
    /// The height of every page written, in order.
    public var pageHeights: [Int]
    /// The row number of the first row on each page (nil for a page without rows).
    public var pageFirstRows: [Int?]
    /// The rows' text diagnostics (warnings and repairs), filled in by the façade.
    public var diagnostics: [TextDiagnostic] = []

    public var pixelCount: Int { pixelWidth * pageHeights.reduce(0, +) }
}

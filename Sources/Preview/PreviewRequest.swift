import CellLayout
import CellStyle

/// What to preview: a style, rows of data, the variant grid and the rendering settings.
public struct PreviewRequest: Sendable {
    public var style: StyleSpec
    /// Names the style and the data in the sheet's title, like `inbox · inbox.json`.
    public var title: String
    public var rows: [RowInput]
    /// The data's name in errors.
    public var source: String
    public var grid: PreviewGrid
    /// Device pixels per point of the sheet and of every table on it.
    public var scale: Int
    public var debugBorders: Bool
    public var imagePolicy: ImagePolicy
    public var separators: SeparatorSettings
    /// At most this many rows go on a sheet unless rows were chosen explicitly (nil: no limit).
    public var maximumRows: Int?

    /// The number of rows a sheet shows when the rows were not chosen.
    public static let defaultMaximumRows = 12

    public init(
        style: StyleSpec, title: String, rows: [RowInput], source: String, grid: PreviewGrid = PreviewGrid(), scale: Int = 2,
        debugBorders: Bool = false, imagePolicy: ImagePolicy = ImagePolicy(), separators: SeparatorSettings = SeparatorSettings(),
        maximumRows: Int? = PreviewRequest.defaultMaximumRows
    ) {
        self.style = style
        self.title = title
        self.rows = rows
        self.source = source
        self.grid = grid
        self.scale = scale
        self.debugBorders = debugBorders
        self.imagePolicy = imagePolicy
        self.separators = separators
        self.maximumRows = maximumRows
    }
}

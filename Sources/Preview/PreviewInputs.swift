import CellLayout
import CellStyle
import Cellshot
import Foundation

/// Where a preview's style and data come from, re-read on every render so edits show.
public struct PreviewInputs: Sendable {
    /// A built-in style name or a style file.
    public var style: String
    /// The data file (`-` reads standard input once, and is not watched).
    public var data: String
    public var format: String?
    /// Only these data rows (1-based, inclusive); nil: all, up to `PreviewRequest.defaultMaximumRows`.
    public var rows: ClosedRange<Int>?
    public var grid: PreviewGrid
    public var scale: Int
    /// The scale of single-variant renders (nil: `scale`).
    public var variantScale: Int?
    public var debugBorders: Bool
    public var allowImagesOutsideData: Bool

    public init(
        style: String, data: String, format: String? = nil, rows: ClosedRange<Int>? = nil, grid: PreviewGrid = PreviewGrid(),
        scale: Int = 2, debugBorders: Bool = false, allowImagesOutsideData: Bool = false
    ) {
        self.style = style
        self.data = data
        self.format = format
        self.rows = rows
        self.grid = grid
        self.scale = scale
        self.debugBorders = debugBorders
        self.allowImagesOutsideData = allowImagesOutsideData
    }

    /// The files whose changes call for a new render: the style file (unless built in) and the data file.
    public var watchedPaths: [String] {
        var paths: [String] = []
        if FileManager.default.fileExists(atPath: style) { paths.append(style) }
        if data != "-" { paths.append(data) }
        return paths
    }

    /// Reads the style and the data now; errors carry the file, line and column.
    public func load() throws(PreviewError) -> (request: PreviewRequest, warnings: [String]) {
        let spec: StyleSpec
        do {
            spec = try StyleSpec.load(nameOrPath: style)
        } catch {
            throw .render(.style(error))
        }
        var input: DataInput
        do {
            input = try DataInput.load(path: data, format: format)
        } catch {
            throw .render(error)
        }
        let total = input.rows.count
        if let rows {
            input.rows = input.rows.filter { rows.contains($0.number) }
            guard !input.rows.isEmpty else {
                throw .invalidOption(
                    "--rows \(rows.lowerBound)..\(rows.upperBound) selects no rows; the data has rows 1..\(total)")
            }
        }
        let dataFolder = data == "-" ? "." : URL(fileURLWithPath: data).deletingLastPathComponent().path
        let styleName = FileManager.default.fileExists(atPath: style) ? URL(fileURLWithPath: style).lastPathComponent : style
        let dataName = data == "-" ? "standard input" : URL(fileURLWithPath: data).lastPathComponent
        let request = PreviewRequest(
            style: spec, title: "\(styleName) · \(dataName)", rows: input.rows, source: input.source, grid: grid, scale: scale,
            debugBorders: debugBorders,
            imagePolicy: ImagePolicy(dataFolder: dataFolder, allowOutsideDataFolder: allowImagesOutsideData),
            maximumRows: rows == nil ? PreviewRequest.defaultMaximumRows : nil)
        return (request, input.warnings)
    }
}

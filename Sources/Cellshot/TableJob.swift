import CellLayout
import CellStyle
import Foundation

/// Everything one table file asks for, loaded and checked: the style, the rows and the options.
///
/// The golden-test machinery renders its cases through this, so a case renders exactly as
/// `cellshot render --table FILE` does.
public struct TableJob: Sendable {
    public var spec: StyleSpec
    public var input: DataInput
    public var options: RenderOptions

    /// Loads the table file at `path` and the style and data it names.
    public static func load(tablePath path: String) throws(CellshotError) -> TableJob {
        let file: TableFile
        do {
            file = try TableFile.load(path: path)
        } catch {
            throw .style(error)
        }
        let dataFolder = URL(fileURLWithPath: file.data).deletingLastPathComponent().path
        let options = RenderOptions(
            width: file.widths.first ?? 375, scale: file.scale ?? 2, debugBorders: file.debugBorders,
            environment: file.environment, imagePolicy: ImagePolicy(dataFolder: dataFolder),
            separators: file.separators, repairCP1252: file.repairCP1252)
        let spec: StyleSpec
        do {
            spec = try StyleSpec.load(nameOrPath: file.style)
        } catch {
            throw .style(error)
        }
        var input = try DataInput.load(path: file.data)
        if let range = file.rows {
            let bounds = range.split(separator: ".", omittingEmptySubsequences: false)
            guard bounds.count == 3, bounds[1].isEmpty, let lower = bounds[0].isEmpty ? 1 : Int(bounds[0]),
                let upper = bounds[2].isEmpty ? Int.max : Int(bounds[2]), lower >= 1, upper >= lower
            else {
                throw .invalidOption("\(path): rows must look like 1..200 with 1 ≤ A ≤ B, got `\(range)`")
            }
            input.rows = input.rows.filter { $0.number >= lower && $0.number <= upper }
            guard !input.rows.isEmpty else { throw .invalidOption("\(path): rows \(range) selects no rows") }
        }
        return TableJob(spec: spec, input: input, options: options)
    }

    /// Renders the table; `debugBorders` overrides the table file's setting when given.
    public func render(debugBorders: Bool? = nil) throws(CellshotError) -> RenderedTable {
        var options = self.options
        if let debugBorders { options.debugBorders = debugBorders }
        return try TableRenderer(style: spec, options: options).render(input.rows, source: input.source)
    }
}

import ArgumentParser
import Cellshot

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Renders the table of the data's rows in a style as a PNG.")

    @OptionGroup var table: TableOptions

    @Option(help: "The table width in points (default 375).")
    var width: Double?

    @Flag(help: "Draw a one-device-pixel border around every laid-out frame.")
    var debugBorders = false

    @Option(name: .shortAndLong, help: "The PNG to write; `-` writes to standard output.")
    var output: String

    func run() throws {
        do {
            var widths: [Double]?
            if let width { widths = [width] }
            let settings = try table.settings(width: widths, debugBorders: debugBorders)
            let input = settings.input
            let renderer = try TableRenderer(style: settings.spec, options: settings.options)
            let rendered = try renderer.render(input.rows, source: input.source)
            for line in DiagnosticSummary.lines(rendered.diagnostics, source: input.source) { printError(line) }
            if output == "-" {
                try OutputFile.writeToStandardOutput(rendered.png)
            } else {
                try OutputFile.write(rendered.png, to: output)
                printError("wrote \(output): \(input.rows.count) rows, \(rendered.pixelWidth) × \(rendered.pixelHeight) px")
            }
        } catch let error as CellshotError {
            throw fail(error)
        }
    }
}

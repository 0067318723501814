import ArgumentParser
import Cellshot

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Renders the table of the data's rows in a style as a PNG.")

    @OptionGroup var table: TableOptions

    @Option(help: "The table width in points.")
    var width: Double = 375

    @Flag(help: "Draw a one-device-pixel border around every laid-out frame.")
    var debugBorders = false

    @Option(name: .shortAndLong, help: "The PNG to write; `-` writes to standard output.")
    var output: String

    func run() throws {
        do {
            let environment = try table.environment()
            let options = RenderOptions(
                width: width, scale: table.scale, debugBorders: debugBorders, environment: environment,
                textEngine: try table.textEngine())
            try options.validate()
            let (spec, input) = try table.load()
            let renderer = try TableRenderer(style: spec, options: options)
            let rendered = try renderer.render(input.rows, source: input.source)
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

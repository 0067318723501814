import ArgumentParser
import CellCore
import Cellshot

struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure", abstract: "Prints every row's height at each width, without rendering pixels.")

    @OptionGroup var table: TableOptions

    @Option(help: "Widths in points, comma-separated, like 320,375,768.")
    var width: String = "375"

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        do throws(CellshotError) {
            let widths = try width.split(separator: ",").map { text throws(CellshotError) -> Double in
                guard let value = Double(text.trimmingCharacters(in: " ")) else {
                    throw .invalidOption("--width must be numbers separated by commas, got `\(width)`")
                }
                return value
            }
            let environment = try table.environment()
            let (spec, input) = try table.load()
            var columns: [[RowMeasurement]] = []
            // One renderer for every width: the height engine prepares each text once.
            let renderer = try TableRenderer(
                style: spec,
                options: RenderOptions(
                    width: widths.first ?? 375, scale: table.scale, environment: environment, textEngine: try table.textEngine()))
            for value in widths {
                columns.append(try renderer.measure(input.rows, width: value, source: input.source))
            }
            print(json ? jsonText(widths: widths, columns: columns) : plainText(widths: widths, columns: columns))
        } catch {
            throw fail(error)
        }
    }

    func plainText(widths: [Double], columns: [[RowMeasurement]]) -> String {
        var lines = ["row\t" + widths.map { "w\(formatPoints($0))" }.joined(separator: "\t")]
        for (index, first) in (columns.first ?? []).enumerated() {
            lines.append("\(first.row)\t" + columns.map { formatPoints($0[index].roundedHeight) }.joined(separator: "\t"))
        }
        return lines.joined(separator: "\n")
    }

    func jsonText(widths: [Double], columns: [[RowMeasurement]]) -> String {
        let entries = zip(widths, columns).map { width, rows in
            let heights = rows.map {
                "{\"row\":\($0.row),\"height\":\(formatPoints($0.height)),\"rounded\":\(formatPoints($0.roundedHeight))}"
            }
            return "{\"width\":\(formatPoints(width)),\"scale\":\(table.scale),\"rows\":[\(heights.joined(separator: ","))]}"
        }
        return "[\(entries.joined(separator: ","))]"
    }
}

extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        String(drop(while: { $0 == set }).reversed().drop(while: { $0 == set }).reversed())
    }
}

import ArgumentParser
import CellCore
import CellLayout
import Cellshot

struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Prints every row's height at each width, without rendering pixels.",
        discussion: """
            Heights are the ones `render` places rows at: the content height rounded up to whole device \
            pixels at --scale. --json and --csv also give the unrounded content height; --frames adds \
            every element's frame (points, cell coordinates) and line count.
            """)

    @OptionGroup var table: TableOptions

    @Option(help: "Widths in points, comma-separated, like 320,375,768 (default 375).")
    var width: String?

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @Flag(help: "Print CSV (one line per width and row, or per frame with --frames).")
    var csv = false

    @Flag(help: "Also print each element's frame and line count.")
    var frames = false

    func run() throws {
        do {
            guard !(json && csv) else { throw CellshotError.invalidOption("--json and --csv cannot be combined") }
            var requested: [Double]?
            if let width {
                requested = try width.split(separator: ",", omittingEmptySubsequences: false).map {
                    text throws(CellshotError) -> Double in
                    guard let value = Double(text.trimmingCharacters(in: " ")) else {
                        throw .invalidOption("--width must be numbers separated by commas, got `\(width)`")
                    }
                    return value
                }
            }
            let settings = try table.settings(width: requested, debugBorders: false)
            let widths = settings.widths
            let input = settings.input
            var columns: [Column] = []
            var renderer: TableRenderer?
            for value in widths {
                var options = settings.options
                options.width = value
                let current = try renderer?.reflowed(options) ?? TableRenderer(style: settings.spec, options: options)
                renderer = current
                let layouts = try current.layout(input.rows, source: input.source)
                columns.append(Column(width: value, layouts: layouts, heights: layouts.map(current.measurement)))
            }
            var seen = Set<TextDiagnostic>()
            let diagnostics = columns.flatMap { $0.layouts.flatMap(\.diagnostics) }.filter { seen.insert($0).inserted }
            for line in DiagnosticSummary.lines(diagnostics, source: input.source) { printError(line) }
            let text =
                json
                ? MeasureFormat.json(columns, scale: settings.options.scale, frames: frames)
                : csv ? MeasureFormat.csv(columns, frames: frames) : MeasureFormat.plain(columns, frames: frames)
            print(text)
        } catch let error as CellshotError {
            throw fail(error)
        }
    }
}

/// One width's measurements.
struct Column {
    var width: Double
    var layouts: [RowLayout]
    var heights: [RowMeasurement]
}

/// The output formats of `cellshot measure`.
enum MeasureFormat {
    static func plain(_ columns: [Column], frames: Bool) -> String {
        guard frames else {
            var lines = ["row\t" + columns.map { "w\(formatPoints($0.width))" }.joined(separator: "\t")]
            for (index, first) in (columns.first?.heights ?? []).enumerated() {
                lines.append(
                    "\(first.row)\t" + columns.map { formatPoints($0.heights[index].roundedHeight) }.joined(separator: "\t"))
            }
            return lines.joined(separator: "\n")
        }
        var lines: [String] = []
        for column in columns {
            for (layout, height) in zip(column.layouts, column.heights) {
                lines.append(
                    "width \(formatPoints(column.width)) row \(layout.rowNumber) height \(formatPoints(height.roundedHeight))")
                lines.append(layout.root.dump(indent: 1))
            }
        }
        return lines.joined(separator: "\n")
    }

    static func csv(_ columns: [Column], frames: Bool) -> String {
        var lines = [frames ? "width,row,kind,id,x,y,w,h,lines" : "width,row,height,rounded_height"]
        for column in columns {
            let width = formatPoints(column.width)
            for (layout, height) in zip(column.layouts, column.heights) {
                guard frames else {
                    lines.append(
                        "\(width),\(layout.rowNumber),\(formatPoints(height.height)),\(formatPoints(height.roundedHeight))")
                    continue
                }
                for node in layout.root.allNodes {
                    let f = node.frame
                    let fields = [
                        width, String(layout.rowNumber), node.kind.rawValue, csvField(node.id ?? ""), formatPoints(f.x),
                        formatPoints(f.y), formatPoints(f.width), formatPoints(f.height),
                        node.measuredText.map { String($0.lineCount) } ?? "",
                    ]
                    lines.append(fields.joined(separator: ","))
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ columns: [Column], scale: Int, frames: Bool) -> String {
        let entries = columns.map { column in
            let rows = zip(column.layouts, column.heights).map { layout, height in
                var entry =
                    "{\"row\":\(height.row),\"height\":\(formatPoints(height.height)),\"rounded\":\(formatPoints(height.roundedHeight))"
                if frames {
                    entry += ",\"frames\":[" + layout.root.allNodes.map(frameJSON).joined(separator: ",") + "]"
                }
                return entry + "}"
            }
            return "{\"width\":\(formatPoints(column.width)),\"scale\":\(scale),\"rows\":[\(rows.joined(separator: ","))]}"
        }
        return "[\(entries.joined(separator: ","))]"
    }

    static func frameJSON(_ node: LayoutNode) -> String {
        let f = node.frame
        var text = "{\"kind\":\"\(node.kind.rawValue)\""
        if let id = node.id { text += ",\"id\":\(jsonString(id))" }
        text +=
            ",\"x\":\(formatPoints(f.x)),\"y\":\(formatPoints(f.y)),\"width\":\(formatPoints(f.width)),\"height\":\(formatPoints(f.height))"
        if let measured = node.measuredText {
            text += ",\"lines\":\(measured.lineCount)"
            if measured.isTruncated { text += ",\"truncated\":true" }
        }
        return text + "}"
    }

    static func jsonString(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func csvField(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        String(drop(while: { $0 == set }).reversed().drop(while: { $0 == set }).reversed())
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

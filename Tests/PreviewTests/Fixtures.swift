import CellLayout
import CellStyle
import Foundation
import Preview

/// Small styles and rows the preview tests build on, written to a fresh folder per test.
enum Fixtures {
    /// A one-line text with an ellipsis: long rows truncate at every width.
    static let oneLineStyle = """
        name: one-line
        description: A single line of 15pt text that truncates.
        background: systemBackground
        content:
          padding:
            insets: 12
            child:
              text: { id: body, value: "{text}", font: { size: 15 }, color: label, maxLines: 1 }

        """

    static let longText = String(repeating: "A sentence long enough to need more than one line at any width. ", count: 6)

    static var rows: [RowInput] {
        [
            RowInput(number: 1, fields: ["text": "Short"]),
            RowInput(number: 2, fields: ["text": longText]),
            RowInput(number: 3, fields: ["text": "Private use \u{F0000} has no glyph"]),
        ]
    }

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cellshot-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func oneLineSpec() throws -> StyleSpec {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("one-line.yaml").path
        try oneLineStyle.write(toFile: path, atomically: true, encoding: .utf8)
        return try StyleSpec.load(nameOrPath: path)
    }

    static let smallGrid = PreviewGrid(widths: [320, 375], contentSizes: [.large, .ax3], appearances: [.light, .dark])
}

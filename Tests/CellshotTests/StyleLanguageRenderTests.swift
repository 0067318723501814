import CellLayout
import CellStyle
import Foundation
import Testing

@testable import Cellshot

@Suite struct StyleLanguageRenderTests {
    let rows = [
        RowInput(number: 1, fields: ["text": "Hello there", "caption": "Cap", "tag": "NEW", "author": "Ada Lovelace"]),
        RowInput(number: 2, fields: ["text": "A longer text that wraps onto a second line at this width, surely.", "tag": "T"]),
    ]

    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cellshot-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A designer's copy of a built-in renders exactly like the built-in.
    @Test(arguments: BuiltinStyles.names) func builtinRendersIdenticallyFromACopyOnDisk(_ name: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("\(name).yaml")
        try #require(BuiltinStyles.source(named: name)).write(to: copy, atomically: true, encoding: .utf8)
        let builtin = try TableRenderer(style: try #require(try BuiltinStyles.spec(named: name))).render(rows)
        let fromDisk = try TableRenderer(style: try StyleSpec.load(nameOrPath: copy.path)).render(rows)
        #expect(builtin.png == fromDisk.png)
    }

    @Test func brandFontFilesJoinThePinnedSet() throws {
        let serif = "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf"
        guard FileManager.default.fileExists(atPath: serif) else {
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("\(serif) is missing (fonts-noto-core)") }
            return
        }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: serif, toPath: folder.appendingPathComponent("Brand.ttf").path)
        let style = { (family: String) in
            "name: brand\nfonts: [Brand.ttf]\ncontent: { text: { id: t, value: \"{text}\", font: { family: \(family), size: 20 } } }"
        }
        try style("Noto Serif").write(to: folder.appendingPathComponent("good.yaml"), atomically: true, encoding: .utf8)
        try style("Noto Serf").write(to: folder.appendingPathComponent("typo.yaml"), atomically: true, encoding: .utf8)
        let good = try TableRenderer(style: try StyleSpec.load(nameOrPath: folder.appendingPathComponent("good.yaml").path))
        let inter = try TableRenderer(
            style: try StyleDecoder.decode(style("Inter"), source: "inter.yaml", baseFolder: folder.path))
        let serifWidth = try good.layout(rows).first?.root.allNodes.first { $0.id == "t" }?.measuredText?.size.width
        let interWidth = try inter.layout(rows).first?.root.allNodes.first { $0.id == "t" }?.measuredText?.size.width
        #expect(serifWidth != nil && serifWidth != interWidth)
        #expect(throws: CellshotError.self) {
            try TableRenderer(style: try StyleSpec.load(nameOrPath: folder.appendingPathComponent("typo.yaml").path))
        }
        do {
            _ = try TableRenderer(style: try StyleSpec.load(nameOrPath: folder.appendingPathComponent("typo.yaml").path))
        } catch {
            #expect("\(error)".contains("unknown font family `Noto Serf`"))
            #expect("\(error)".contains("did you mean `Noto Serif`?"))
            #expect("\(error)".contains("typo.yaml:3:"))
        }
    }

    @Test func fieldsNoRowHasAreWarnedAbout() throws {
        let input = DataInput(source: "rows.json", rows: [RowInput(number: 1, fields: ["txt": "a", "tag": "b"])], warnings: [])
        let warnings = input.unboundFieldWarnings(for: try #require(try BuiltinStyles.spec(named: "tagged")))
        #expect(warnings == ["rows.json: style `tagged` reads field `text`, which no row has; did you mean `txt`?"])
    }
}

@Suite struct LocaleTests {
    /// The locale is the text's language: Noto Sans CJK draws 直 and 骨 in their Japanese or
    /// Chinese forms, so the pixels differ while the layout (full-width glyphs) does not.
    @Test func localePicksCJKGlyphForms() throws {
        let style = try #require(try BuiltinStyles.spec(named: "label"))
        let rows = [RowInput(number: 1, fields: ["text": "直骨述"])]
        func render(_ locale: String?) throws -> RenderedTable {
            try TableRenderer(style: style, options: RenderOptions(environment: StyleEnvironment(locale: locale))).render(rows)
        }
        let japanese = try render("ja")
        let chinese = try render("zh-Hans")
        #expect(japanese.png != chinese.png)
        #expect(japanese.pixelHeight == chinese.pixelHeight)
        #expect(try render("ja").png == japanese.png)
    }
}

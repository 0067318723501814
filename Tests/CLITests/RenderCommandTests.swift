import Foundation
import Testing

@Suite struct RenderCommandTests {
    @Test func rendersADeterministicPNG() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("a.png").path
        let second = folder.appendingPathComponent("b.png").path
        for path in [first, second] {
            let result = try CLI.run(["render", "--style", "tagged", "--data", "Goldens/data/tagged.yaml", "-o", path])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let a = try Data(contentsOf: URL(fileURLWithPath: first))
        let b = try Data(contentsOf: URL(fileURLWithPath: second))
        #expect(a == b)
        let size = try #require(pngSize(a))
        #expect(size.width == 750)
        #expect(!a.contains("tIME".data(using: .ascii)!))
    }

    @Test func readsStandardInputAndWritesStandardOutput() throws {
        let json = Data(#"["Hello", "World"]"#.utf8)
        let result = try CLI.run(["render", "--style", "label", "--data", "-", "-o", "-", "--scale", "1"], input: json)
        #expect(result.status == 0, "\(result.stderr)")
        let size = try #require(pngSize(result.stdout))
        #expect(size == (375, 128))
    }

    @Test func stylesListsTheBuiltins() throws {
        let result = try CLI.run(["styles"])
        let names = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map { $0.split(separator: " ")[0] }
        #expect(names == ["caption-text", "label", "numbered-line", "quotation", "tagged"])
        let shown = try CLI.run(["styles", "--show", "label"])
        #expect(String(decoding: shown.stdout, as: UTF8.self).hasPrefix("name: label\n"))
    }

    @Test func fontsListsThePinnedSetAndVersions() throws {
        let result = try CLI.run(["fonts"])
        let text = String(decoding: result.stdout, as: UTF8.self)
        #expect(result.status == 0)
        #expect(text.contains("pango 1."))
        #expect(text.contains("cairo 1."))
        #expect(text.contains("/Inter-Regular.otf"))
        #expect(text.contains("/NotoColorEmoji.ttf"))
        #expect(!text.contains("DejaVu"))
    }

    @Test func measurePrintsHeightsPerWidth() throws {
        let result = try CLI.run(["measure", "--style", "label", "--data", "Goldens/data/label.txt", "--width", "320,375"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n")
        #expect(lines.first == "row\tw320\tw375")
        #expect(lines.count == 5)
        #expect(lines[1] == "1\t64\t64")
    }
}

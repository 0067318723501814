import Foundation
import Testing

@Suite struct MeasureCommandTests {
    func run(_ arguments: [String], input: Data? = nil) throws -> (status: Int32, out: String, err: String) {
        let result = try CLI.run(arguments, input: input)
        return (result.status, String(decoding: result.stdout, as: UTF8.self), result.stderr)
    }

    @Test func csvHasOneLinePerWidthAndRow() throws {
        let result = try run(["measure", "--style", "label", "--data", "Goldens/data/label.txt", "--width", "320,768", "--csv"])
        #expect(result.status == 0, "\(result.err)")
        let lines = result.out.split(separator: "\n")
        #expect(lines.first == "width,row,height,rounded_height")
        #expect(lines.count == 1 + 2 * 4)
        #expect(lines[1].hasPrefix("320,1,"))
        #expect(lines[5].hasPrefix("768,1,"))
    }

    @Test func framesGiveEveryElementWithLineCounts() throws {
        let result = try run([
            "measure", "--style", "tagged", "--data", "Goldens/data/tagged.yaml", "--width", "320", "--json", "--frames",
        ])
        #expect(result.status == 0, "\(result.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
        let rows = try #require(json.first?["rows"] as? [[String: Any]])
        let frames = try #require(rows.first?["frames"] as? [[String: Any]])
        #expect(frames.first?["kind"] as? String == "cell")
        #expect(frames.first?["height"] as? Double == rows.first?["height"] as? Double)
        let text = try #require(frames.first { $0["id"] as? String == "text" })
        #expect(text["lines"] as? Int == 1)
        #expect(text["width"] as? Double == 288)
        let csv = try run([
            "measure", "--style", "tagged", "--data", "Goldens/data/tagged.yaml", "--width", "320", "--csv", "--frames",
        ])
        #expect(csv.out.split(separator: "\n").first == "width,row,kind,id,x,y,w,h,lines")
        #expect(csv.out.contains("\n320,1,text,text,16,10,288,"))
        let plain = try run(["measure", "--style", "tagged", "--data", "Goldens/data/tagged.yaml", "--frames"])
        #expect(plain.out.contains("width 375 row 1 height "))
        #expect(plain.out.contains("    text#text (16, 10, 343, "))
    }

    @Test func contentSizeChangesHeights() throws {
        let large = try run(["measure", "--style", "numbered-line", "--data", "Goldens/data/numbered-line.plist", "--csv"])
        let ax5 = try run([
            "measure", "--style", "numbered-line", "--data", "Goldens/data/numbered-line.plist", "--csv", "--content-size", "AX5",
        ])
        func heights(_ out: String) -> [Double] {
            out.split(separator: "\n").dropFirst().map { Double($0.split(separator: ",")[3])! }
        }
        #expect(heights(large.out).count == heights(ax5.out).count)
        for (small, big) in zip(heights(large.out), heights(ax5.out)) { #expect(big > small) }
    }

    /// The script goldens' data draws with no unknown glyph: measuring it warns about nothing.
    @Test(arguments: ["arabic-hebrew.json", "cjk-emoji.json"]) func scriptDataHasNoTofu(_ data: String) throws {
        let result = try run([
            "measure", "--style", "Goldens/styles/natural-label.yaml", "--data", "Goldens/data/" + data, "--strict",
        ])
        #expect(result.status == 0)
        #expect(result.err.isEmpty, "\(result.err)")
        #expect(result.out.split(separator: "\n").count == 5)
    }

    static let u0097 = Data(#"["An em\u0097dash", "plain", "two\u0097more\u0097"]"#.utf8)

    @Test func warningsAreAggregatedOnStandardError() throws {
        let result = try run(["measure", "--style", "label", "--data", "-"], input: Self.u0097)
        #expect(result.status == 0)
        #expect(result.out.split(separator: "\n").count == 4)
        #expect(
            result.err
                == "warning: <stdin>: control character U+0097, 3× in 2 rows (1, 3), element `label`; drawn as a box; "
                + "--repair-cp1252 maps it to U+2014 —\n")
    }

    @Test func repairReportsHowManyItRepaired() throws {
        let result = try run(["measure", "--style", "label", "--data", "-", "--repair-cp1252"], input: Self.u0097)
        #expect(result.status == 0)
        #expect(
            result.err
                == "note: <stdin>: --repair-cp1252 repaired 3 characters mis-decoded from Windows-1252 in 2 rows (1, 3), "
                + "element `label`\n")
    }

    @Test func strictFailsWithoutOutput() throws {
        let measured = try run(["measure", "--style", "label", "--data", "-", "--strict"], input: Self.u0097)
        #expect(measured.status == 1)
        #expect(measured.out.isEmpty)
        #expect(measured.err.contains("error: <stdin>: --strict: 2 text warnings"))
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.png")
        let rendered = try run(["render", "--style", "label", "--data", "-", "--strict", "-o", output.path], input: Self.u0097)
        #expect(rendered.status == 1)
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let repaired = try run(
            ["render", "--style", "label", "--data", "-", "--strict", "--repair-cp1252", "-o", output.path], input: Self.u0097)
        #expect(repaired.status == 0, "\(repaired.err)")
        #expect(FileManager.default.fileExists(atPath: output.path))
    }

    @Test func strictFailsOnDataWarningsToo() throws {
        let bytes = Data(Array("good line\nbad ".utf8) + [0xFF] + Array(" byte\n".utf8))
        let plain = try run(["measure", "--style", "label", "--data", "-", "--format", "text"], input: bytes)
        #expect(plain.status == 0)
        #expect(plain.err.contains("row 2, field `text`: invalid UTF-8 replaced with U+FFFD"))
        let strict = try run(["measure", "--style", "label", "--data", "-", "--format", "text", "--strict"], input: bytes)
        #expect(strict.status == 1)
        #expect(strict.out.isEmpty)
        #expect(strict.err.contains("error: --strict: the data has 1 warning(s)"))
    }

    /// `measure` gives exactly the heights `render` places rows at: on the Huckleberry set, each
    /// chunk's PNG is as tall as the sum of the measured heights of its rows.
    @Test func measureAndRenderAgreeOnHuckleberry() throws {
        let path = CLI.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data/huckleberry.plist").path
        guard FileManager.default.fileExists(atPath: path) else {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                Issue.record("\(path) is missing, and CI is set: the shared data must be present")
            } else {
                print("skipping: \(path) is absent (this test needs ../shared beside the project)")
            }
            return
        }
        let measured = try run(["measure", "--style", "numbered-line", "--data", path, "--scale", "1", "--csv"])
        #expect(measured.status == 0, "\(measured.err)")
        let heights = measured.out.split(separator: "\n").dropFirst().map { Int(Double($0.split(separator: ",")[3])!) }
        #expect(heights.count == 1997)
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("chunk.png")
        var start = 0
        while start < heights.count {
            // Rows until the chunk would pass Cairo's 32,767-pixel limit.
            var end = start
            var sum = 0
            while end < heights.count, sum + heights[end] <= 32_000 {
                sum += heights[end]
                end += 1
            }
            let rendered = try run([
                "render", "--style", "numbered-line", "--data", path, "--scale", "1", "--rows", "\(start + 1)..\(end)", "-o",
                output.path,
            ])
            #expect(rendered.status == 0, "\(rendered.err)")
            let size = try #require(pngSize(try Data(contentsOf: output)))
            #expect(size.height == sum, "rows \(start + 1)..\(end)")
            start = end
        }
    }
}

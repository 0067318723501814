import Foundation
import ImageDiff
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Bad inputs through the real binary: each has a defined answer (a clear one-line error and a
/// non-zero exit with the output untouched, or an image with a warning naming the row).
@Suite(.timeLimit(.minutes(3))) struct HardeningCLITests {
    struct Outcome {
        var result: CLI.Result
        var output: Data?
        var folder: URL
        var message: String { result.stderr.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    static let previous = Data("previous contents".utf8)

    /// Runs `render` on `data` written as `name` in a fresh folder, over an existing output file.
    static func render(
        _ arguments: [String], data: [UInt8]?, name: String = "rows.json", style: String = "label",
        environment: [String: String] = [:], prepare: (URL) throws -> Void = { _ in }
    ) throws -> Outcome {
        let folder = try CLI.temporaryFolder()
        let style = style.replacingOccurrences(of: "{folder}", with: folder.path)
        var all = ["render", "--style", style] + arguments.map { $0.replacingOccurrences(of: "{folder}", with: folder.path) }
        if let data {
            let path = folder.appendingPathComponent(name)
            try Data(data).write(to: path)
            all += ["--data", path.path]
        }
        try prepare(folder)
        let output = folder.appendingPathComponent("out.png")
        try previous.write(to: output)
        let result = try CLI.run(all + ["-o", output.path], environment: environment)
        return Outcome(result: result, output: try? Data(contentsOf: output), folder: folder)
    }

    /// A clean failure: one line holding every fragment, non-zero exit, the output untouched and
    /// no temporary file left behind.
    static func expectRefused(_ outcome: Outcome, _ fragments: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(outcome.result.status == 1, sourceLocation: sourceLocation)
        #expect(outcome.message.split(separator: "\n").count == 1, "one line: \(outcome.message)", sourceLocation: sourceLocation)
        #expect(outcome.message.hasPrefix("error: "), "\(outcome.message)", sourceLocation: sourceLocation)
        for fragment in fragments {
            #expect(outcome.message.contains(fragment), "\(outcome.message)", sourceLocation: sourceLocation)
        }
        let untouched = outcome.output == previous  // a Bool: #expect would diff large Data values on failure
        #expect(untouched, "the output file changed", sourceLocation: sourceLocation)
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: outcome.folder.path))?.filter {
            $0.contains(".cellshot-")
        }
        #expect(leftovers == [], sourceLocation: sourceLocation)
    }

    /// Success: a decodable PNG of the size given, and exactly the warnings given.
    static func expectRendered(
        _ outcome: Outcome, width: Int, height: Int? = nil, warnings: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(outcome.result.status == 0, "\(outcome.message)", sourceLocation: sourceLocation)
        let lines = outcome.message.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("warning: ") } == warnings, sourceLocation: sourceLocation)
        let png = try #require(outcome.output, sourceLocation: sourceLocation)
        let image = try PNGDecoder.decode([UInt8](png))
        #expect(image.width == width, sourceLocation: sourceLocation)
        if let height { #expect(image.height == height, sourceLocation: sourceLocation) }
    }

    // MARK: data

    struct DataCase: CustomTestStringConvertible, Sendable {
        var name: String
        var file: String
        var bytes: [UInt8]
        var expected: [String]
        var testDescription: String { name }
    }

    static let badData: [DataCase] = [
        DataCase(name: "malformed YAML", file: "rows.yaml", bytes: Array("- a: [1\n- b".utf8), expected: ["rows.yaml:3:1: "]),
        DataCase(
            name: "malformed CSV", file: "rows.csv", bytes: Array("a,b\n1,\"2\n".utf8),
            expected: ["rows.csv:2:3: row 1: unterminated quoted field"]),
        DataCase(
            name: "malformed plist", file: "rows.plist", bytes: Array("<plist><array><string>a</string>\n<dict>\n</plist>".utf8),
            expected: ["rows.plist:3: invalid property list"]),
        DataCase(
            name: "100,000-deep JSON", file: "rows.json", bytes: Array(repeating: UInt8(ascii: "["), count: 100_000),
            expected: ["rows.json:1:2: row 1: expected an object or a string, found an array"]),
        DataCase(
            name: "100,000-deep YAML", file: "rows.yaml", bytes: Array(repeating: UInt8(ascii: "["), count: 100_000),
            expected: ["rows.yaml:1:65: nesting deeper than 64 levels (the limit)"]),
        DataCase(name: "empty JSON array", file: "rows.json", bytes: Array("[]".utf8), expected: ["the data has no rows"]),
        DataCase(name: "CSV header only", file: "rows.csv", bytes: Array("text\n".utf8), expected: ["the data has no rows"]),
        DataCase(name: "empty text file", file: "rows.txt", bytes: [], expected: ["the data has no rows"]),
    ]

    @Test(arguments: badData) func badDataIsRefused(_ item: DataCase) throws {
        let outcome = try Self.render([], data: item.bytes, name: item.file)
        defer { try? FileManager.default.removeItem(at: outcome.folder) }
        Self.expectRefused(outcome, item.expected)
    }

    /// A 2 GB file (sparse: no disk used) is refused by its size before a byte is read.
    @Test func twoGigabyteFileIsRefusedBySize() throws {
        let outcome = try Self.render(["--data", "{folder}/huge.json"], data: nil) { folder in
            let path = folder.appendingPathComponent("huge.json")
            FileManager.default.createFile(atPath: path.path, contents: nil)
            let handle = try FileHandle(forWritingTo: path)
            try handle.truncate(atOffset: 2 << 30)
            try handle.close()
        }
        defer { try? FileManager.default.removeItem(at: outcome.folder) }
        Self.expectRefused(outcome, ["huge.json: the input is 2147483648 bytes, more than the limit of 268435456 bytes"])
    }

    /// A byte-order mark and CRLF line ends are accepted in every text format.
    @Test(arguments: [
        ("rows.json", "[\"a\",\r\n\"b\"]\r\n"), ("rows.csv", "text\r\na\r\nb\r\n"), ("rows.yaml", "- a\r\n- b\r\n"),
        ("rows.txt", "a\r\nb\r\n"),
    ])
    func byteOrderMarkAndCRLFAreAccepted(_ file: String, _ text: String) throws {
        let outcome = try Self.render([], data: [0xEF, 0xBB, 0xBF] + Array(text.utf8), name: file)
        defer { try? FileManager.default.removeItem(at: outcome.folder) }
        try Self.expectRendered(outcome, width: 750, height: 256)
    }

    /// Damaged text is drawn (never truncated at a NUL) and reported with its row and field.
    @Test func damagedTextIsDrawnWithAWarningNamingTheRow() throws {
        let json =
            Array(#"[{"text": "a\u0000b\u0007c"}, {"text": "\ud800 lone"}, {"text": "bad "#.utf8) + [0xFF] + Array(#""}]"#.utf8)
        let outcome = try Self.render([], data: json)
        defer { try? FileManager.default.removeItem(at: outcome.folder) }
        let path = outcome.folder.appendingPathComponent("rows.json").path
        try Self.expectRendered(
            outcome, width: 750, height: 384,
            warnings: [
                "warning: \(path): row 2, field `text`: lone surrogate escape replaced with U+FFFD",
                "warning: \(path): row 3, field `text`: invalid UTF-8 replaced with U+FFFD",
                "warning: \(path): control character U+0000, 1× in row 1, element `label`; drawn as a box",
                "warning: \(path): control character U+0007, 1× in row 1, element `label`; drawn as a box",
            ])
    }

    // MARK: table files

    @Test(arguments: [
        ("width: [.nan, 1e9]\nbogus: 1\n", "t.yaml:3:9: width[0]: expected a number, found `.nan`"),
        ("width: 1e9\n", "t.yaml:3:8: width: 1000000000 is out of range; expected 1 to 10000"),
        ("separators: { leadingInset: .nan }\n", "t.yaml:3:29: separators.leadingInset: expected a number, found `.nan`"),
        ("width: " + String(repeating: "[", count: 100_000) + "\n", "t.yaml:3:"),
    ])
    func badTableFileIsRefused(_ body: String, _ expected: String) throws {
        let outcome = try Self.render(["--table", "{folder}/t.yaml"], data: nil, style: "label") { folder in
            try Data("[\"a\"]".utf8).write(to: folder.appendingPathComponent("rows.json"))
            try ("style: label\ndata: rows.json\n" + body).write(
                to: folder.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        }
        defer { try? FileManager.default.removeItem(at: outcome.folder) }
        #expect(outcome.result.status == 1)
        #expect(
            outcome.message.hasPrefix("error: \(outcome.folder.path)/\(expected)") || outcome.message.contains(expected),
            "\(outcome.message)")
        let untouched = outcome.output == Self.previous
        #expect(untouched)
    }

    // MARK: geometry

    /// `--width nan` and `--width 1e300` once crashed the message that refuses them.
    @Test(arguments: [("nan", "got nan"), ("inf", "got inf"), ("1e300", "--width 1e+300 is absurd"), ("-1e20", "got -1e+20")])
    func impossibleWidthIsRefused(_ width: String, _ expected: String) throws {
        let outcome = try Self.render(["--width=\(width)"], data: Array("[\"a\"]".utf8))
        defer { try? FileManager.default.removeItem(at: outcome.folder) }
        Self.expectRefused(outcome, ["--width", expected])
    }

    @Test(arguments: [("0", "--scale must be 1, 2 or 3"), ("100", "--scale must be 1, 2 or 3")])
    func impossibleScaleIsRefused(_ scale: String, _ expected: String) throws {
        let outcome = try Self.render(["--scale", scale], data: Array("[\"a\"]".utf8))
        defer { try? FileManager.default.removeItem(at: outcome.folder) }
        Self.expectRefused(outcome, [expected, "got \(scale)"])
    }

    /// One row taller than one image: no `--rows` can help, so the message names the row instead.
    /// A single row taller than one Cairo image streams into one PNG (its text cut at the
    /// 2,000-line limit, with a warning) instead of being refused.
    @Test func singleRowTallerThanAnImageStreams() throws {
        let text = String(repeating: "x\n", count: 3_000)
        let json = try JSONSerialization.data(withJSONObject: ["short", text])
        let outcome = try Self.render(["--scale", "1"], data: [UInt8](json))
        defer { try? FileManager.default.removeItem(at: outcome.folder) }
        #expect(outcome.result.status == 0, "\(outcome.message)")
        #expect(outcome.message.contains("row 2, element `label`: cut at the limit of 2000 lines"))
        let image = try PNGDecoder.decode([UInt8](#require(outcome.output)))
        #expect(image.height > 32_767)
    }

    static let pointStyle = "name: dot\ndescription: one point\ncontent: { spacer: { size: 1 } }\n"

    @Test func oneByOneTableIsAValidImage() throws {
        let outcome = try Self.render(
            ["--width", "1", "--scale", "1"], data: Array("[\"a\"]".utf8), style: "{folder}/dot.yaml",
            prepare: { try Self.pointStyle.write(to: $0.appendingPathComponent("dot.yaml"), atomically: true, encoding: .utf8) })
        defer { try? FileManager.default.removeItem(at: outcome.folder) }
        try Self.expectRendered(outcome, width: 1, height: 1)
        let image = try PNGDecoder.decode([UInt8](#require(outcome.output)))
        #expect(image.pixel(x: 0, y: 0) == RGBA(r: 255, g: 255, b: 255))
    }

    @Test func zeroHeightRowsAreRefusedNotDrawnAsAnEmptyImage() throws {
        let outcome = try Self.render([], data: Array("[\"a\"]".utf8), style: "{folder}/zero.yaml") { folder in
            try "name: zero\ndescription: nothing\ncontent: { spacer: { size: 0 } }\n".write(
                to: folder.appendingPathComponent("zero.yaml"), atomically: true, encoding: .utf8)
        }
        defer { try? FileManager.default.removeItem(at: outcome.folder) }
        Self.expectRefused(outcome, ["rows.json: every row is 0 points tall in this style; there is nothing to draw"])
    }

    // MARK: text traps (behaviour only; the limits themselves belong to the text engine)

    /// A text that Pango would take minutes over is answered within the suite's time guard: an
    /// image with a warning naming the row and what was cut, or a clear error naming the row.
    static func expectTextTrapAnswered(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let json = try JSONSerialization.data(withJSONObject: ["short", text])
        let outcome = try render(["--scale", "1"], data: [UInt8](json))
        defer { try? FileManager.default.removeItem(at: outcome.folder) }
        if outcome.result.status == 0 {
            // Anything cut is reported on the row; no other warning may appear.
            let warnings = outcome.message.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
            #expect(warnings.allSatisfy { $0.contains("row 2") }, "\(outcome.message)", sourceLocation: sourceLocation)
            _ = try PNGDecoder.decode([UInt8](#require(outcome.output, sourceLocation: sourceLocation)))
        } else {
            expectRefused(outcome, ["row 2"], sourceLocation: sourceLocation)
        }
    }

    @Test func manyCombiningMarks() throws {
        try Self.expectTextTrapAnswered("a" + String(repeating: "\u{301}", count: 64_000))
    }

    /// 200,000 characters with no break opportunity: quadratic in Pango's WRAP_WORD_CHAR (128 s).
    @Test func longUnbrokenRun() throws {
        try Self.expectTextTrapAnswered(String(repeating: "x", count: 200_000))
    }

    /// 100,000 lines: quadratic in Pango (37 s).
    @Test func hundredThousandLines() throws {
        try Self.expectTextTrapAnswered(String(repeating: "line\n", count: 100_000))
    }

    /// Pango overflows silently past about 2,097,151 px; the style language refuses sizes over 1,000 pt.
    @Test func fontSizePastPangosRangeIsRefused() throws {
        let outcome = try Self.render([], data: Array("[\"a\"]".utf8), style: "{folder}/big.yaml") { folder in
            try "name: big\ndescription: d\ncontent: { text: { value: \"{text}\", font: { size: 3000000 } } }\n".write(
                to: folder.appendingPathComponent("big.yaml"), atomically: true, encoding: .utf8)
        }
        defer { try? FileManager.default.removeItem(at: outcome.folder) }
        Self.expectRefused(outcome, ["big.yaml:3:51: content.text.font.size: 3000000 is out of range; expected 1 to 1000"])
    }

}

import Foundation
import Testing

/// Every bad input gets one clear line naming what is wrong, a non-zero exit, and no output
/// written or touched.
@Suite struct BadInputTests {
    struct Case: CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        var data: String?
        var dataName = "rows.json"
        var expected: [String]

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "unknown style", arguments: ["--style", "taged"], data: "[\"a\"]",
            expected: ["taged", "did you mean `tagged`?"]),
        Case(name: "missing data file", arguments: ["--data", "/nonexistent/rows.json"], expected: ["/nonexistent/rows.json"]),
        Case(
            name: "malformed JSON", arguments: [], data: "[\n  {\"text\": \"a\"},\n  {\"text\": }\n]",
            expected: ["rows.json:3:"]),
        Case(
            name: "missing field", arguments: ["--style", "label"], data: #"[{"text": "a"}, {"title": "b"}]"#,
            expected: ["rows.json", "row 2", "`text`"]),
        Case(name: "zero width", arguments: ["--width", "0"], data: "[\"a\"]", expected: ["--width"]),
        Case(name: "absurd width", arguments: ["--width", "1e9"], data: "[\"a\"]", expected: ["--width", "absurd"]),
        Case(name: "scale 4", arguments: ["--scale", "4"], data: "[\"a\"]", expected: ["--scale must be 1, 2 or 3"]),
        Case(name: "empty data", arguments: [], data: "[]", expected: ["no rows"]),
    ]

    @Test(arguments: cases) func failsCleanlyWithoutTouchingOutput(_ item: Case) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var arguments = ["render"] + item.arguments
        if let data = item.data {
            let path = folder.appendingPathComponent(item.dataName)
            try Data(data.utf8).write(to: path)
            arguments += ["--data", path.path]
        }
        if !arguments.contains("--style") { arguments += ["--style", "tagged"] }
        let output = folder.appendingPathComponent("out.png")
        let previous = Data("previous contents".utf8)
        try previous.write(to: output)
        let result = try CLI.run(arguments + ["-o", output.path])
        #expect(result.status != 0)
        let message = result.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(message.split(separator: "\n").count == 1, "one line: \(message)")
        for fragment in item.expected {
            #expect(message.contains(fragment), "\(message)")
        }
        #expect(try Data(contentsOf: output) == previous)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("cellshot-") }
        #expect(leftovers.isEmpty)
    }
}

import Testing

@testable import CellStyle

/// Each documented mistake is answered with file, line, column, field path and a suggestion.
@Suite struct StyleErrorTests {
    @Test func documentedExamplesReportTheirMessages() throws {
        let examples = try documentedInvalidExamples() + documentedInvalidExamples(marker: "decoder-invalid")
        #expect(examples.count >= 7)
        for example in examples {
            let found = diagnostics(example.yaml)
            #expect(found.contains { $0.hasSuffix(example.expect) }, "expected …\(example.expect), got \(found)")
            #expect(found.allSatisfy { $0.hasPrefix("test.yaml:") })
        }
    }

    @Test func errorsCarryLineAndColumn() {
        let yaml = """
            name: x
            content:
              padding:
                paddng: 4
                child: { text: { value: "{text}" } }
            """
        let found = diagnostics(yaml)
        #expect(found.count == 1)
        #expect(
            found.first?.hasPrefix("test.yaml:4:5: content.padding.paddng: unknown key `paddng`; expected one of insets, child")
                == true, "\(found)")
    }

    @Test func severalErrorsAreReportedAtOnce() {
        let yaml = """
            name: x
            content:
              vstack:
                children:
                  - text: { value: "{a}", font: { size: 0 } }
                  - text: { value: "{b}", color: nocolor }
                  - badge: { valu: "{c}" }
            """
        let found = diagnostics(yaml)
        #expect(found.count >= 3, "\(found)")
        #expect(found.contains { $0.contains("children[0].text.font.size") })
        #expect(found.contains { $0.contains("children[1].text.color: unknown colour token `nocolor`") })
        #expect(found.contains { $0.contains("children[2].badge.valu: unknown key `valu`; did you mean `value`?") })
    }

    @Test func notANumberIsRefused() {
        let found = diagnostics("name: x\ncontent: { text: { value: a, minHeight: .nan } }")
        #expect(found == ["test.yaml:2:41: content.text.minHeight: expected a number, found `.nan`"])
    }

    @Test func syntaxErrorsHaveALocation() {
        let found = diagnostics("name: x\ncontent: { text: { value: a }\n")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("test.yaml:3:1: syntax error:") == true, "\(found)")
    }

    @Test func notSupportedYetKeysAreRejectedNotIgnored() throws {
        let folder = try temporaryFolder()
        let table = folder.appendingPathComponent("t.yaml")
        try "style: label\ndata: rows.json\nfooter: End\nlocale: fr_FR!\n".write(
            to: table, atomically: true, encoding: .utf8)
        try "[]".write(to: folder.appendingPathComponent("rows.json"), atomically: true, encoding: .utf8)
        #expect(throws: StyleError.self) { try TableFile.load(path: table.path) }
        do {
            _ = try TableFile.load(path: table.path)
        } catch {
            let messages = error.diagnostics.map(\.message)
            #expect(messages.contains("`footer` is not supported yet"))
            #expect(messages.contains("expected a locale like ja-JP, zh-Hans or fr, found `fr_FR!`"))
        }
    }

    @Test func aliasBombIsRefusedByTheNodeBudget() {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...8 {
            yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        yaml += "name: bomb\ncontent: { text: { value: x } }\n"
        let found = diagnostics(yaml)
        #expect(!found.isEmpty)
    }

    @Test func absurdNestingIsRefused() {
        var element = "{ text: { value: x } }"
        for _ in 0..<40 { element = "{ vstack: { children: [ \(element) ] } }" }
        let found = diagnostics("name: deep\ncontent: \(element)")
        #expect(found.contains { $0.contains("nested more than 32 deep") }, "\(found)")
    }
}

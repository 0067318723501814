import CellStyle
import Foundation
import Testing

/// Hostile and mistaken style files: each gets located diagnostics, in bounded time and memory.
@Suite(.timeLimit(.minutes(1))) struct StyleHardeningTests {
    func diagnostics(_ body: String) -> [String] {
        do {
            _ = try StyleDecoder.decode("name: s\ndescription: d\n" + body, source: "s.yaml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func outOfRangeNumber() {
        #expect(
            diagnostics("content: { spacer: { size: 1e9 } }\n") == [
                "s.yaml:3:28: content.spacer.size: 1000000000 is out of range; expected 0 to 10000"
            ])
    }

    @Test func notANumber() {
        #expect(
            diagnostics("content: { spacer: { size: .nan } }\n") == [
                "s.yaml:3:28: content.spacer.size: expected a number, found `.nan`"
            ])
        #expect(
            diagnostics("content: { spacer: { size: .inf } }\n") == [
                "s.yaml:3:28: content.spacer.size: expected a number, found `.inf`"
            ])
    }

    @Test func unknownKeysAndTokensAreAllReportedAtOnce() {
        let found = diagnostics("colour: 1\ncontent: { text: { value: \"{text}\", color: notAToken, bogus: 1 } }\n")
        #expect(found.count == 3, "\(found)")
        #expect(found.first == "s.yaml:3:1: colour: unknown key `colour`; did you mean `colors`?")
        #expect(found.contains("s.yaml:4:44: content.text.color: unknown colour token `notAToken`"))
        #expect(found.contains { $0.hasPrefix("s.yaml:4:55: content.text.bogus: unknown key `bogus`") })
    }

    /// Ten levels of ten aliases would expand to 10¹⁰ spacers: style files take no aliases at all
    /// (fuzzing found several ways for one to hang Yams' duplicate-key check), refused at the
    /// first alias with its line and column, before Yams composes anything.
    @Test func aliasBombIsRefusedAtItsFirstAlias() {
        var lines = ["content:", "  vstack:", "    children:"]
        lines.append(
            "      - vstack: &a0 { children: [" + Array(repeating: "{ spacer: { size: 1 } }", count: 10).joined(separator: ", ")
                + "] }")
        for level in 1...9 {
            let children = Array(repeating: "{ vstack: *a\(level - 1) }", count: 10).joined(separator: ", ")
            lines.append("      - vstack: &a\(level) { children: [\(children)] }")
        }
        let found = diagnostics(lines.joined(separator: "\n") + "\n")
        #expect(
            found == [
                "s.yaml:7:44: YAML aliases (`*name`) are not supported in this file; use `extends` to build on another style"
            ])
    }

    /// Every problem is found, but a flood of them prints as 20 lines and a count.
    @Test func floodOfUnknownKeysPrintsTwentyLinesAndACount() {
        let body = (0..<5_000).map { "k\($0): 1\n" }.joined() + "content: { spacer: { size: 1 } }\n"
        do {
            _ = try StyleDecoder.decode("name: s\ndescription: d\n" + body, source: "s.yaml")
            Issue.record("decoded")
        } catch {
            #expect(error.diagnostics.count == 1_000)
            let lines = error.description.split(separator: "\n")
            #expect(lines.count == 21)
            #expect(lines.first?.hasPrefix("s.yaml:3:1: k0: unknown key `k0`") == true, "\(lines.first ?? "")")
            #expect(lines.last == "… and 980 more problems")
        }
    }

    /// Found by fuzzing (then through aliases): a flood of elements with an unknown key made up to
    /// 100,000 "did you mean" diagnostics; the reader keeps 1,000 and says so.
    @Test func floodedUnknownKeysStopAtAThousandDiagnostics() {
        let children = Array(repeating: "{ vstack: { childre: [], children: [] } }", count: 1_500).joined(separator: ", ")
        let lines = ["content:", "  vstack:", "    children: [\(children)]"]
        do {
            _ = try StyleDecoder.decode("name: s\ndescription: d\n" + lines.joined(separator: "\n") + "\n", source: "s.yaml")
            Issue.record("decoded")
        } catch {
            #expect(error.diagnostics.count == 1_000)
            #expect(error.diagnostics.last?.message == "over 1000 problems; the rest are not listed")
        }
    }

    @Test func aliasToItselfIsRefused() {
        let found = diagnostics("x: &x [*x]\ncontent: { spacer: { size: 1 } }\n")
        #expect(
            found == [
                "s.yaml:3:8: YAML aliases (`*name`) are not supported in this file; use `extends` to build on another style"
            ])
    }

    /// The YAML preflight refuses 100,000-deep flow collections before Yams recurses into them.
    @Test(arguments: ["[", "{a: "]) func hundredThousandDeepNestingIsRefused(_ opener: String) {
        let found = diagnostics("content: " + String(repeating: opener, count: 100_000) + "\n")
        #expect(found.count == 1)
        #expect(found.first?.contains("nesting deeper than 256 levels (the limit)") == true, "\(found)")
    }

    /// Found by fuzzing: a flow mapping used as a key, holding an alias of an alias bomb, made
    /// Yams' duplicate-key check hash 10⁸ nodes inside `compose`; refused before composing.
    @Test func collectionKeyHoldingAnAliasIsRefusedBeforeComposing() {
        var lines = ["a0: &a0 [" + Array(repeating: "x", count: 10).joined(separator: ", ") + "]"]
        for level in 1...8 {
            lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        lines.append("content: { x, { k: 1 }: 1 }")
        let found = diagnostics(lines.filter { !$0.contains("*") }.joined(separator: "\n") + "\n")
        #expect(found.count == 1)
        #expect(found.first?.contains("a collection used as a mapping key is not supported") == true, "\(found)")
    }

    @Test func deeplyNestedElementsStopAtTheElementDepthLimit() {
        let found = diagnostics(
            "content: " + String(repeating: "{ vstack: { children: [", count: 40) + "{ spacer: {} }"
                + String(repeating: "] } }", count: 40) + "\n")
        #expect(found.contains { $0.contains("elements are nested more than 32 deep") }, "\(found)")
    }

    @Test func extendsCycleIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cellshot-style-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "name: c1\ndescription: d\nextends: c2.yaml\n".write(
            to: folder.appendingPathComponent("c1.yaml"), atomically: true, encoding: .utf8)
        try "name: c2\ndescription: d\nextends: c1.yaml\n".write(
            to: folder.appendingPathComponent("c2.yaml"), atomically: true, encoding: .utf8)
        let path = folder.appendingPathComponent("c1.yaml").path
        #expect(throws: StyleError.self) { try StyleSpec.load(nameOrPath: path) }
        do {
            _ = try StyleSpec.load(nameOrPath: path)
        } catch {
            #expect(error.description.contains("`extends` forms a cycle"), "\(error)")
        }
    }
}

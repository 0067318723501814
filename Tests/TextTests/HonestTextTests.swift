import CellCore
import CellLayout
import CellStyle
import Graphics
import Testing

@testable import Cellshot

/// What the picture cannot show faithfully is reported with row, element and code point.
@Suite struct HonestTextTests {
    static func style(_ text: String) throws -> StyleSpec {
        try StyleDecoder.decode("name: test\ncontent:\n  " + text + "\n", source: "test.yaml")
    }

    static let body = "text: { id: body, value: \"{text}\", font: { size: 15 } }"

    static func rows(_ texts: [String]) -> [RowInput] {
        texts.enumerated().map { RowInput(number: $0.offset + 1, fields: ["text": $0.element]) }
    }

    func layouts(_ texts: [String], options: RenderOptions = RenderOptions(), style: String = body) throws -> [RowLayout] {
        try TableRenderer(style: Self.style(style), options: options).layout(Self.rows(texts))
    }

    @Test func controlCharactersAreReportedWithRowSlotAndCount() throws {
        let rows = try layouts(["clean", "em\u{97}dash\u{97}twice and a bell\u{7}", "tab\tand\nnewline are fine"])
        #expect(rows[0].diagnostics.isEmpty)
        #expect(
            rows[1].diagnostics == [
                TextDiagnostic(row: 2, slot: "body", problem: .controlCharacter("\u{97}"), occurrences: 2),
                TextDiagnostic(row: 2, slot: "body", problem: .controlCharacter("\u{7}"), occurrences: 1),
            ])
        #expect(rows[2].diagnostics.isEmpty)
        let message = rows[1].diagnostics[0].description
        #expect(message.contains("row 2") && message.contains("`body`") && message.contains("U+0097"))
        #expect(message.contains("--repair-cp1252"))
    }

    /// Badges and avatars are checked too, each under its own element id.
    @Test func everyTextSlotIsChecked() throws {
        let style = try #require(try BuiltinStyles.spec(named: "tagged"))
        let rows = try TableRenderer(style: style).layout([
            RowInput(number: 1, fields: ["text": "body\u{97}", "tag": "new\u{10FFFD}"])
        ])
        #expect(
            rows[0].diagnostics == [
                TextDiagnostic(row: 1, slot: "text", problem: .controlCharacter("\u{97}")),
                TextDiagnostic(row: 1, slot: "tag", problem: .missingGlyph("\u{10FFFD}")),
            ])
    }

    @Test func missingGlyphsAreReportedWithRowSlotAndCount() throws {
        let rows = try layouts(["fine", "tofu \u{10FFFD} and \u{10FFFD} again"])
        #expect(rows[0].diagnostics.isEmpty)
        #expect(
            rows[1].diagnostics == [TextDiagnostic(row: 2, slot: "body", problem: .missingGlyph("\u{10FFFD}"), occurrences: 2)])
    }

    @Test func repairMapsWindows1252AndReportsTheRest() throws {
        let options = RenderOptions(repairCP1252: true)
        let rows = try layouts(["a\u{97}b \u{93}q\u{94} \u{81}"], options: options)
        #expect(
            rows[0].diagnostics == [
                TextDiagnostic(row: 1, slot: "body", problem: .repairedCP1252(count: 3)),
                TextDiagnostic(row: 1, slot: "body", problem: .controlCharacter("\u{81}")),
            ])
        #expect(!rows[0].diagnostics[0].isWarning)
        // The repaired text measures as the text with the real characters.
        let direct = try layouts(["a\u{2014}b \u{201C}q\u{201D} \u{81}"])
        #expect(rows[0].height == direct[0].height)
        #expect(rows[0].root.allNodes.last?.frame == direct[0].root.allNodes.last?.frame)
    }

    @Test func strictTurnsWarningsIntoAnError() throws {
        let renderer = try TableRenderer(style: Self.style(Self.body), options: RenderOptions(strict: true))
        #expect(try renderer.layout(Self.rows(["all fine"])).count == 1)
        let result = Result { try renderer.render(Self.rows(["fine", "bad\u{97}"]), source: "rows.json") }
        guard case .failure(let failure) = result, let error = failure as? CellshotError,
            case .strict(let source, let warnings) = error
        else {
            Issue.record("expected --strict to fail, got \(result)")
            return
        }
        #expect(source == "rows.json")
        #expect(warnings.map(\.row) == [2])
        #expect(error.description.hasPrefix("rows.json: --strict: 1 text warning"))
        // A repair is not a warning: strict passes when everything was repaired.
        let repairing = try TableRenderer(style: Self.style(Self.body), options: RenderOptions(repairCP1252: true, strict: true))
        #expect(try repairing.layout(Self.rows(["bad\u{97}"]))[0].diagnostics.count == 1)
    }

    @Test func malformedMarkupNamesTheRowAndSlot() throws {
        let style = "text: { id: body, value: \"{text}\", markup: true, font: { size: 15 } }"
        let renderer = try TableRenderer(style: Self.style(style))
        let good = try renderer.layout(Self.rows(["<b>bold</b> &amp; plain"]))
        #expect(good[0].root.allNodes.last?.measuredText?.lineCount == 1)
        do {
            _ = try renderer.layout(Self.rows(["<b>fine</b>", "<b>unclosed"]), source: "rows.json")
            Issue.record("expected malformed markup to fail")
        } catch {
            let message = "\(error)"
            #expect(message.hasPrefix("rows.json: row 2: element `body`: "), "\(message)")
            #expect(message.contains("markup"))
        }
    }

    @Test func plainTextShowsMarkupCharactersLiterally() throws {
        let rows = try layouts(["<b>not bold</b> & <i>not italic"])
        #expect(rows[0].diagnostics.isEmpty)
        let literal = try #require(rows[0].root.allNodes.last?.measuredText)
        let bold = try #require(try layouts(["not bold"])[0].root.allNodes.last?.measuredText)
        #expect(literal.size.width > bold.size.width)
    }

    @Test func nulNeverEndsATextAndIsReported() throws {
        let rows = try layouts(["before\u{0}after", "before"])
        #expect(rows[0].diagnostics == [TextDiagnostic(row: 1, slot: "body", problem: .controlCharacter("\u{0}"))])
        let withNul = try #require(rows[0].root.allNodes.last?.measuredText)
        let cut = try #require(rows[1].root.allNodes.last?.measuredText)
        #expect(withNul.size.width > cut.size.width + 20)
    }

    @Test func summariesAggregateByCodePoint() throws {
        var texts = (1...30).map { "row \($0) has an em\u{97}dash" }
        texts[4] += " and another\u{97}"
        texts.append("tofu \u{10FFFD}")
        let rows = try layouts(texts)
        let lines = DiagnosticSummary.lines(rows.flatMap(\.diagnostics), source: "huck.plist")
        #expect(
            lines == [
                "warning: huck.plist: control character U+0097, 31× in 30 rows (1, 2, 3, 4, 5, …), element `body`; "
                    + "drawn as a box; --repair-cp1252 maps it to U+2014 —",
                "warning: huck.plist: U+10FFFD has no glyph in the pinned fonts, 1× in row 31, element `body`; drawn as a box",
            ])
        let repaired = try layouts(texts, options: RenderOptions(repairCP1252: true))
        let repairLines = DiagnosticSummary.lines(repaired.flatMap(\.diagnostics), source: "huck.plist")
        #expect(
            repairLines.first
                == "note: huck.plist: --repair-cp1252 repaired 31 characters mis-decoded from Windows-1252 in 30 rows (1, 2, 3, 4, 5, …), element `body`"
        )
        #expect(repairLines.count == 2)
    }
}

@Suite struct CP1252RepairTests {
    @Test func mapsEveryDefinedByteAndKeepsTheFiveUndefined() {
        let undefined: Set<UInt32> = [0x81, 0x8D, 0x8F, 0x90, 0x9D]
        for value in UInt32(0x80)...0x9F {
            let scalar = Unicode.Scalar(value)!
            let (text, count) = CP1252Repair.repair(String(scalar))
            if undefined.contains(value) {
                #expect(text == String(scalar))
                #expect(count == 0)
            } else {
                #expect(count == 1)
                #expect(text.unicodeScalars.first!.value > 0x9F, "U+\(String(value, radix: 16))")
            }
        }
        #expect(CP1252Repair.repair("\u{97}").text == "\u{2014}")
        #expect(CP1252Repair.repair("\u{93}q\u{94}").text == "\u{201C}q\u{201D}")
        #expect(CP1252Repair.repair("\u{80}").text == "€")
        #expect(CP1252Repair.repair("\u{85}").text == "…")
        #expect(CP1252Repair.repair("\u{99}").text == "™")
        #expect(CP1252Repair.repair("\u{9F}").text == "Ÿ")
    }

    @Test func leavesOtherTextAlone() {
        let text = "plain — text with é, 日本, and \u{7F} DEL"
        #expect(CP1252Repair.repair(text) == (text, 0))
        #expect(CP1252Repair.repair("a\u{97}b\u{97}").repaired == 2)
    }
}

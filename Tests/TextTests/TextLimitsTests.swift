import CellCore
import CellLayout
import CellStyle
import Graphics
import Testing

/// Limits cut what Pango would take too long on or overflow with, and say what they cut.
@Suite struct TextLimitsTests {
    static let small = TextLimits(maximumCharacters: 50, maximumLines: 3, maximumCombiningMarks: 30, maximumExtent: 2_000)

    @Test func textWithinTheLimitsIsUnchanged() {
        let text = "Two lines\nwith e\u{301} and 👍🏽"
        let (kept, cuts) = Self.small.apply(text)
        #expect(kept == text)
        #expect(cuts.isEmpty)
    }

    @Test func cutsCharacters() {
        let (kept, cuts) = Self.small.apply(String(repeating: "x", count: 60))
        #expect(kept == String(repeating: "x", count: 50))
        #expect(cuts == [.characters(limit: 50, original: 60)])
    }

    @Test func cutsLinesCountingCRLFOnce() {
        let (kept, cuts) = Self.small.apply("one\r\ntwo\rthree\u{2028}four\nfive")
        #expect(kept == "one\r\ntwo\rthree")
        #expect(cuts == [.lines(limit: 3, original: 5)])
    }

    @Test func dropsCombiningMarksBeyondTheLimitPerCharacter() {
        let zalgo = "a" + String(repeating: "\u{301}", count: 40) + "b" + String(repeating: "\u{308}", count: 5)
        let (kept, cuts) = Self.small.apply(zalgo)
        #expect(kept.unicodeScalars.count == 1 + 30 + 1 + 5)
        #expect(cuts == [.combiningMarks(limit: 30, removed: 10)])
    }

    static func engine(style yaml: String, limits: TextLimits) throws -> LayoutEngine {
        let spec = try StyleDecoder.decode("name: limits\ncontent:\n  " + yaml + "\n", source: "limits.yaml")
        var engine = LayoutEngine(
            style: try StyleResolver.resolve(spec, for: StyleEnvironment()), measurer: try TextEngine(fonts: FontLibrary.shared())
        )
        engine.textPolicy = TextPolicy(limits: limits)
        return engine
    }

    static let body = "text: { id: body, value: \"{text}\", font: { size: 15 } }"

    @Test func theLayoutMeasuresTheCutTextAndReportsTheCut() throws {
        let engine = try Self.engine(style: Self.body, limits: Self.small)
        let long = try engine.layout(RowInput(number: 7, fields: ["text": String(repeating: "x", count: 60)]), width: 2_000)
        let exact = try engine.layout(RowInput(number: 8, fields: ["text": String(repeating: "x", count: 50)]), width: 2_000)
        #expect(long.diagnostics == [TextDiagnostic(row: 7, slot: "body", problem: .cut(.characters(limit: 50, original: 60)))])
        #expect(long.root.allNodes.last?.frame == exact.root.allNodes.last?.frame)
        let lines = try engine.layout(RowInput(number: 9, fields: ["text": "1\n2\n3\n4\n5"]), width: 300)
        #expect(lines.root.allNodes.last?.measuredText?.lineCount == 3)
        #expect(lines.diagnostics.map(\.problem) == [.cut(.lines(limit: 3, original: 5))])
    }

    @Test func describesEachCut() {
        #expect(
            TextCut.characters(limit: 50, original: 60).description == "cut at the limit of 50 characters (the text had 60)")
        #expect(TextCut.lines(limit: 3, original: 5).description == "cut at the limit of 3 lines (the text had 5)")
        #expect(
            TextDiagnostic(row: 4, slot: "body", problem: .cut(.combiningMarks(limit: 30, removed: 10))).description
                == "row 4, element `body`: dropped 10 combining marks past 30 in a row on one character")
    }

    /// Markup cannot be cut safely: over a limit it is an error naming the row and element.
    @Test func markupOverALimitIsAnError() throws {
        let style = "text: { id: body, value: \"{text}\", markup: true, font: { size: 15 } }"
        let engine = try Self.engine(style: style, limits: Self.small)
        let fits = try engine.layout(RowInput(number: 1, fields: ["text": "<b>bold</b>"]), width: 300)
        #expect(fits.diagnostics.isEmpty)
        do {
            _ = try engine.layout(
                RowInput(number: 2, fields: ["text": "<b>" + String(repeating: "x", count: 60) + "</b>"]), width: 300)
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description
                    == "row 2: element `body`: markup over a limit, it would be cut at the limit of 50 characters (the text had 67); "
                    + "markup cannot be cut safely"
            )
        }
    }

    /// A text taller than the extent limit keeps the lines that fit and says so.
    @Test func keepsTheLinesThatFitTheExtent() throws {
        let style = "text: { id: body, value: \"{text}\", lineSpacing: 1000, font: { size: 15 } }"
        let engine = try Self.engine(style: style, limits: Self.small)
        let row = try engine.layout(RowInput(number: 1, fields: ["text": "a\nb\nc"]), width: 300)
        let text = try #require(row.root.allNodes.last?.measuredText)
        #expect(text.lineCount == 2)
        #expect(text.isTruncated)
        #expect(text.size.height <= 2_000)
        #expect(row.diagnostics.map(\.problem) == [.cut(.extent(limit: 2_000, keptLines: 2))])
    }

    /// Past 2,097,152 points Pango's sizes wrap around; the standard limits keep every text far
    /// below, even with the largest spacing a style allows.
    @Test func pangoOverflowNeverReachesALayout() throws {
        let style = "text: { id: body, value: \"{text}\", lineSpacing: 1000, lineHeightMultiple: 10, font: { size: 200 } }"
        let engine = try Self.engine(style: style, limits: .standard)
        let text = Array(repeating: "x", count: 1_500).joined(separator: "\n")
        let row = try engine.layout(RowInput(number: 1, fields: ["text": text]), width: 300)
        let measured = try #require(row.root.allNodes.last?.measuredText)
        #expect(measured.size.height > 0)
        #expect(measured.size.height <= TextLimits.standard.maximumExtent)
        #expect(row.height == measured.size.height)
        guard case .cut(.extent(let limit, let kept)) = row.diagnostics.first?.problem else {
            Issue.record("\(row.diagnostics)")
            return
        }
        #expect(limit == 100_000)
        #expect(kept == measured.lineCount)
        #expect(kept > 1 && kept < 1_500)
    }

    @Test func theStandardCharacterLimitCutsATenThousandAndFirstCharacter() throws {
        let engine = try Self.engine(style: Self.body, limits: .standard)
        let text = String(repeating: "word ", count: 2_001)
        let row = try engine.layout(RowInput(number: 3, fields: ["text": text]), width: 375)
        #expect(row.diagnostics.map(\.problem) == [.cut(.characters(limit: 10_000, original: 10_005))])
    }
}

import CellCore
import Graphics
import Testing

/// Scripts and directions within the pinned fonts: bidi alignment, no unknown glyphs, emoji
/// sequences shaped as one glyph.
@Suite struct ScriptTests {
    let engine: TextEngine
    init() throws { engine = try Pango.engine() }

    static let arabic = "مرحبا بالعالم، هذه جملة طويلة لتجربة الالتفاف على عدة أسطر في الخلية"
    static let hebrew = "שלום עולם, זהו משפט ארוך כדי לבדוק גלישה של שורות בתא הטבלה"
    static let width = 200.0

    func lines(_ text: String, _ alignment: TextAlignment, _ direction: LayoutDirection) throws -> [LineMetrics] {
        let request = TextRequest(text: text, font: Pango.inter, alignment: alignment, direction: direction)
        let measured = try engine.measure(request, width: Self.width)
        #expect(!measured.lines.isEmpty)
        return measured.lines
    }

    func expectRight(_ lines: [LineMetrics], sourceLocation: SourceLocation = #_sourceLocation) {
        for line in lines {
            #expect(abs(line.frame.x + line.frame.width - Self.width) < 0.01, "\(line.frame)", sourceLocation: sourceLocation)
        }
    }

    func expectLeft(_ lines: [LineMetrics], sourceLocation: SourceLocation = #_sourceLocation) {
        for line in lines { #expect(abs(line.frame.x) < 0.01, "\(line.frame)", sourceLocation: sourceLocation) }
    }

    @Test func naturalFollowsTheTextInALeftToRightTable() throws {
        let arabic = try lines(Self.arabic, .natural, .leftToRight)
        #expect(arabic.count >= 3)
        expectRight(arabic)
        expectRight(try lines(Self.hebrew, .natural, .leftToRight))
        expectLeft(try lines(Pango.paragraph, .natural, .leftToRight))
    }

    @Test func naturalFollowsTheTextInARightToLeftTable() throws {
        expectRight(try lines(Self.arabic, .natural, .rightToLeft))
        expectLeft(try lines(Pango.paragraph, .natural, .rightToLeft))
        // Digits have no direction of their own: they take the table's.
        expectRight(try lines("12345", .natural, .rightToLeft))
        expectLeft(try lines("12345", .natural, .leftToRight))
    }

    @Test func leadingAndTrailingFollowTheTable() throws {
        expectLeft(try lines(Self.arabic, .leading, .leftToRight))
        expectRight(try lines(Self.arabic, .trailing, .leftToRight))
        expectRight(try lines(Pango.paragraph, .leading, .rightToLeft))
        expectLeft(try lines(Pango.paragraph, .trailing, .rightToLeft))
        expectRight(try lines(Self.arabic, .leading, .rightToLeft))
    }

    static let samples: [(String, String)] = [
        ("Chinese, Japanese, Korean", "中文排版 日本語のテキスト 한국어 문장"),
        ("Thai", "ภาษาไทยเป็นภาษาที่สวยงามมาก"),
        ("Devanagari", "नमस्ते दुनिया, हिन्दी पाठ"),
        ("Arabic", arabic),
        ("Hebrew", hebrew),
        ("emoji", "👨‍👩‍👧‍👦 👍🏽 👩🏿‍💻 🏳️‍🌈 1️⃣ 🇫🇷 ❤️"),
        ("combining marks", "e\u{301} n\u{303} a\u{325}\u{308} Z\u{324}\u{354}\u{367}\u{311}\u{313}"),
        ("Greek and Cyrillic", "Καλημέρα κόσμε · Привет, мир"),
    ]

    @Test(arguments: samples.map(\.0)) func drawsEveryGlyphWithinThePinnedFonts(_ name: String) throws {
        let text = try #require(Self.samples.first { $0.0 == name }).1
        let layout = try engine.layout(TextRequest(text: text, font: Pango.inter), width: 300)
        #expect(layout.unknownGlyphCount == 0)
        #expect(layout.measurement.missingGlyphs.isEmpty, "\(layout.measurement.missingGlyphs.map(\.codePoint))")
    }

    /// A ZWJ sequence and a skin-tone sequence are one glyph each, as wide as a plain emoji.
    @Test func emojiSequencesShapeAsOneGlyph() throws {
        func width(_ text: String) throws -> Double {
            try engine.measure(TextRequest(text: text, font: Pango.inter), width: nil).size.width
        }
        let single = try width("👍")
        #expect(single > 15)
        #expect(abs(try width("👍🏽") - single) < 0.01)
        #expect(abs(try width("👨‍👩‍👧‍👦") - single) < 0.01)
        #expect(abs(try width("👩🏿‍💻") - single) < 0.01)
        // Emoji are scaled to the font size, not drawn at the bitmap's 109-pixel strike.
        let line = try engine.measure(TextRequest(text: "👍", font: Pango.inter), width: nil)
        #expect(line.size.height < 30)
    }

    @Test func reportsTheCodePointsNoFontHas() throws {
        let layout = try engine.layout(TextRequest(text: "a\u{F0001}b\u{10FFFD}c\u{F0001}", font: Pango.inter), width: 300)
        #expect(layout.unknownGlyphCount == 3)
        #expect(layout.measurement.missingGlyphs == ["\u{F0001}", "\u{10FFFD}"])
    }

    /// Control characters are drawn (Pango's hex box), never silently dropped; NUL never ends a text.
    @Test func controlCharactersTakeSpace() throws {
        func width(_ text: String) throws -> Double {
            try engine.measure(TextRequest(text: text, font: Pango.inter), width: nil).size.width
        }
        let plain = try width("ab")
        #expect(try width("a\u{97}b") > plain + 5)
        #expect(try width("a\u{1}b") > plain + 5)
        #expect(try width("a\u{0}b") > plain + 5)
        let longer = try width("a\u{0}bcdef")
        #expect(longer > (try width("a\u{0}b")))
    }
}

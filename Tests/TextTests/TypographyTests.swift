import CellCore
import Graphics
import Testing

/// Each typography setting against real Pango with the pinned fonts: exact line counts,
/// truncation flags and height relations.
@Suite struct TypographyTests {
    let engine: TextEngine
    init() throws { engine = try Pango.engine() }

    func measure(_ request: TextRequest, width: Double? = 200) throws -> MeasuredText {
        try engine.measure(request, width: width)
    }

    @Test func lineSpacingAddsExactlyTheSpacingBetweenLines() throws {
        let base = try measure(TextRequest(text: Pango.paragraph, font: Pango.inter))
        let spaced = try measure(TextRequest(text: Pango.paragraph, font: Pango.inter, lineSpacing: 4))
        #expect(base.lineCount >= 3)
        #expect(spaced.lineCount == base.lineCount)
        #expect(spaced.size.height - base.size.height == Double(base.lineCount - 1) * 4)
    }

    @Test func lineHeightMultipleScalesEveryLine() throws {
        let base = try measure(TextRequest(text: Pango.paragraph, font: Pango.inter))
        let double = try measure(TextRequest(text: Pango.paragraph, font: Pango.inter, lineHeightMultiple: 2))
        #expect(double.lineCount == base.lineCount)
        let baseStep = base.lines[1].frame.y - base.lines[0].frame.y
        let doubleStep = double.lines[1].frame.y - double.lines[0].frame.y
        #expect(abs(doubleStep - 2 * baseStep) < 0.01, "\(baseStep) → \(doubleStep)")
    }

    @Test(arguments: TruncationMode.allCases) func maxLinesTruncatesWithAnEllipsis(_ mode: TruncationMode) throws {
        let full = try measure(TextRequest(text: Pango.paragraph, font: Pango.inter))
        #expect(full.lineCount > 2)
        #expect(!full.isTruncated)
        let cut = try measure(TextRequest(text: Pango.paragraph, font: Pango.inter, maxLines: 2, truncation: mode))
        #expect(cut.lineCount == 2)
        #expect(cut.isTruncated)
        #expect(cut.size.height == full.lines[0].frame.height + full.lines[1].frame.height)
        let fits = try measure(TextRequest(text: "Short", font: Pango.inter, maxLines: 2, truncation: mode))
        #expect(fits.lineCount == 1)
        #expect(!fits.isTruncated)
    }

    @Test func unlimitedLinesNeverTruncate() throws {
        let text = String(repeating: "word ", count: 200)
        let measured = try measure(TextRequest(text: text, font: Pango.inter, maxLines: 0))
        #expect(measured.lineCount > 20)
        #expect(!measured.isTruncated)
    }

    @Test func characterWrapBreaksInsideWords() throws {
        let text = "Antidisestablishmentarianism"
        let word = try measure(TextRequest(text: text + " is long", font: Pango.inter, wrap: .word), width: 120)
        let character = try measure(TextRequest(text: text + " is long", font: Pango.inter, wrap: .character), width: 120)
        // Word wrap keeps "is long" off the word's last line; character wrap fills every line.
        #expect(character.lineCount <= word.lineCount)
        for line in character.lines.dropLast() { #expect(line.frame.width > 100) }
    }

    /// Pango puts the spacing between letters, not after the last one: (n − 1) × spacing.
    @Test func letterSpacingWidensByTheSpacingBetweenCharacters() throws {
        let text = "Hello"
        let base = try measure(TextRequest(text: text, font: Pango.inter), width: nil)
        let spaced = try measure(TextRequest(text: text, font: Pango.inter, letterSpacing: 2), width: nil)
        let tight = try measure(TextRequest(text: text, font: Pango.inter, letterSpacing: -1), width: nil)
        #expect(spaced.size.width > base.size.width)
        #expect(tight.size.width < base.size.width)
        #expect(
            abs((spaced.size.width - base.size.width) - 2 * Double(text.count - 1)) < 0.01,
            "\(spaced.size.width - base.size.width)")
        #expect(spaced.size.height == base.size.height)
    }

    @Test func markupIsOptIn() throws {
        let bold = try measure(TextRequest(text: "<b>Hello</b>", font: Pango.inter, markup: true), width: nil)
        let plainHello = try measure(TextRequest(text: "Hello", font: Pango.inter), width: nil)
        let literal = try measure(TextRequest(text: "<b>Hello</b>", font: Pango.inter), width: nil)
        #expect(bold.size.width > plainHello.size.width)
        #expect(literal.size.width > bold.size.width + 30)
        // `<` and `&` in plain text are characters, not markup, and not an error.
        let symbols = try measure(TextRequest(text: "a < b & c > d", font: Pango.inter), width: nil)
        #expect(symbols.lineCount == 1)
        #expect(symbols.size.width > 60)
    }

    @Test func malformedMarkupIsAnErrorNotTheLastText() throws {
        _ = try measure(TextRequest(text: "<b>fine</b>", font: Pango.inter, markup: true))
        #expect(throws: GraphicsError.self) {
            try measure(TextRequest(text: "<b>unclosed", font: Pango.inter, markup: true))
        }
    }

    @Test func centerAndJustifiedPlaceEveryLine() throws {
        let centered = try measure(TextRequest(text: Pango.paragraph, font: Pango.inter, alignment: .center))
        for line in centered.lines {
            #expect(abs(line.frame.x - (200 - line.frame.width) / 2) < 0.01, "\(line.frame)")
        }
        let justified = try measure(TextRequest(text: Pango.paragraph, font: Pango.inter, alignment: .justified))
        #expect(justified.lineCount == centered.lineCount)
        for line in justified.lines.dropLast() {
            #expect(abs(line.frame.x) < 0.01)
            #expect(abs(line.frame.width - 200) < 0.5, "\(line.frame)")
        }
        let last = try #require(justified.lines.last)
        #expect(last.frame.width < 190)
    }

    @Test func explicitFontsChangeMetrics() throws {
        let regular = try measure(TextRequest(text: "Hello", font: FontSpec(size: 17)), width: nil)
        let bold = try measure(TextRequest(text: "Hello", font: FontSpec(size: 17, weight: .bold)), width: nil)
        let italic = try measure(TextRequest(text: "Hello", font: FontSpec(size: 17, italic: true)), width: nil)
        let larger = try measure(TextRequest(text: "Hello", font: FontSpec(size: 34)), width: nil)
        #expect(bold.size.width > regular.size.width)
        #expect(italic.size.width != regular.size.width)
        #expect(abs(larger.size.width - 2 * regular.size.width) < 0.05)
        #expect(abs(larger.size.height - 2 * regular.size.height) < 0.05)
    }
}

/// UILabel's `numberOfLines` counts the whole text; Pango's limit counts lines per paragraph.
@Suite struct LinesAcrossParagraphsTests {
    let engine: TextEngine
    init() throws { engine = try Pango.engine() }

    @Test func maxLinesCountsEveryParagraph() throws {
        let text = "one\ntwo\nthree\nfour"
        let full = try engine.measure(TextRequest(text: text, font: Pango.inter), width: 200)
        #expect(full.lineCount == 4)
        let cut = try engine.measure(TextRequest(text: text, font: Pango.inter, maxLines: 2), width: 200)
        #expect(cut.lineCount == 2)
        #expect(cut.isTruncated)
        #expect(cut.size.height == full.lines[0].frame.height + full.lines[1].frame.height)
        let exact = try engine.measure(TextRequest(text: text, font: Pango.inter, maxLines: 4), width: 200)
        #expect(exact.lineCount == 4)
        #expect(!exact.isTruncated)
    }

    @Test func aWrappedParagraphAndAnotherAreCutAtTheLimit() throws {
        let text = Pango.paragraph + "\n" + Pango.paragraph
        let full = try engine.measure(TextRequest(text: text, font: Pango.inter), width: 200)
        let perParagraph = try engine.measure(TextRequest(text: Pango.paragraph, font: Pango.inter), width: 200)
        #expect(full.lineCount == 2 * perParagraph.lineCount)
        let limit = perParagraph.lineCount + 1
        let cut = try engine.measure(TextRequest(text: text, font: Pango.inter, maxLines: limit), width: 200)
        #expect(cut.lineCount == limit)
        #expect(cut.isTruncated)
    }
}

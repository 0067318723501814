import CellCore
import TableCompositor
import Testing

@Suite struct TextRequestTests {
    /// Canonically equivalent texts are different requests: Pango shapes the precomposed and the
    /// decomposed forms differently, so a cache keyed on Swift's String equality would mix them.
    @Test func textsCompareByTheirBytes() {
        let font = FontSpec(size: 17)
        let precomposed = TextRequest(text: "caf\u{E9}", font: font)
        let decomposed = TextRequest(text: "cafe\u{301}", font: font)
        #expect(precomposed.text == decomposed.text)
        #expect(precomposed != decomposed)
        #expect(Set([precomposed, decomposed]).count == 2)
        #expect(precomposed == TextRequest(text: "caf\u{E9}", font: font))
    }
}

@Suite struct SeparatorSpanTests {
    /// iOS insets separators from the leading edge: the left one, or the right one in RTL.
    @Test func separatorsInsetFromTheLeadingEdge() {
        #expect(separatorSpan(width: 375, leading: 16, trailing: 4, rightToLeft: false) == (16, 371))
        #expect(separatorSpan(width: 375, leading: 16, trailing: 4, rightToLeft: true) == (4, 359))
    }
}

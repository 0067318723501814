import CellCore
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

import CellCore
import CellLayout
import CellStyle
import Graphics
import Testing

@testable import Cellshot

/// The cache keys on everything that changes a text's measurement and nothing else.
@Suite struct MeasurementCacheTests {
    static func rows(_ texts: [String]) -> [RowInput] {
        texts.enumerated().map { RowInput(number: $0.offset + 1, fields: ["text": $0.element]) }
    }

    static let texts = ["A short sentence.", "Another, rather longer sentence that wraps onto a second line.", "Third."]

    @Test func reflowingChangesOnlyWhatChangesAHeight() throws {
        let style = try #require(try BuiltinStyles.spec(named: "numbered-line"))
        let base = try TableRenderer(style: style, options: RenderOptions(width: 375, scale: 2))
        let cache = base.cache
        let rows = Self.rows(Self.texts)
        let first = try base.measure(rows)
        // Two texts a row ("Line N" and the sentence), each measured once.
        #expect((cache.misses, cache.hits) == (6, 0))

        func expectDelta(
            _ misses: Int, _ hits: Int, _ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
        ) rethrows {
            let before = (cache.misses, cache.hits)
            try body()
            #expect(cache.misses - before.0 == misses, "misses", sourceLocation: sourceLocation)
            #expect(cache.hits - before.1 == hits, "hits", sourceLocation: sourceLocation)
        }

        // The same table again: every text is a hit.
        try expectDelta(0, 6) {
            let again = try base.measure(rows)
            #expect(again == first)
        }
        // Appearance and debug borders change colours and strokes, never a height.
        try expectDelta(0, 6) {
            var environment = StyleEnvironment()
            environment.appearance = .dark
            _ = try base.reflowed(RenderOptions(width: 375, scale: 2, environment: environment)).measure(rows)
        }
        try expectDelta(0, 6) { _ = try base.reflowed(RenderOptions(width: 375, scale: 2, debugBorders: true)).measure(rows) }
        // The scale only rounds heights to device pixels: no text is laid out again.
        try expectDelta(0, 6) {
            let atThree = try base.reflowed(RenderOptions(width: 375, scale: 3)).measure(rows)
            for (two, three) in zip(first, atThree) {
                #expect(three.height == two.height)
                #expect(three.roundedHeight == (two.height * 3).rounded(.up) / 3)
            }
        }
        // Width, content size and text each lay out again.
        try expectDelta(6, 0) { _ = try base.reflowed(RenderOptions(width: 320, scale: 2)).measure(rows) }
        try expectDelta(6, 0) {
            _ = try base.reflowed(RenderOptions(width: 375, scale: 2, environment: StyleEnvironment(contentSize: .ax3)))
                .measure(rows)
        }
        var changed = Self.texts
        changed[1] = "A different second sentence."
        try expectDelta(1, 5) { _ = try base.measure(Self.rows(changed)) }
    }

    /// Style changes that change a text's layout miss; a colour-only change hits.
    @Test func styleChangesMissOnlyWhenTheyChangeText() throws {
        let engine = try TextEngine(fonts: FontLibrary.shared())
        let cache = MeasurementCache(measurer: engine)
        func layout(_ text: String) throws {
            let spec = try StyleDecoder.decode("name: s\ncontent:\n  text: { value: \"{text}\", \(text) }\n", source: "s.yaml")
            let layoutEngine = LayoutEngine(style: try StyleResolver.resolve(spec, for: StyleEnvironment()), measurer: cache)
            _ = try layoutEngine.layout(RowInput(number: 1, fields: ["text": "Hello there"]), width: 300)
        }
        try layout("font: { size: 15 }, color: label")
        #expect((cache.misses, cache.hits) == (1, 0))
        try layout("font: { size: 15 }, color: secondaryLabel")
        #expect((cache.misses, cache.hits) == (1, 1))
        try layout("font: { size: 16 }, color: label")
        #expect((cache.misses, cache.hits) == (2, 1))
        try layout("font: { size: 15 }, letterSpacing: 1")
        #expect((cache.misses, cache.hits) == (3, 1))
        try layout("font: { size: 15 }, maxLines: 1")
        #expect((cache.misses, cache.hits) == (4, 1))
    }

    @Test func aFullCacheStartsOver() throws {
        let cache = MeasurementCache(measurer: try TextEngine(fonts: FontLibrary.shared()), capacity: 2)
        for text in ["a", "b", "c"] { _ = try cache.measure(TextRequest(text: text, font: FontSpec(size: 15)), width: 100) }
        #expect(cache.count == 1)
        #expect(cache.misses == 3)
    }
}

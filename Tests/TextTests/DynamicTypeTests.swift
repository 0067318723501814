import CellCore
import CellStyle
import Graphics
import Testing

/// Dynamic Type: the table's sizes reach the text engine at every content size category.
@Suite struct DynamicTypeTests {
    @Test func everyStyleGrowsWithTheCategory() {
        for style in TextStyle.allCases {
            let sizes = ContentSizeCategory.allCases.map { style.pointSize(for: $0) }
            #expect(sizes == sizes.sorted(), "\(style)")
            #expect(sizes.first! < sizes.last!, "\(style)")
        }
        #expect(TextStyle.body.pointSize(for: .large) == 17)
        #expect(TextStyle.body.pointSize(for: .ax5) == 53)
        #expect(TextStyle.caption2.pointSize(for: .xSmall) == 11)
        #expect(TextStyle.largeTitle.pointSize(for: .ax5) == 60)
    }

    @Test func resolvedSizesReachPango() throws {
        let engine = try TextEngine(fonts: FontLibrary.shared())
        let spec = try StyleDecoder.decode(
            "name: t\ncontent:\n  text: { value: \"{text}\", textStyle: body }\n", source: "t.yaml")
        var previous = 0.0
        for category in ContentSizeCategory.allCases {
            let style = try StyleResolver.resolve(spec, for: StyleEnvironment(contentSize: category))
            guard case .text(let text, _) = style.content else {
                Issue.record("not a text")
                return
            }
            #expect(text.font.size == TextStyle.body.pointSize(for: category))
            let height = try engine.measure(TextRequest(text: "Hg", font: text.font), width: nil).size.height
            #expect(height > previous, "\(category)")
            previous = height
        }
    }
}

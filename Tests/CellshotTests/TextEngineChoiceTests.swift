import CellLayout
import CellStyle
import Cellshot
import XCTest

/// The façade measures and renders the same with the height engine as with plain Pango.
final class TextEngineChoiceTests: XCTestCase {
    static let texts = [
        "YOU don't know about me without you have read a book by the name of The Adventures of Tom Sawyer.",
        "Aunt Polly\u{97}Tom's Aunt Polly, she is\u{97}and Mary, and the Widow Douglas is all told about in that book.",
        "Supercalifragilisticexpialidocious-and-then-some-more-words-without-any-spaces-at-all",
        "中文和English混合排版测试，包括数字123。", "שלום עולם and hello", "Ex\u{AD}traor\u{AD}di\u{AD}nary words",
        "First line\nSecond line\n", "Family 👨‍👩‍👧‍👦 and 👍🏽",
    ]

    func rows() -> [RowInput] {
        Self.texts.enumerated().map { RowInput(number: $0.offset + 1, fields: ["text": $0.element, "tag": "NEW"]) }
    }

    func testMeasureAgreesAtEveryWidthStyleAndSize() throws {
        for style in ["numbered-line", "tagged", "caption-text", "label"] {
            let spec = try StyleSpec.load(nameOrPath: style)
            for size in [ContentSizeCategory.large, .ax3] {
                let environment = StyleEnvironment(contentSize: size, appearance: .light)
                let prepared = try TableRenderer(style: spec, options: RenderOptions(environment: environment))
                let pango = try TableRenderer(
                    style: spec, options: RenderOptions(environment: environment, textEngine: .pango))
                for width in [280.0, 375, 1024] {
                    XCTAssertEqual(
                        try prepared.measure(rows(), width: width), try pango.measure(rows(), width: width),
                        "\(style) \(size.rawValue) \(width)")
                }
            }
        }
    }

    func testRenderedPixelsAreTheSame() throws {
        let spec = try StyleSpec.load(nameOrPath: "numbered-line")
        let prepared = try TableRenderer(style: spec, options: RenderOptions(width: 320))
        let pango = try TableRenderer(style: spec, options: RenderOptions(width: 320, textEngine: .pango))
        let a = try prepared.render(rows())
        let b = try pango.render(rows())
        XCTAssertEqual(a.pixelHeight, b.pixelHeight)
        XCTAssertEqual(a.png, b.png)
    }
}

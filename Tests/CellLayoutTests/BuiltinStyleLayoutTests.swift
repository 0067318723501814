import CellCore
import CellStyle
import Testing

@testable import CellLayout

/// The rules of the five classic cells, asserted with exact frames over `GridMeasurer`
/// (character = size/2 wide, line = size × 1.25 tall).
@Suite struct BuiltinStyleLayoutTests {
    func engine(_ name: String, _ environment: StyleEnvironment = .init()) throws -> LayoutEngine {
        let spec = try #require(try BuiltinStyles.spec(named: name))
        return LayoutEngine(style: try StyleResolver.resolve(spec, for: environment), measurer: GridMeasurer())
    }

    func row(_ fields: [String: String], number: Int = 1) -> RowInput {
        RowInput(number: number, fields: fields)
    }

    func node(_ layout: RowLayout, _ id: String) -> LayoutNode? {
        layout.root.allNodes.first { $0.id == id }
    }

    @Test func labelOfOneLineIs64Points() throws {
        // 14pt text: one line is 17.5 tall, under the 44pt minimum, so the row is 44 + 20.
        let layout = try engine("label").layout(row(["text": "Short"]), width: 375)
        #expect(layout.height == 64)
        #expect(node(layout, "label")?.frame == Rect(x: 10, y: 10, width: 355, height: 44))
    }

    @Test func labelGrowsPastTheMinimum() throws {
        // 355pt wide at 7pt a character: 50 characters a line. 120 characters in 10-character
        // words wrap onto 3 lines of 17.5: 52.5 + 20.
        let text = Array(repeating: "abcdefghi", count: 12).joined(separator: " ")
        let layout = try engine("label").layout(row(["text": text]), width: 375)
        #expect(layout.height == 72.5)
        #expect(node(layout, "label")?.measuredText?.lineCount == 3)
    }

    @Test func labelTextIsCentredVerticallyInItsMinimumHeight() throws {
        let layout = try engine("label").layout(row(["text": "Short"]), width: 375)
        guard case .text(_, _, let origin) = node(layout, "label")?.content else {
            Issue.record("label has no text content")
            return
        }
        #expect(origin == Point(x: 10, y: 10 + (44 - 17.5) / 2))
    }

    @Test func taggedBadgeSinksIntoAShortLastLine() throws {
        // 15pt text (7.5 a character), 343pt wide. Badge: "NEW" 11pt bold = 16.5 + 12 wide,
        // 13.75 + 4 tall. The last line "Hi" ends at 15, far from the badge.
        let layout = try engine("tagged").layout(row(["text": "Hi", "tag": "NEW"]), width: 375)
        let badge = try #require(node(layout, "tag"))
        #expect(layout.height == 18.75 + 20)
        #expect(badge.frame == Rect(x: 16 + 343 - 28.5, y: 10 + (18.75 - 17.75) / 2, width: 28.5, height: 17.75))
    }

    @Test func taggedBadgeDropsBelowAFullLastLine() throws {
        // 45 characters of 7.5 = 337.5: the line leaves 5.5pt, less than 8 + 28.5.
        let text = String(repeating: "x", count: 45)
        let layout = try engine("tagged").layout(row(["text": text, "tag": "NEW"]), width: 375)
        let badge = try #require(node(layout, "tag"))
        #expect(badge.frame == Rect(x: 16 + 343 - 28.5, y: 10 + 18.75 + 6, width: 28.5, height: 17.75))
        #expect(layout.height == 10 + 18.75 + 6 + 17.75 + 10)
    }

    @Test func taggedRowWithoutTagHasNoBadge() throws {
        let layout = try engine("tagged").layout(row(["text": "Hi"]), width: 375)
        #expect(node(layout, "tag") == nil)
        #expect(layout.height == 38.75)
    }

    @Test func captionTextSharesALineWhenBothFit() throws {
        // 13pt: 6.5 a character. "Wi-Fi" 32.5 + 15 + "On" 13 fits in 355.
        let layout = try engine("caption-text").layout(row(["caption": "Wi-Fi", "text": "  On  "]), width: 375)
        #expect(node(layout, "caption")?.frame == Rect(x: 10, y: 5, width: 32.5, height: 16.25))
        #expect(node(layout, "body")?.frame == Rect(x: 10 + 32.5 + 15, y: 5, width: 13, height: 16.25))
        #expect(layout.height == 5 + 16.25 + 5)
    }

    @Test func captionTextStacksWhenTheyDoNotFit() throws {
        let body = Array(repeating: "word", count: 14).joined(separator: " ")  // 69 chars = 448.5pt
        let layout = try engine("caption-text").layout(row(["caption": "Storage", "text": body]), width: 375)
        #expect(node(layout, "caption")?.frame == Rect(x: 10, y: 5, width: 355, height: 16.25))
        let bodyNode = try #require(node(layout, "body"))
        #expect(bodyNode.frame == Rect(x: 10, y: 5 + 16.25 + 5, width: 355, height: 32.5))
        #expect(layout.height == 5 + 16.25 + 5 + 32.5 + 5)
    }

    @Test func captionTextWithoutCaptionIsTheBodyAlone() throws {
        let layout = try engine("caption-text").layout(row(["text": "Body only"]), width: 375)
        #expect(node(layout, "caption") == nil)
        #expect(node(layout, "body")?.frame == Rect(x: 10, y: 5, width: 355, height: 16.25))
    }

    @Test func numberedLineFollowsTheContentSize() throws {
        for (category, caption, body) in [(ContentSizeCategory.large, 12.0, 17.0), (.ax3, 32, 40), (.xSmall, 11, 14)] {
            let layout = try engine("numbered-line", StyleEnvironment(contentSize: category)).layout(
                row(["text": "Hi"], number: 7), width: 375)
            #expect(layout.height == 8 + caption * 1.25 + 8 + body * 1.25 + 8, "\(category)")
            let line = try #require(node(layout, "line"))
            #expect(line.frame == Rect(x: 16, y: 8, width: 343, height: caption * 1.25))
            guard case .text(let measured, _, _) = line.content else { return }
            #expect(measured.size.width == Double("Line 7".count) * caption / 2)
        }
    }

    @Test func quotationRespectsTheAvatarMinimum() throws {
        // Quote 15pt (18.75) + 6 + attribution 13pt (16.25) = 41 > avatar 40: 12 + 41 + 12.
        let layout = try engine("quotation").layout(row(["text": "Hi", "author": "Ada Lovelace"]), width: 375)
        #expect(layout.height == 65)
        #expect(node(layout, "avatar")?.frame == Rect(x: 12, y: 12, width: 40, height: 40))
        #expect(node(layout, "quote")?.frame == Rect(x: 64, y: 12, width: 299, height: 18.75))
        #expect(node(layout, "attribution")?.frame == Rect(x: 64, y: 36.75, width: 299, height: 16.25))
    }

    @Test func quotationWithoutAuthorCollapsesAvatarAndAttribution() throws {
        let layout = try engine("quotation").layout(row(["text": "Hi"]), width: 375)
        #expect(node(layout, "avatar") == nil)
        #expect(node(layout, "attribution") == nil)
        #expect(node(layout, "quote")?.frame == Rect(x: 12, y: 12, width: 351, height: 18.75))
        #expect(layout.height == 12 + 18.75 + 12)
    }

    @Test func quotationIsNeverShorterThanPadAvatarPad() throws {
        let tallAvatar = try engine("quotation").layout(row(["text": "Hi", "author": "A"]), width: 375)
        #expect(tallAvatar.height >= 12 + 40 + 12)
    }

    @Test func missingRequiredFieldNamesRowAndField() throws {
        #expect(throws: LayoutError.missingField(row: 3, field: "text", element: "label")) {
            try engine("label").layout(row(["title": "x"], number: 3), width: 375)
        }
    }
}

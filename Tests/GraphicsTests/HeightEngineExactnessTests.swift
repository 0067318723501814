import CellCore
import CellStyle
import TextCorpus
import XCTest

@testable import Graphics

/// The height engine's lines, line rectangles, baselines and sizes equal Pango's own layout.
///
/// Widths 280, 320, 375, 414, 768 and 1024 points, content sizes Large and AX3 (Body at 17 and
/// 40 pt), numbered-line's requests (the row's sentence and its "Line N" caption): every
/// Huckleberry row, raw and repaired, and every text of the second corpus.
final class HeightEngineExactnessTests: XCTestCase {
    static let widths: [Double] = [280, 320, 375, 414, 768, 1024]
    static let sizes: [ContentSizeCategory] = [.large, .ax3]

    struct Tally {
        var equal = 0
        var fallbacks: [String: Int] = [:]
        var fallbackRows = Set<Int>()
        var differences: [String] = []
    }

    func compareGrid(_ texts: [String]) throws -> Tally {
        let fonts = try FontLibrary.shared()
        let pango = try TextEngine(fonts: fonts)
        var tally = Tally()
        for size in Self.sizes {
            let engine = try PreparedTextEngine(fonts: fonts)
            for width in Self.widths {
                let calls = try NumberedLineRequests.calls(texts: texts, width: width, contentSize: size)
                try engine.prepare(calls.map(\.request))
                for (index, call) in calls.enumerated() {
                    switch try PangoAgreement.compare(call.request, width: call.width, engine: engine, pango: pango) {
                    case .equal: tally.equal += 1
                    case .fallback(let reason):
                        tally.fallbacks[reason, default: 0] += 1
                        tally.fallbackRows.insert(index / 2)
                    case .different(let what):
                        tally.differences.append("\(size.rawValue) \(Int(width)) “\(call.request.text.prefix(40))”: \(what)")
                    }
                }
            }
        }
        return tally
    }

    func testHuckleberryRowsEqualPangoRawAndRepaired() throws {
        let rows = try HuckleberryData.texts()
        XCTAssertEqual(rows.count, 1997)
        for texts in [rows, rows.map { CP1252Repair.repair($0).text }] {
            let tally = try compareGrid(texts)
            XCTAssertEqual(tally.differences, [], "lines that differ from Pango's")
            XCTAssertEqual(tally.equal, texts.count * 2 * 12)
            XCTAssertLessThan(tally.fallbackRows.count * 100, texts.count, "fallbacks must stay under 1% of rows")
        }
    }

    func testSecondCorpusEqualsPangoAndFallsBackOnlyWhereUnmodelled() throws {
        let texts = SecondCorpus.texts
        XCTAssertGreaterThanOrEqual(texts.count, 300)
        let tally = try compareGrid(texts)
        XCTAssertEqual(tally.differences, [], "lines that differ from Pango's")
        XCTAssertEqual(Set(tally.fallbacks.keys).subtracting(["right-to-left text", "a word broken across items"]), [])
        XCTAssertEqual(tally.fallbacks["right-to-left text"], 12 * 60, "every Arabic and Hebrew text at every grid point")
        XCTAssertGreaterThan(tally.equal, texts.count * 24 * 8 / 10)
    }

    func testEdgeCasesEqualPango() throws {
        let fonts = try FontLibrary.shared()
        let pango = try TextEngine(fonts: fonts)
        let engine = try PreparedTextEngine(fonts: fonts)
        let texts = [
            "", " ", "\n", "a\n", "\n\n\n", "trailing spaces    ", "   leading", "one", "x\u{97}y\u{97}z",
            "\u{301}starts with a mark", "Supercalifragilisticexpialidocious" + String(repeating: "x", count: 60),
        ]
        for text in texts {
            for alignment in [TextAlignment.leading, .center, .trailing, .natural] {
                for width in [nil, 0, 12, 50, 100.5, 343] as [Double?] {
                    let request = TextRequest(text: text, font: FontSpec(size: 17), alignment: alignment, lineSpacing: 3)
                    let outcome = try PangoAgreement.compare(request, width: width, engine: engine, pango: pango)
                    XCTAssertEqual(outcome, .equal, "“\(text)” \(alignment) at \(width.map { "\($0)" } ?? "nil")")
                }
            }
        }
    }
}

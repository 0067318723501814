import CPangoCairo
import CellCore
import TextCorpus
import XCTest

@testable import Graphics

final class PreparedTextEngineTests: XCTestCase {
    func testParallelPreparationEqualsOneThread() throws {
        let fonts = try FontLibrary.shared()
        var texts = SecondCorpus.texts
        if let rows = try? HuckleberryData.texts() { texts += rows.prefix(400) }
        let requests = texts.map { TextRequest(text: $0, font: FontSpec(size: 17)) }
        let single = try PreparedTextEngine(fonts: fonts)
        try single.prepare(requests, threads: 1)
        let parallel = try PreparedTextEngine(fonts: fonts)
        try parallel.prepare(requests, threads: 2)
        XCTAssertEqual(parallel.statistics.preparedTexts, single.statistics.preparedTexts)
        for request in requests {
            XCTAssertEqual(parallel.preparedParagraphs(request), single.preparedParagraphs(request), "“\(request.text)”")
        }
        // Nothing was prepared twice: every text came from the parallel pass.
        XCTAssertEqual(parallel.statistics.preparedTexts, Set(texts).count)
    }

    func testDirectHarfBuzzShapingEqualsPangoShaping() throws {
        let fonts = try FontLibrary.shared()
        var texts = SecondCorpus.texts
        if let rows = try? HuckleberryData.texts() { texts += rows }
        let requests = [17.0, 40].flatMap { size in texts.map { TextRequest(text: $0, font: FontSpec(size: size)) } }
        let direct = try PreparedTextEngine(fonts: fonts)
        try direct.prepare(requests, threads: 1)
        ShapingSession.directShapingEnabled = false
        defer { ShapingSession.directShapingEnabled = true }
        let pango = try PreparedTextEngine(fonts: fonts)
        try pango.prepare(requests, threads: 1)
        for request in requests {
            XCTAssertEqual(direct.preparedParagraphs(request), pango.preparedParagraphs(request), "“\(request.text)”")
        }
    }

    func testUnmodelledTextsAndSettingsFallBackToPangoAndAreCounted() throws {
        let engine = try PreparedTextEngine(fonts: FontLibrary.shared())
        let font = FontSpec(size: 17)
        let plain = try engine.measure(TextRequest(text: "Plain words wrap here", font: font), width: 60)
        XCTAssertTrue(plain.prepared is PreparedTextLayout)
        XCTAssertEqual(engine.statistics.fallbackMeasurements, 0)
        let hebrew = try engine.measure(TextRequest(text: "שלום עולם", font: font), width: 60)
        XCTAssertTrue(hebrew.prepared is TextLayout)
        let markup = try engine.measure(TextRequest(text: "<b>bold</b>", font: font, markup: true), width: 60)
        XCTAssertTrue(markup.prepared is TextLayout)
        let tab = try engine.measure(TextRequest(text: "a\tb", font: font), width: 60)
        XCTAssertTrue(tab.prepared is TextLayout)
        XCTAssertEqual(engine.statistics.fallbackMeasurements, 3)
        XCTAssertEqual(engine.statistics.fallbackTexts, 2, "the Hebrew and the tab text; markup is a setting")
        XCTAssertEqual(engine.fallbackReason(TextRequest(text: "שלום עולם", font: font), width: 60), "right-to-left text")
    }

    func testArithmeticIsRecomputedAndPangoMeasurementsAreKeptPerWidth() throws {
        let engine = try PreparedTextEngine(fonts: FontLibrary.shared())
        let request = TextRequest(text: "The same words at two widths", font: FontSpec(size: 17))
        let narrow = try engine.measure(request, width: 80)
        let again = try engine.measure(request, width: 80)
        let wide = try engine.measure(request, width: 400)
        // Arithmetic is cheaper than keeping its result: computed each time, always the same.
        XCTAssertEqual(again.lines, narrow.lines)
        XCTAssertEqual(again.size, narrow.size)
        XCTAssertEqual(engine.statistics.measurements, 3)
        XCTAssertEqual(engine.statistics.preparedTexts, 1)
        let pango = try TextEngine(fonts: FontLibrary.shared())
        XCTAssertEqual(narrow.lineCount, try pango.measure(request, width: 80).lineCount)
        XCTAssertGreaterThan(narrow.lineCount, 2)
        XCTAssertEqual(wide.lineCount, 1)
        var centered = request
        centered.alignment = .center
        let moved = try engine.measure(centered, width: 400)
        XCTAssertEqual(engine.statistics.preparedTexts, 1, "alignment does not change the preparation")
        XCTAssertGreaterThan(moved.lines[0].frame.x, 0)

        // Pango's measurements are kept, for the last four widths of each request.
        let hebrew = TextRequest(text: "שלום עולם", font: FontSpec(size: 17))
        let first = try engine.measure(hebrew, width: 60)
        XCTAssertTrue(try engine.measure(hebrew, width: 60).prepared === first.prepared)
        XCTAssertEqual(engine.statistics.fallbackMeasurements, 1)
        for width in [61.0, 62, 63, 64] { _ = try engine.measure(hebrew, width: width) }
        XCTAssertEqual(engine.statistics.fallbackMeasurements, 5)
        XCTAssertFalse(try engine.measure(hebrew, width: 60).prepared === first.prepared, "the fifth width replaced it")
        XCTAssertEqual(engine.statistics.fallbackMeasurements, 6)
    }

    func testCanonicallyEquivalentTextsAreDifferentKeys() throws {
        // Swift's String == says these texts are equal; Pango sees different bytes, and so do requests.
        let fonts = try FontLibrary.shared()
        let engine = try PreparedTextEngine(fonts: fonts)
        let pango = try TextEngine(fonts: fonts)
        let composed = TextRequest(text: "caf\u{E9} cr\u{E8}me", font: FontSpec(size: 17))
        let decomposed = TextRequest(text: "cafe\u{301} cre\u{300}me", font: FontSpec(size: 17))
        XCTAssertEqual(composed.text, decomposed.text)
        XCTAssertNotEqual(composed, decomposed)
        for request in [composed, decomposed] {
            XCTAssertEqual(try PangoAgreement.compare(request, width: 200, engine: engine, pango: pango), .equal)
        }
        XCTAssertEqual(engine.statistics.preparedTexts, 2)
        XCTAssertEqual(engine.statistics.measurements, 2)
    }

    func testPaintedLayoutBreaksWhereMeasured() throws {
        let engine = try PreparedTextEngine(fonts: FontLibrary.shared())
        let request = TextRequest(text: "You don't know about me without you have read a book", font: FontSpec(size: 17))
        let measured = try engine.measure(request, width: 120)
        let prepared = try XCTUnwrap(measured.prepared as? PreparedTextLayout)
        let layout = try prepared.realize(measured)
        XCTAssertEqual(layout.lineStartIndices, prepared.lineStarts(measured))
        XCTAssertEqual(layout.measurement.lines, measured.lines)
        XCTAssertEqual(layout.measurement.size, measured.size)
        XCTAssertEqual(prepared.lineStarts(measured), [0, 10, 21, 32, 46])
        // One object serves the request at every width; each measurement is drawn at its own.
        let wide = try engine.measure(request, width: 400)
        XCTAssertTrue(wide.prepared === measured.prepared)
        XCTAssertEqual(wide.measuredWidth, 400)
        XCTAssertEqual(try prepared.realize(wide).measurement.lines, wide.lines)
        XCTAssertEqual(prepared.lineStarts(wide), try prepared.realize(wide).lineStartIndices)
        XCTAssertEqual(prepared.lineStarts(wide), [0, 46], "in 400 pt the last line is “a book”")
        XCTAssertTrue(try prepared.realize(measured) === layout, "the layout at 120 is kept")
    }

    func testCP1252RepairMapsC1ControlsToWindowsPunctuation() {
        let repaired = CP1252Repair.repair("said\u{97}and \u{93}so\u{94} \u{81}")
        XCTAssertEqual(repaired.text, "said\u{2014}and \u{201C}so\u{201D} \u{81}")
        XCTAssertEqual(repaired.repaired, 3)
        XCTAssertEqual(CP1252Repair.repair("plain").repaired, 0)
    }
}

/// Pieces summed from their characters' advances and their pairs' kerning (`PairwiseGlyphs`)
/// equal the pieces shaped whole.
final class PairwiseShapingTests: XCTestCase {
    func testPairwisePiecesEqualPiecesShapedWhole() throws {
        let fonts = try FontLibrary.shared()
        // Random text over all of printable ASCII, weighted toward letters, spaces and the
        // characters Inter's lookups treat specially (which must be shaped whole).
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let letters = Array("etaoinshrdlucmfwypvbgkqjxzETAOINSHRDLUCMFWYPVBGKQJXZ")
        let special = Array("()*+-:<=>@[]x{}~0123456789.,;'\"!?/")
        var texts: [String] = []
        for _ in 0..<6_000 {
            var text = ""
            for _ in 0..<(1 + next(40)) {
                switch next(10) {
                case 0...5: text.append(letters[next(letters.count)])
                case 6, 7: text.append(" ")
                case 8: text.append(special[next(special.count)])
                default: text.append(Character(UnicodeScalar(UInt8(0x20 + next(95)))))
                }
            }
            texts.append(text)
        }
        if let rows = try? HuckleberryData.texts() { texts += rows + rows.map { CP1252Repair.repair($0).text } }
        let requests = [12.0, 17, 40].flatMap { size in
            texts.map { TextRequest(text: $0, font: FontSpec(size: size)) } + [
                TextRequest(text: "Line 1997", font: FontSpec(size: size))
            ]
        }
        let summed = try PreparedTextEngine(fonts: fonts)
        try summed.prepare(requests, threads: 1)
        ShapingSession.pairwiseShapingEnabled = false
        defer { ShapingSession.pairwiseShapingEnabled = true }
        let whole = try PreparedTextEngine(fonts: fonts)
        try whole.prepare(requests, threads: 1)
        var differences = 0
        for request in requests where summed.preparedParagraphs(request) != whole.preparedParagraphs(request) {
            differences += 1
            if differences <= 5 { XCTFail("“\(request.text)” at \(request.font.size) pt: summed pieces differ from whole ones") }
        }
        XCTAssertEqual(differences, 0)
        // The sums were used: fewer pieces were shaped.
        XCTAssertLessThan(summed.statistics.shapedPieces, whole.statistics.shapedPieces)
    }

    func testInterShapesAllButItsContextualCharactersPairwise() throws {
        let path = try XCTUnwrap(try FontCatalog.defaultFiles().first { $0.hasSuffix("/Inter-Regular.otf") })
        let face = hb_face_create(hb_blob_create_from_file(path), 0)
        let font = try XCTUnwrap(hb_font_create(face))
        defer {
            hb_font_destroy(font)
            hb_face_destroy(face)
        }
        let glyphs = PairwiseGlyphs.of(font: font, script: HB_SCRIPT_LATIN, language: hb_language_from_string("en", -1))
        let excluded = String((UInt8(0x20)...UInt8(0x7E)).filter { !glyphs.contains($0) }.map { Character(UnicodeScalar($0)) })
        // Inter's `calt` takes these as input (arrows, operators and brackets raised between
        // capitals, × between digits); every other character, the space included, is pairwise.
        XCTAssertEqual(excluded, "()*+-:<=>@[]x{}~")
    }
}

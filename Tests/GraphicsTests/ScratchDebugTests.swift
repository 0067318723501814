import CPangoCairo
import CellCore
import XCTest

@testable import Graphics

final class ScratchDebugTests: XCTestCase {
    func testDump() throws {
        let fonts = try FontLibrary.shared()
        let pango = try TextEngine(fonts: fonts)
        let text = "东京2020年奥运会推迟到了2021年举行。"
        let layout = try pango.layout(TextRequest(text: text, font: FontSpec(size: 17)), width: 248)
        var node = pango_layout_get_lines_readonly(layout.pointer)
        while let current = node {
            let line = current.pointee.data.assumingMemoryBound(to: PangoLayoutLine.self)
            var logical = PangoRectangle()
            pango_layout_line_get_extents(line, nil, &logical)
            print("line start \(line.pointee.start_index) logical \(logical)")
            var runs = line.pointee.runs
            while let run = runs {
                let glyphItem = run.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self)
                var runLogical = PangoRectangle()
                pango_glyph_string_extents(glyphItem.pointee.glyphs, glyphItem.pointee.item.pointee.analysis.font, nil, &runLogical)
                let desc = pango_font_describe(glyphItem.pointee.item.pointee.analysis.font)
                print("  run offset \(glyphItem.pointee.item.pointee.offset) len \(glyphItem.pointee.item.pointee.length) font \(String(cString: pango_font_description_to_string(desc))) logical \(runLogical) y_offset \(glyphItem.pointee.y_offset)")
                let analysis = glyphItem.pointee.item.pointee.analysis
                let hbFont = pango_font_get_hb_font(analysis.font)
                let script = hb_script_t(rawValue: numericCast(g_unicode_script_to_iso15924(GUnicodeScript(rawValue: numericCast(analysis.script)))))
                let tag = hb_ot_layout_get_horizontal_baseline_tag_for_script(script)
                var scriptTags = [hb_tag_t](repeating: 0, count: 3)
                var langTags = [hb_tag_t](repeating: 0, count: 3)
                var scriptCount: UInt32 = 3
                var langCount: UInt32 = 3
                let language = hb_language_from_string(pango_language_to_string(analysis.language), -1)
                hb_ot_tags_from_script_and_language(script, language, &scriptCount, &scriptTags, &langCount, &langTags)
                for t in [tag, HB_OT_LAYOUT_BASELINE_TAG_IDEO_EMBOX_BOTTOM_OR_LEFT, HB_OT_LAYOUT_BASELINE_TAG_HANGING] {
                    var a: hb_position_t = 0
                    var b: hb_position_t = 0
                    hb_ot_layout_get_baseline_with_fallback(hbFont, t, HB_DIRECTION_LTR, hb_tag_t(0x44464C54), 0, &a)
                    hb_ot_layout_get_baseline_with_fallback(hbFont, t, HB_DIRECTION_LTR, scriptTags[Int(scriptCount) - 1], langCount > 0 ? langTags[Int(langCount) - 1] : 0, &b)
                    print("    script \(analysis.script) tag-for-script \(tag) tag \(t) default \(a) scripted \(b)")
                }
                runs = run.pointee.next
            }
            node = current.pointee.next
        }
        let engine = try PreparedTextEngine(fonts: fonts)
        let prepared = engine.debugParagraphs(TextRequest(text: text, font: FontSpec(size: 17)))
        for piece in prepared.paragraphs[0].pieces { print(piece) }
    }
}

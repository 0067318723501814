import CPangoCairo

extension TextLayout {
    /// Pango marks a glyph it found in no font as `PANGO_GLYPH_UNKNOWN_FLAG | code point`.
    static let unknownGlyphFlag: UInt32 = 0x1000_0000
    /// `PANGO_GLYPH_INVALID_INPUT`, which also has the unknown flag's bit set.
    static let invalidInputGlyph: UInt32 = 0xFFFF_FFFF

    /// The code points of the layout's unknown glyphs, each once, in visual run order.
    ///
    /// `pango_layout_get_unknown_glyphs_count` says whether there are any; the glyph strings of
    /// the runs say which.
    func missingGlyphScalars() -> [Unicode.Scalar] {
        guard pango_layout_get_unknown_glyphs_count(pointer) > 0, let iterator = pango_layout_get_iter(pointer) else {
            return []
        }
        defer { pango_layout_iter_free(iterator) }
        var found: [Unicode.Scalar] = []
        var seen = Set<UInt32>()
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator), let glyphs = run.pointee.glyphs else { continue }
            for index in 0..<Int(glyphs.pointee.num_glyphs) {
                let glyph = glyphs.pointee.glyphs[index].glyph
                guard glyph != Self.invalidInputGlyph, glyph & Self.unknownGlyphFlag != 0 else { continue }
                let value = glyph & ~Self.unknownGlyphFlag
                if let scalar = Unicode.Scalar(value), seen.insert(value).inserted { found.append(scalar) }
            }
        } while pango_layout_iter_next_run(iterator) != 0
        return found
    }
}

import CPangoCairo

/// The printable-ASCII characters whose glyphs a font shapes pairwise: in a run made only of
/// them, HarfBuzz substitutes nothing and positions nothing but by pair kerning and single
/// adjustments, so the run's width is the sum of its characters' advances plus one kerning value
/// per adjacent pair — each of which shaping one character, or two, gives exactly.
///
/// Found by reading the lookups HarfBuzz's own shape plan applies for the segment (direction
/// left to right, the script and language of the analysis, no features, as `shapeDirectly`
/// shapes): starting from every ASCII glyph that exists and is not a mark, it removes each
/// glyph a lookup could change in a run of the remaining glyphs —
/// - single, multiple and alternate substitutions: their whole coverage;
/// - ligatures whose components are all candidates: the first glyph and the components;
/// - contextual and chaining rules (any format) whose every position can be filled by a
///   candidate: the glyphs their input positions allow; reverse chaining likewise;
/// - positioning other than single adjustments and pair kerning without second values (cursive,
///   contextual, pair kerning that moves the second glyph): their glyphs; mark attachments: the
///   candidates they would treat as marks;
/// - any lookup that skips base glyphs or ligatures while matching: its glyphs.
/// One pass is enough: a rule that cannot match runs of the candidates cannot match runs of
/// fewer of them. A font with AAT tables or a legacy `kern` table, or whose tables do not
/// parse, has no pairwise character (everything is shaped whole, as before).
struct PairwiseGlyphs: Equatable {
    /// Bit `c` (0x20 … 0x7E) of the two words: character `c` is pairwise.
    private(set) var low: UInt64 = 0
    private(set) var high: UInt64 = 0

    static let none = PairwiseGlyphs()

    init() {}

    fileprivate init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low >> UInt64(byte) & 1 != 0 : byte < 128 ? high >> UInt64(byte - 64) & 1 != 0 : false
    }

    /// Whether every byte of `bytes` is a pairwise character.
    func covers(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { bytes.allSatisfy(contains) }

    /// The pairwise characters of `font` for text in `script` and `language`.
    static func of(font: OpaquePointer, script: hb_script_t, language: hb_language_t?) -> PairwiseGlyphs {
        guard let face = hb_font_get_face(font) else { return .none }
        for tag in ["morx", "mort", "kerx", "trak", "kern"] where tableLength(face, tag) > 0 { return .none }
        var glyphOf: [UInt8: UInt32] = [:]
        for byte in UInt8(0x20)...UInt8(0x7E) {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font, hb_codepoint_t(byte), &glyph) != 0 else { continue }
            if hb_ot_layout_get_glyph_class(face, glyph) == HB_OT_LAYOUT_GLYPH_CLASS_MARK { continue }
            glyphOf[byte] = glyph
        }
        var properties = hb_segment_properties_t()
        properties.direction = HB_DIRECTION_LTR
        properties.script = script
        properties.language = language
        guard let plan = hb_shape_plan_create_cached(face, &properties, nil, 0, nil) else { return .none }
        defer { hb_shape_plan_destroy(plan) }
        let glyphs = GlyphBits(glyphOf)
        var candidates = glyphs.all
        do {
            for table in [LayoutTable.substitution, .positioning] {
                guard let blob = hb_face_reference_table(face, table.tag) else { continue }
                defer { hb_blob_destroy(blob) }
                var length: UInt32 = 0
                guard let data = hb_blob_get_data(blob, &length), length > 0 else { continue }
                let lookups = hb_set_create()
                defer { hb_set_destroy(lookups) }
                hb_ot_shape_plan_collect_lookups(plan, table.tag, lookups)
                let fractionOnly = fractionOnlyLookups(face, table: table)
                defer { hb_set_destroy(fractionOnly) }
                var reader = LookupReader(
                    reader: TableReader(UnsafeRawBufferPointer(start: data, count: Int(length))), table: table, face: face,
                    glyphs: glyphs, candidates: candidates)
                var index = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start from the first
                var affected = GlyphMask()
                // Every lookup sees the same candidates (one pass; see the type's comment).
                while hb_set_next(lookups, &index) != 0 {
                    if hb_set_has(fractionOnly, index) != 0 { continue }
                    affected.formUnion(try reader.affected(lookup: Int(index)))
                }
                candidates.subtract(affected)
            }
        } catch {
            return .none
        }
        return PairwiseGlyphs(low: candidates.low, high: candidates.high)
    }

    /// The lookups only the features `frac`, `numr` and `dnom` use: HarfBuzz's plan lists them,
    /// but applies them only around a fraction slash (U+2044), which ASCII never is.
    private static func fractionOnlyLookups(_ face: OpaquePointer, table: LayoutTable) -> OpaquePointer {
        let fraction = ["frac", "numr", "dnom"].map(LayoutTable.tag)
        let only = hb_set_create()!
        var tags = [hb_tag_t](repeating: 0, count: 512)
        var count = UInt32(tags.count)
        hb_ot_layout_table_get_feature_tags(face, table.tag, 0, &count, &tags)
        let others = Array(Set(tags.prefix(Int(count))).subtracting(fraction)) + [0]
        let used = hb_set_create()
        defer { hb_set_destroy(used) }
        others.withUnsafeBufferPointer { hb_ot_layout_collect_lookups(face, table.tag, nil, nil, $0.baseAddress, used) }
        (fraction + [0]).withUnsafeBufferPointer { hb_ot_layout_collect_lookups(face, table.tag, nil, nil, $0.baseAddress, only) }
        hb_set_subtract(only, used)
        return only
    }

    private static func tableLength(_ face: OpaquePointer, _ tag: String) -> UInt32 {
        guard let blob = hb_face_reference_table(face, LayoutTable.tag(tag)) else { return 0 }
        defer { hb_blob_destroy(blob) }
        return hb_blob_get_length(blob)
    }
}

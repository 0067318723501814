import CPangoCairo

/// How Pango 1.50 aligns runs of different fonts on a line (`apply_baseline_shift`): the first
/// run's script picks a baseline (roman, hanging or ideographic), and every run is shifted by
/// the difference between the first run's font and its own font at that baseline.
struct RunBaselines: Hashable, Sendable {
    static let tags = [
        HB_OT_LAYOUT_BASELINE_TAG_ROMAN, HB_OT_LAYOUT_BASELINE_TAG_HANGING, HB_OT_LAYOUT_BASELINE_TAG_IDEO_FACE_BOTTOM_OR_LEFT,
    ]
    /// The index in `tags` of the baseline this run's script picks when it starts a line.
    var tag: UInt8
    /// The font's position of each baseline in `tags`, in Pango units (three fields, not an
    /// array, so that a piece stays a plain value).
    var roman: Int32
    var hanging: Int32
    var ideographic: Int32

    init(tag: UInt8, values: [Int32]) {
        self.tag = tag
        roman = values[0]
        hanging = values[1]
        ideographic = values[2]
    }

    /// The position of the baseline `tags[index]`.
    func value(_ index: Int) -> Int32 {
        switch index {
        case 0: roman
        case 1: hanging
        default: ideographic
        }
    }

    init(_ analysis: PangoAnalysis) {
        guard let font = analysis.font, let hbFont = pango_font_get_hb_font(font) else {
            self.init(tag: 0, values: [0, 0, 0])
            return
        }
        let iso = g_unicode_script_to_iso15924(GUnicodeScript(rawValue: numericCast(analysis.script)))
        let script = hb_script_t(rawValue: numericCast(iso))
        let own = hb_ot_layout_get_horizontal_baseline_tag_for_script(script)
        var scriptTags = [hb_tag_t](repeating: 0, count: Int(HB_OT_MAX_TAGS_PER_SCRIPT))
        var languageTags = [hb_tag_t](repeating: 0, count: Int(HB_OT_MAX_TAGS_PER_LANGUAGE))
        var scriptCount = UInt32(HB_OT_MAX_TAGS_PER_SCRIPT)
        var languageCount = UInt32(HB_OT_MAX_TAGS_PER_LANGUAGE)
        let language = hb_language_from_string(pango_language_to_string(analysis.language), -1)
        hb_ot_tags_from_script_and_language(script, language, &scriptCount, &scriptTags, &languageCount, &languageTags)
        let scriptTag = scriptCount > 0 ? scriptTags[Int(scriptCount) - 1] : 0
        let languageTag = languageCount > 0 ? languageTags[Int(languageCount) - 1] : 0
        let values = Self.tags.map { tag -> Int32 in
            var position: hb_position_t = 0
            hb_ot_layout_get_baseline_with_fallback(hbFont, tag, HB_DIRECTION_LTR, scriptTag, languageTag, &position)
            return position
        }
        self.init(tag: UInt8(Self.tags.firstIndex(of: own) ?? 0), values: values)
    }
}

/// What preparation keeps of one shaped piece, in Pango units.
struct PieceShape: Hashable, Sendable {
    var width: Int32
    /// The logical width of the piece's last character (what a wrapped line drops when it is white).
    var lastCharacterWidth: Int32
    /// The logical extents' top (negative: above the baseline) and bottom.
    var top: Int32
    var bottom: Int32
}

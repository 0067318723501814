import CPangoCairo

extension TextLayout {
    /// The font files Pango chose for this paragraph's runs (fallback fonts included).
    ///
    /// A golden records them, with their digests, so that a font upgrade is told apart from a
    /// design change.
    public var fontFiles: Set<String> {
        var files = Set<String>()
        guard let iterator = pango_layout_get_iter(pointer) else { return files }
        defer { pango_layout_iter_free(iterator) }
        let fcFontType = pango_fc_font_get_type()
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item,
                let font = item.pointee.analysis.font
            else { continue }
            let instance = UnsafeMutableRawPointer(font).assumingMemoryBound(to: GTypeInstance.self)
            guard g_type_check_instance_is_a(instance, fcFontType) != 0 else { continue }
            let fcFont = UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self)
            guard let pattern = pango_fc_font_get_pattern(fcFont) else { continue }
            var value: UnsafeMutablePointer<FcChar8>?
            if FcPatternGetString(pattern, FC_FILE, 0, &value) == FcResultMatch, let value {
                files.insert(String(cString: value))
            }
        } while pango_layout_iter_next_run(iterator) != 0
        return files
    }
}

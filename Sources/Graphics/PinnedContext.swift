import CPangoCairo

/// Makes a Pango font map and context over the pinned fonts with Cellshot's fixed options:
/// no hinting, unhinted metrics, greyscale antialiasing, resolution 72 (points are pixels at
/// scale 1) and glyph positions not rounded to whole pixels. The one place these options live,
/// so the plain engine and the height engine's per-thread contexts can never disagree.
enum PinnedContext {
    /// A new font map and context; the caller owns both (release with `g_object_unref`).
    static func make(fonts: FontLibrary) throws(GraphicsError) -> (
        fontMap: UnsafeMutablePointer<PangoFontMap>, context: OpaquePointer
    ) {
        guard let fontMap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            throw .pango("could not create a font map")
        }
        pango_fc_font_map_set_config(OpaquePointer(fontMap), fonts.config)
        guard let context = pango_font_map_create_context(fontMap) else {
            g_object_unref(fontMap)
            throw .pango("could not create a context")
        }
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        let status = cairo_font_options_status(options)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        guard status == CAIRO_STATUS_SUCCESS else {
            g_object_unref(UnsafeMutableRawPointer(context))
            g_object_unref(fontMap)
            throw .cairo(operation: "set font options", status: String(cString: cairo_status_to_string(status)))
        }
        pango_cairo_context_set_resolution(context, 72)
        pango_context_set_round_glyph_positions(context, 0)
        return (fontMap, context)
    }
}

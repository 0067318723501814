import CPangoCairo
import CellCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A Pango font map and context per thread, configured exactly as `TextEngine`'s (no hinting,
/// metrics off, glyph positions not rounded, resolution 72), kept for the thread's life.
///
/// Pango objects are per thread; a thread's preparation sessions share its context one after
/// another, so a new height engine starts with empty text caches but does not load the fonts
/// again (as a Pango baseline reusing its `TextEngine` does not). Released when the thread ends.
final class ThreadContext {
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer
    private let config: OpaquePointer
    /// The font the context's description was last set to (by `ShapingSession.use`).
    var fontSpec: FontSpec?

    private init(fonts: FontLibrary) throws(GraphicsError) {
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
        self.fontMap = fontMap
        self.context = context
        self.config = fonts.config
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(fontMap)
    }

    /// The calling thread's context for `fonts`, made on first use.
    static func current(_ fonts: FontLibrary) throws(GraphicsError) -> ThreadContext {
        let key = threadKey
        if let raw = pthread_getspecific(key) {
            let known = Unmanaged<ThreadContext>.fromOpaque(raw).takeUnretainedValue()
            if known.config == fonts.config { return known }
            Unmanaged<ThreadContext>.fromOpaque(raw).release()
            pthread_setspecific(key, nil)
        }
        let made = try ThreadContext(fonts: fonts)
        pthread_setspecific(key, Unmanaged.passRetained(made).toOpaque())
        return made
    }

    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            if let raw { Unmanaged<ThreadContext>.fromOpaque(raw).release() }
        }
        return key
    }()
}

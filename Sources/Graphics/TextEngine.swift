import CPangoCairo
import CellCore

/// Lays text out with Pango in Cellshot's pinned fonts and fixed font options.
///
/// Owns one Pango font map and context. Pango objects are per thread: an engine MUST be used
/// from one thread at a time; make one engine per worker.
public final class TextEngine: TextMeasuring {
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer

    /// Makes an engine over the shared pinned font set.
    public init(fonts: FontLibrary) throws(GraphicsError) {
        guard let fontMap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            throw .pango("could not create a font map")
        }
        pango_fc_font_map_set_config(OpaquePointer(fontMap), fonts.config)
        guard let context = pango_font_map_create_context(fontMap) else {
            g_object_unref(fontMap)
            throw .pango("could not create a context")
        }
        // Fixed options make layout independent of the machine: no hinting, unhinted metrics,
        // greyscale antialiasing, and no rounding of glyph positions to whole pixels.
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
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(fontMap)
    }

    public func measure(_ request: TextRequest, width: Double?) throws -> MeasuredText {
        try layout(request, width: width).measurement
    }

    /// Lays `request` out in `width` points (nil: one unwrapped paragraph).
    public func layout(_ request: TextRequest, width: Double?) throws(GraphicsError) -> TextLayout {
        guard let layout = pango_layout_new(context) else {
            throw .pango("could not create a layout")
        }
        let owned = TextLayout(layout: layout)
        try owned.configure(request, width: width)
        return owned
    }
}

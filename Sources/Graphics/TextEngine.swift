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
        (self.fontMap, self.context) = try PinnedContext.make(fonts: fonts)
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

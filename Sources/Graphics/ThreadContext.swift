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
        (self.fontMap, self.context) = try PinnedContext.make(fonts: fonts)
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

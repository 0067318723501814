import CPangoCairo

/// Cellshot's pinned font set: a private fontconfig configuration that holds only the font
/// files Cellshot names, never the machine's or the user's font folders.
///
/// Created once per process (fontconfig is initialised on the calling thread before any Pango
/// call); read-only afterwards, so every thread's font map can share it.
public final class FontLibrary: @unchecked Sendable {
    /// The font files loaded, in fallback order.
    public let files: [String]
    let config: OpaquePointer

    private init(files: [String]) throws(GraphicsError) {
        guard FcInit() != 0 else { throw .fonts("fontconfig failed to initialise") }
        guard let config = FcConfigCreate() else { throw .fonts("fontconfig could not create a configuration") }
        for file in files where FcConfigAppFontAddFile(config, file) == 0 {
            FcConfigDestroy(config)
            throw .fonts("fontconfig could not load \(file)")
        }
        self.files = files
        self.config = config
    }

    deinit { FcConfigDestroy(config) }

    nonisolated(unsafe) private static var cached: Result<FontLibrary, GraphicsError>?
    private static let lock = Mutex()

    /// The process-wide library of the default pinned set, loaded on first use.
    ///
    /// Throws when a required family (Inter) is missing, naming the folders searched and the
    /// script that installs it.
    public static func shared() throws(GraphicsError) -> FontLibrary {
        let result = lock.withLock { () -> Result<FontLibrary, GraphicsError> in
            if let cached { return cached }
            let made = Result { () throws(GraphicsError) in try FontLibrary(files: FontCatalog.defaultFiles()) }
            cached = made
            return made
        }
        return try result.get()
    }
}

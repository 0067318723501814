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
    nonisolated(unsafe) private static var withBrands: [[String]: FontLibrary] = [:]
    private static let lock = Mutex()

    /// The family names of every loaded font, as fontconfig reads them from the files.
    public var families: Set<String> {
        guard let set = FcConfigGetFonts(config, FcSetApplication) else { return [] }
        var names = Set<String>()
        for index in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[index] else { continue }
            var value: UnsafeMutablePointer<FcChar8>?
            var n: Int32 = 0
            while FcPatternGetString(pattern, FC_FAMILY, n, &value) == FcResultMatch, let value {
                names.insert(String(cString: value))
                n += 1
            }
        }
        return names
    }

    /// The pinned set with a style's brand font files ahead of it (cached per list of files).
    ///
    /// Throws when a file cannot be loaded, naming it.
    public static func with(brandFonts files: [String]) throws(GraphicsError) -> FontLibrary {
        let base = try shared()
        guard !files.isEmpty else { return base }
        let result = lock.withLock { () -> Result<FontLibrary, GraphicsError> in
            if let cached = withBrands[files] { return .success(cached) }
            let made = Result { () throws(GraphicsError) in try FontLibrary(files: files + base.files) }
            if case .success(let library) = made { withBrands[files] = library }
            return made
        }
        return try result.get()
    }

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

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
        guard FcConfigParseAndLoadFromMemory(config, Self.rules, 1) != 0 else {
            FcConfigDestroy(config)
            throw .fonts("fontconfig refused Cellshot's configuration rules")
        }
        for file in files where FcConfigAppFontAddFile(config, file) == 0 {
            FcConfigDestroy(config)
            throw .fonts("fontconfig could not load \(file)")
        }
        self.files = files
        self.config = config
    }

    deinit { FcConfigDestroy(config) }

    /// The private configuration's only rules; no system rule applies.
    /// - Pango asks for the generic family `emoji` for emoji runs (👍, ❤️, 👋🏽); it means Noto
    ///   Color Emoji, or the monochrome Noto Sans Symbols fonts would win the fallback.
    /// - Bitmap-only fonts (Noto Color Emoji has 109-px strikes) are scaled to the requested
    ///   pixel size by a font matrix; without it they are drawn several times too large.
    static let rules = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <alias binding="same">
            <family>emoji</family>
            <prefer><family>Noto Color Emoji</family></prefer>
          </alias>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <edit name="pixelsizefixupfactor" mode="assign">
              <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
            </edit>
          </match>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <test name="pixelsizefixupfactor" compare="not_eq"><double>1.0</double></test>
            <edit name="matrix" mode="assign">
              <times>
                <name>matrix</name>
                <matrix>
                  <name>pixelsizefixupfactor</name><double>0</double>
                  <double>0</double><name>pixelsizefixupfactor</name>
                </matrix>
              </times>
            </edit>
            <edit name="size" mode="assign"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>
          </match>
        </fontconfig>
        """

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
        LibraryLog.install()  // before any Pango call, so that no warning escapes Cellshot's writer
        let result = lock.withLock { () -> Result<FontLibrary, GraphicsError> in
            if let cached { return cached }
            let made = Result { () throws(GraphicsError) in try FontLibrary(files: FontCatalog.defaultFiles()) }
            cached = made
            return made
        }
        return try result.get()
    }
}

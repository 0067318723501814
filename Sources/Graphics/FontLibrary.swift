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
        guard FcConfigParseAndLoadFromMemory(config, Self.rules, 1) != 0 else {
            FcConfigDestroy(config)
            throw .fonts("fontconfig refused Cellshot's font rules")
        }
        self.files = files
        self.config = config
    }

    deinit { FcConfigDestroy(config) }

    /// The only fontconfig rules of the private configuration (the machine's are never read).
    ///
    /// - Colour emoji: Noto Color Emoji comes right after the requested family, before the
    ///   fonts fontconfig sorts by coverage. Pango 1.50 does not tag emoji runs for fontconfig,
    ///   so without this 👍 is drawn by Noto Sans Symbols 2 in black and 👍🏽 falls apart into
    ///   a black hand and a brown square. The price: a text-presentation symbol that Inter
    ///   lacks and the emoji font has (✔, ☺) is drawn in colour, as iOS often does too.
    /// - Bitmap scaling (fontconfig's own 10-scale-bitmap-fonts.conf): Noto Color Emoji holds
    ///   109-pixel bitmaps; without a matrix scaling them to the requested size an emoji is
    ///   drawn (and measured) at 109 pixels whatever the font size.
    static let rules = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <match target="pattern">
            <edit name="family" mode="append" binding="weak"><string>Noto Color Emoji</string></edit>
          </match>
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
                  <name>pixelsizefixupfactor</name> <double>0</double>
                  <double>0</double> <name>pixelsizefixupfactor</name>
                </matrix>
              </times>
            </edit>
            <edit name="size" mode="assign"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>
          </match>
        </fontconfig>
        """

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

import CPangoCairo

/// The versions of the C libraries Cellshot renders with, as they report them at run time.
public struct LibraryVersions: Sendable, Equatable {
    public let cairo: String
    public let pango: String
    public let harfBuzz: String
    public let fontconfig: String
    public let freeType: String

    /// Reads every library's own version.
    public static func current() -> LibraryVersions {
        let fc = Int(FcGetVersion())
        var library: FT_Library?
        var freeType = "unknown"
        if FT_Init_FreeType(&library) == 0, let library {
            var major: FT_Int = 0
            var minor: FT_Int = 0
            var patch: FT_Int = 0
            FT_Library_Version(library, &major, &minor, &patch)
            freeType = "\(major).\(minor).\(patch)"
            FT_Done_FreeType(library)
        }
        return LibraryVersions(
            cairo: String(cString: cairo_version_string()),
            pango: String(cString: pango_version_string()),
            harfBuzz: String(cString: hb_version_string()),
            fontconfig: "\(fc / 10000).\(fc / 100 % 100).\(fc % 100)",
            freeType: freeType)
    }
}

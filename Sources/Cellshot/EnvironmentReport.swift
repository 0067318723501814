import Graphics

/// The rendering environment: Cellshot's version, the C libraries' versions and the pinned fonts.
public struct EnvironmentReport: Sendable {
    public var cellshot: String
    public var libraries: LibraryVersions
    public var fontFiles: [String]

    public static func current() throws(CellshotError) -> EnvironmentReport {
        do {
            let fonts = try FontLibrary.shared()
            return EnvironmentReport(cellshot: CellshotVersion.string, libraries: .current(), fontFiles: fonts.files)
        } catch {
            throw .graphics(error.description)
        }
    }

    /// A human-readable block: versions first, then one font file a line in fallback order.
    public var text: String {
        var lines = [
            "cellshot \(cellshot)",
            "cairo \(libraries.cairo)",
            "pango \(libraries.pango)",
            "harfbuzz \(libraries.harfBuzz)",
            "fontconfig \(libraries.fontconfig)",
            "freetype \(libraries.freeType)",
            "fonts (\(fontFiles.count) files, in fallback order):",
        ]
        lines += fontFiles.map { "  \($0)" }
        return lines.joined(separator: "\n")
    }
}

/// Cellshot's version.
public enum CellshotVersion {
    public static let string = "0.1.0"
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which font files make up Cellshot's pinned set, and where they are looked for.
///
/// Fallback order: Inter (Latin, Greek, Cyrillic), the Noto Sans families for other scripts,
/// Noto Sans CJK, Noto Color Emoji. Folders come from `CELLSHOT_FONT_DIRS` (colon-separated)
/// when set, else the Debian package locations and Homebrew's.
public enum FontCatalog {
    static let defaultFolders = [
        "/usr/share/fonts/opentype/inter",
        "/usr/share/fonts/truetype/noto",
        "/usr/share/fonts/opentype/noto",
        "/opt/homebrew/share/fonts",
        "/usr/local/share/fonts",
    ]

    /// The folders searched, in order.
    public static var folders: [String] {
        if let custom = getenv("CELLSHOT_FONT_DIRS").map({ String(cString: $0) }), !custom.isEmpty {
            return custom.split(separator: ":").map(String.init)
        }
        return defaultFolders
    }

    /// Every file of the pinned set that is present, in fallback order.
    static func defaultFiles() throws(GraphicsError) -> [String] {
        let found = folders.flatMap { folder in listFiles(folder).map { folder + "/" + $0 } }
        let name = { (path: String) in String(path.split(separator: "/").last ?? "") }
        let inter = found.filter { name($0).hasPrefix("Inter-") && name($0).hasSuffix(".otf") }.sorted()
        guard inter.contains(where: { name($0) == "Inter-Regular.otf" }) else {
            throw .fonts(
                "Inter-Regular.otf not found in \(folders.joined(separator: ", ")); "
                    + "run Scripts/install-deps.sh (Debian package fonts-inter) or set CELLSHOT_FONT_DIRS")
        }
        let noto = found.filter { path in
            let file = name(path)
            return file.hasPrefix("NotoSans") && !file.hasPrefix("NotoSansCJK") && !file.hasPrefix("NotoSansDisplay")
                && !file.hasPrefix("NotoSansMono") && (file.hasSuffix("-Regular.ttf") || file.hasSuffix("-Bold.ttf"))
        }.sorted()
        let cjk = found.filter { ["NotoSansCJK-Regular.ttc", "NotoSansCJK-Bold.ttc"].contains(name($0)) }.sorted()
        let emoji = found.filter { name($0) == "NotoColorEmoji.ttf" }
        var seen = Set<String>()
        return (inter + noto + cjk + emoji).filter { seen.insert(name($0)).inserted }
    }

    private static func listFiles(_ folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if entryName.hasSuffix(".otf") || entryName.hasSuffix(".ttf") || entryName.hasSuffix(".ttc") {
                names.append(entryName)
            }
        }
        return names
    }
}

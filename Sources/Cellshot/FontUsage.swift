import Graphics

extension RenderedTable {
    /// The font files the table's text was laid out (and drawn) with, sorted.
    public var fontFilesUsed: [String] {
        var files = Set<String>()
        for row in rows {
            for node in row.root.allNodes {
                if let layout = node.measuredText?.prepared as? TextLayout {
                    files.formUnion(layout.fontFiles)
                } else if let measured = node.measuredText, let prepared = measured.prepared as? PreparedTextLayout,
                    let layout = try? prepared.realize(measured)
                {
                    // The height engine's text is drawn by the Pango layout it realizes.
                    files.formUnion(layout.fontFiles)
                }
            }
        }
        return files.sorted()
    }
}

extension EnvironmentReport {
    /// The SHA-256 of each file in `files` ("unreadable" when it cannot be read), keyed by path.
    public static func digests(of files: [String]) -> [String: String] {
        var result: [String: String] = [:]
        for file in files { result[file] = FileDigest.sha256(path: file) ?? "unreadable" }
        return result
    }
}

import Foundation
import ImageDiff
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Image paths confined to the data folder, and broken font setups answered at start-up.
extension HardeningCLITests {
    // MARK: image paths

    /// `data/` holds the data and `icons/wifi.png`; beside it, `outside.png` and `elsewhere/`.
    /// Links: `data/link.png` → `../outside.png`, `data/linkdir` → `../elsewhere`,
    /// `data/inside.png` → `icons/wifi.png`.
    static func imageFolder(_ folder: URL) throws {
        let manager = FileManager.default
        let icon = CLI.packageRoot.appendingPathComponent("Goldens/data/icons/wifi.png")
        for sub in ["data/icons", "elsewhere"] {
            try manager.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        for copy in ["data/icons/wifi.png", "outside.png", "elsewhere/wifi.png"] {
            try manager.copyItem(at: icon, to: folder.appendingPathComponent(copy))
        }
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("data/link.png").path, withDestinationPath: "../outside.png")
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("data/linkdir").path, withDestinationPath: "../elsewhere")
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("data/inside.png").path, withDestinationPath: "icons/wifi.png")
    }

    static let settingsStyle = CLI.packageRoot.appendingPathComponent("Goldens/styles/settings.yaml").path

    /// Image paths bound from data stay inside the data file's folder (after `..` and symbolic
    /// links are resolved) unless `--allow-images-outside-data` is given.
    @Test(arguments: [
        ("icons/wifi.png", true), ("icons/../icons/wifi.png", true), ("inside.png", true), ("../outside.png", false),
        ("{folder}/outside.png", false), ("link.png", false), ("linkdir/wifi.png", false), ("icons/../../outside.png", false),
    ])
    func imagePathsAreConfinedToTheDataFolder(_ path: String, _ inside: Bool) throws {
        for allow in [false, true] {
            let outcome = try Self.render(
                ["--data", "{folder}/data/rows.yaml"] + (allow ? ["--allow-images-outside-data"] : []), data: nil,
                style: Self.settingsStyle
            ) { folder in
                try Self.imageFolder(folder)
                let bound = path.replacingOccurrences(of: "{folder}", with: folder.path)
                try "- { icon: \"\(bound)\", title: Wi-Fi }\n".write(
                    to: folder.appendingPathComponent("data/rows.yaml"), atomically: true, encoding: .utf8)
            }
            defer { try? FileManager.default.removeItem(at: outcome.folder) }
            if inside || allow {
                try Self.expectRendered(outcome, width: 750)
            } else {
                let bound = path.replacingOccurrences(of: "{folder}", with: outcome.folder.path)
                Self.expectRefused(
                    outcome,
                    [
                        "data/rows.yaml: row 1: image `\(bound)`: is outside the data file's folder",
                        "pass --allow-images-outside-data to allow it",
                    ])
            }
        }
    }

    // MARK: fonts

    /// A broken font configuration is a clear error at start-up, never an abort inside Pango.
    @Test(arguments: ["empty", "corrupt", "missing"]) func brokenFontConfiguration(_ kind: String) throws {
        let fonts = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: fonts) }
        let inter = fonts.appendingPathComponent("Inter-Regular.otf")
        switch kind {
        case "corrupt": try Data((0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }).write(to: inter)
        case "missing":
            try FileManager.default.createSymbolicLink(atPath: inter.path, withDestinationPath: "/nonexistent/Inter-Regular.otf")
        default: break
        }
        let outcome = try Self.render([], data: Array("[\"a\"]".utf8), environment: ["CELLSHOT_FONT_DIRS": fonts.path])
        defer { try? FileManager.default.removeItem(at: outcome.folder) }
        let expected =
            kind == "empty"
            ? "error: fonts: Inter-Regular.otf not found in \(fonts.path); run Scripts/install-deps.sh (Debian package fonts-inter) or set CELLSHOT_FONT_DIRS"
            : "error: fonts: fontconfig could not load \(inter.path)"
        Self.expectRefused(outcome, [expected])
    }
}

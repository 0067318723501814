import Foundation
import ImageDiff

/// A failing case's files under `ARTIFACTS/cases/NAME/`; paths it returns are relative to ARTIFACTS.
struct ArtifactStore {
    var root: String
    var name: String

    var relativeFolder: String { "cases/" + name }
    var folder: String { root + "/" + relativeFolder }

    /// Removes what an earlier run left for this case.
    func clear() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Writes `bytes` as `file`; returns its path relative to the artifacts folder, or nil on failure.
    func write(_ bytes: [UInt8], _ file: String) -> String? {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + file))
            return relativeFolder + "/" + file
        } catch {
            return nil
        }
    }

    /// Expected, actual and diff images, their debug-border versions, and crops of the changed rows.
    func writeAll(
        expected: RGBAImage, expectedPNG: [UInt8], actual: CaseRender, diff: RGBAImage?, stored: GoldenSnapshot?,
        changes: [RowChange], options: DiffOptions
    ) -> [String: String] {
        var files: [String: String] = [:]
        files["expected"] = write(expectedPNG, "expected.png")
        files["actual"] = write(actual.png, "actual.png")
        if let diff { files["diff"] = write(PNGEncoder.encode(diff), "diff.png") }
        if let stored {
            files["expected-debug"] = write(PNGEncoder.encode(DebugOverlay.draw(stored, on: expected)), "expected-debug.png")
        }
        files["actual-debug"] = write(PNGEncoder.encode(DebugOverlay.draw(actual.snapshot, on: actual.image)), "actual-debug.png")
        for change in changes.prefix(12) {
            if let band = change.expectedBand, let crop = Self.crop(expected, band) {
                files["row-\(change.row)-expected"] = write(PNGEncoder.encode(crop), "row-\(change.row)-expected.png")
            }
            if let band = change.actualBand, let crop = Self.crop(actual.image, band) {
                files["row-\(change.row)-actual"] = write(PNGEncoder.encode(crop), "row-\(change.row)-actual.png")
            }
            if let diff = Self.rowDiff(expected, actual.image, change, options: options) {
                files["row-\(change.row)-diff"] = write(PNGEncoder.encode(diff), "row-\(change.row)-diff.png")
            }
        }
        return files
    }

    /// The diff of a row's band in the golden against its band in the render, when they have the same size.
    static func rowDiff(_ expected: RGBAImage, _ actual: RGBAImage, _ change: RowChange, options: DiffOptions) -> RGBAImage? {
        guard let old = change.expectedBand, let new = change.actualBand, let a = crop(expected, old), let b = crop(actual, new)
        else { return nil }
        if a.width == b.width, a.height == b.height {
            return try? ImageDiff.compare(a, b, options: options).diffImage
        }
        return try? ImageDiff.compare(GoldenVerifier.padded(a, b), GoldenVerifier.padded(b, a), options: options).diffImage
    }

    /// The full-width band `[y, height]` of `image`, clipped to it; nil when nothing is left.
    static func crop(_ image: RGBAImage, _ band: [Int]) -> RGBAImage? {
        guard band.count == 2 else { return nil }
        let top = min(max(band[0], 0), image.height)
        let bottom = min(max(band[0] + band[1], top), image.height)
        guard bottom > top else { return nil }
        let bytes = Array(image.pixels[top * image.width * 4..<bottom * image.width * 4])
        return RGBAImage(width: image.width, height: bottom - top, pixels: bytes)
    }
}

/// Draws a one-device-pixel border around every laid-out element, coloured by kind.
enum DebugOverlay {
    static let colours: [String: RGBA] = [
        "cell": RGBA(r: 255, g: 0, b: 255), "text": RGBA(r: 0, g: 122, b: 255), "badge": RGBA(r: 255, g: 149, b: 0),
        "avatar": RGBA(r: 52, g: 199, b: 89), "image": RGBA(r: 52, g: 199, b: 89), "accessory": RGBA(r: 175, g: 82, b: 222),
        "cellAccessory": RGBA(r: 175, g: 82, b: 222), "divider": RGBA(r: 255, g: 59, b: 48),
    ]
    static let containerColour = RGBA(r: 142, g: 142, b: 147)

    static func draw(_ snapshot: GoldenSnapshot, on image: RGBAImage) -> RGBAImage {
        var output = image
        let scale = Double(snapshot.image.scale)
        for row in snapshot.rows {
            for element in row.elements where element.kind != "spacer" {
                let f = element.rect
                guard f.count == 4 else { continue }
                let x0 = Int((f[0] * scale).rounded())
                let y0 = Int(((row.y + f[1]) * scale).rounded())
                let x1 = Int(((f[0] + f[2]) * scale).rounded()) - 1
                let y1 = Int(((row.y + f[1] + f[3]) * scale).rounded()) - 1
                guard x1 >= x0, y1 >= y0 else { continue }
                let colour = colours[element.kind] ?? containerColour
                for x in x0...x1 {
                    set(&output, x, y0, colour)
                    set(&output, x, y1, colour)
                }
                for y in y0...y1 {
                    set(&output, x0, y, colour)
                    set(&output, x1, y, colour)
                }
            }
        }
        return output
    }

    static func set(_ image: inout RGBAImage, _ x: Int, _ y: Int, _ colour: RGBA) {
        guard x >= 0, y >= 0, x < image.width, y < image.height else { return }
        let index = (y * image.width + x) * 4
        image.pixels[index] = colour.r
        image.pixels[index + 1] = colour.g
        image.pixels[index + 2] = colour.b
        image.pixels[index + 3] = 255
    }
}

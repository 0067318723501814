import Cellshot
import Foundation
import ImageDiff

/// Verifies cases against their goldens; never writes into the goldens folder.
public struct GoldenVerifier: Sendable {
    public var diffOptions: DiffOptions
    public var criteria: PassCriteria
    /// Where failing cases leave their images (`cases/NAME/…`); never inside the goldens folder.
    public var artifactsFolder: String

    public init(diffOptions: DiffOptions = DiffOptions(), criteria: PassCriteria = PassCriteria(), artifactsFolder: String) {
        self.diffOptions = diffOptions
        self.criteria = criteria
        self.artifactsFolder = artifactsFolder
    }

    /// Renders `item` (`job` when given, else its table file), compares it with its golden and,
    /// on failure, writes its artifacts.
    public func verify(_ item: GoldenCase, job: TableJob? = nil) -> CaseResult {
        let start = ContinuousClock.now
        var result = CaseResult(name: item.name, status: .passed, message: "", time: 0)
        let store = ArtifactStore(root: artifactsFolder, name: item.name)
        store.clear()
        let actual: CaseRender
        do {
            actual = try CaseRender.render(item, job: job)
        } catch {
            result.status = .error
            result.message = error.description
            result.time = seconds(since: start)
            return result
        }
        result.actualSize = [actual.image.width, actual.image.height]
        guard let goldenBytes = FileManager.default.contents(atPath: item.goldenPath) else {
            result.status = .missing
            result.message =
                "missing golden \(item.name).png; record it with `cellshot record \(item.folder) --only \(item.name)`"
            result.artifacts["actual"] = store.write(actual.png, "actual.png")
            result.time = seconds(since: start)
            return result
        }
        let expected: RGBAImage
        do {
            expected = try PNGDecoder.decode([UInt8](goldenBytes))
        } catch {
            result.status = .failed
            result.message = "the golden \(item.name).png cannot be decoded: \(error)"
            result.artifacts["actual"] = store.write(actual.png, "actual.png")
            result.time = seconds(since: start)
            return result
        }
        result.expectedSize = [expected.width, expected.height]
        let sameSize = expected.width == actual.image.width && expected.height == actual.image.height
        let (left, right) =
            sameSize ? (expected, actual.image) : (Self.padded(expected, actual.image), Self.padded(actual.image, expected))
        // Padded images always have equal sizes, so the comparison cannot throw.
        guard let diff = try? ImageDiff.compare(left, right, options: diffOptions) else {
            result.status = .error
            result.message = "the images could not be compared"
            return result
        }
        result.mismatchedPixels = diff.mismatchedPixels
        result.totalPixels = diff.totalPixels
        if sameSize, criteria.passes(diff) {
            result.time = seconds(since: start)
            return result
        }
        result.status = .failed
        result.message =
            sameSize
            ? "\(diff.mismatchedPixels) of \(diff.totalPixels) pixels differ (\(percent(diff.mismatchRatio)))"
            : "the size changed: expected \(expected.width)×\(expected.height), actual \(actual.image.width)×\(actual.image.height)"
        let stored = SnapshotFile.read(item.snapshotPath)
        if let stored {
            result.environmentChanges = actual.snapshot.environment.changes(from: stored.environment)
            result.rowChanges = LayoutComparison.changes(expected: stored, actual: actual.snapshot)
        } else {
            result.message += "; no \(item.name).golden.json beside the golden, so rows cannot be explained"
        }
        if let stored {
            result.rowChanges = PixelAttribution.attribute(
                expected: expected, stored: stored, actual: actual.image, snapshot: actual.snapshot, options: diffOptions,
                changes: result.rowChanges)
        }
        result.artifacts = store.writeAll(
            expected: expected, expectedPNG: [UInt8](goldenBytes), actual: actual, diff: diff.diffImage, stored: stored,
            changes: result.rowChanges, options: diffOptions)
        result.time = seconds(since: start)
        return result
    }

    /// `image` on a transparent canvas as large as both images, so differing sizes still get a diff.
    static func padded(_ image: RGBAImage, _ other: RGBAImage) -> RGBAImage {
        let width = max(image.width, other.width)
        let height = max(image.height, other.height)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<image.height {
            let source = y * image.width * 4
            pixels.replaceSubrange(
                y * width * 4..<y * width * 4 + image.width * 4, with: image.pixels[source..<source + image.width * 4])
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    func percent(_ ratio: Double) -> String { String(format: "%.4f%%", ratio * 100) }
}

/// Which rows' pixels differ: each row's band in the golden against its band in the render, so
/// rows that only moved (because a row above changed height) are not blamed.
enum PixelAttribution {
    static func attribute(
        expected: RGBAImage, stored: GoldenSnapshot, actual: RGBAImage, snapshot: GoldenSnapshot, options: DiffOptions,
        changes: [RowChange]
    ) -> [RowChange] {
        var result = changes
        let old = Dictionary(stored.rows.map { ($0.row, $0) }, uniquingKeysWith: { a, _ in a })
        for row in snapshot.rows {
            guard let before = old[row.row] else { continue }
            let oldBand = LayoutComparison.band(before, scale: stored.image.scale)
            let newBand = LayoutComparison.band(row, scale: snapshot.image.scale)
            guard let a = ArtifactStore.crop(expected, oldBand), let b = ArtifactStore.crop(actual, newBand),
                a.width == b.width, a.height == b.height,
                let count = try? ImageDiff.compare(a, b, options: options, producingDiffImage: false).mismatchedPixels,
                count > 0
            else { continue }
            let phrase = "\(count) pixels differ"
            if let index = result.firstIndex(where: { $0.row == row.row }) {
                result[index].details.append(phrase)
            } else {
                result.append(
                    RowChange(
                        row: row.row, details: [phrase + "; layout unchanged (colour, drawing or glyph change)"],
                        expectedBand: oldBand, actualBand: newBand))
            }
        }
        return result.sorted { $0.row < $1.row }
    }
}

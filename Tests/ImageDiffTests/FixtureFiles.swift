import Foundation
import Testing

@testable import ImageDiff

/// Locates and loads test inputs through `#filePath`, never through bundles,
/// so the tests behave the same in this package and in the main one.
enum FixtureFiles {
    /// The package root: three levels up from this file (Tests/ImageDiffTests/x.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// pixelmatch's fixtures, shared beside the package rather than copied in.
    /// IMAGEDIFF_PIXELMATCH_FIXTURES overrides the folder (used to exercise the
    /// missing-folder behaviour).
    static let pixelmatch: URL = {
        if let override = ProcessInfo.processInfo.environment["IMAGEDIFF_PIXELMATCH_FIXTURES"] {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.appendingPathComponent("../shared/fixtures/pixelmatch").standardized
    }()

    /// The small PNGs made by make_fixtures.py, kept with the tests.
    static let local = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] != nil }

    static var pixelmatchAvailable: Bool {
        FileManager.default.fileExists(atPath: pixelmatch.appendingPathComponent("1a.png").path)
    }

    /// Whether the pixelmatch suites run: always on CI (where a missing folder
    /// must fail, not pass silently), elsewhere only when the fixtures exist.
    static var runPixelmatchSuites: Bool { pixelmatchAvailable || isCI }

    static func bytes(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }

    /// Decodes `name`.png from the pixelmatch folder, recording an issue when absent.
    static func pixelmatchImage(_ name: String) throws -> RGBAImage {
        let url = pixelmatch.appendingPathComponent("\(name).png")
        guard FileManager.default.fileExists(atPath: url.path) else {
            Issue.record("Missing pixelmatch fixture \(url.path); CI=\(isCI ? "set" : "unset").")
            throw FixtureMissing(path: url.path)
        }
        return try PNGDecoder.decode(bytes(url))
    }

    static func localImage(_ name: String) throws -> RGBAImage {
        try PNGDecoder.decode(bytes(local.appendingPathComponent(name)))
    }

    struct FixtureMissing: Error {
        let path: String
    }
}

@Suite("Fixture availability")
struct FixtureAvailabilityTests {
    /// Makes a missing shared folder visible: a message locally, a failure on CI.
    @Test func pixelmatchFixturesPresent() {
        guard !FixtureFiles.pixelmatchAvailable else { return }
        let message = "pixelmatch fixtures not found at \(FixtureFiles.pixelmatch.path)"
        if FixtureFiles.isCI {
            Issue.record("\(message); CI is set, so this is a failure.")
        } else {
            print("Skipping pixelmatch fixture tests: \(message) (CI unset).")
        }
    }
}

/// Compact image comparison for assertions: a failing `#expect(a == b)` on
/// images would print megabytes of pixel bytes.
struct PixelDifference: CustomStringConvertible {
    let count: Int
    let first: (x: Int, y: Int)?
    let sizesMatch: Bool

    init(_ a: RGBAImage?, _ b: RGBAImage?) {
        guard let a, let b, a.width == b.width, a.height == b.height, a.pixels.count == b.pixels.count
        else {
            sizesMatch = (a == nil && b == nil)
            count = sizesMatch ? 0 : -1
            first = nil
            return
        }
        sizesMatch = true
        var count = 0
        var first: (x: Int, y: Int)?
        for i in stride(from: 0, to: a.pixels.count, by: 4)
        where a.pixels[i..<(i + 4)] != b.pixels[i..<(i + 4)] {
            count += 1
            if first == nil { first = ((i / 4) % max(a.width, 1), (i / 4) / max(a.width, 1)) }
        }
        self.count = count
        self.first = first
    }

    var isNone: Bool { sizesMatch && count == 0 }

    var description: String {
        guard sizesMatch else { return "images differ in size (or one is missing)" }
        guard let first else { return "no differing pixels" }
        return "\(count) differing pixels, first at (\(first.x), \(first.y))"
    }
}

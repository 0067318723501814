import CellData
import CellStyle
import Foundation
import ImageDiff
import Testing

/// Replays every committed fuzzing input (`FuzzCorpus/<target>/`, found by Scripts/fuzz.sh) through
/// the same call as its fuzz target in Scripts/fuzz/. Each once crashed, hung or was slow; now each
/// must return (a value or an error). The time limit is a generous guard against a hang.
@Suite(.timeLimit(.minutes(2))) struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzCorpus")

    static func inputs(_ target: String) -> [URL] {
        let folder = corpus.appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// The replay time, for the record (not asserted: the time limit is the guard).
    static func report(_ file: URL, _ time: Duration) {
        let name = file.deletingLastPathComponent().lastPathComponent + "/" + file.lastPathComponent
        print("replayed \(name) in \(time.components.seconds * 1000 + time.components.attoseconds / 1_000_000_000_000_000) ms")
    }

    @Test func corpusIsPresent() {
        for target in ["data", "style", "png"] {
            #expect(!Self.inputs(target).isEmpty, "FuzzCorpus/\(target) is empty")
        }
    }

    /// Scripts/fuzz/FuzzData.swift: the first byte picks the format.
    @Test(arguments: inputs("data")) func dataInput(_ file: URL) throws {
        let bytes = try [UInt8](Data(contentsOf: file))
        guard let first = bytes.first else { return }
        let formats: [DataFormat] = [.json, .yaml, .csv, .plist, .text]
        let time = ContinuousClock().measure {
            _ = try? DataLoader.load(Array(bytes.dropFirst()), format: formats[Int(first) % formats.count], sourceName: "fuzz")
        }
        Self.report(file, time)
    }

    /// Scripts/fuzz/FuzzStyle.swift.
    @Test(arguments: inputs("style")) func styleInput(_ file: URL) throws {
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        let time = ContinuousClock().measure {
            _ = try? StyleDecoder.decode(text, source: "fuzz.yaml", baseFolder: "/nonexistent-cellshot-fuzz")
        }
        Self.report(file, time)
    }

    /// Scripts/fuzz/FuzzPNG.swift.
    @Test(arguments: inputs("png")) func pngInput(_ file: URL) throws {
        let bytes = try [UInt8](Data(contentsOf: file))
        let time = ContinuousClock().measure {
            _ = try? PNGDecoder.decode(bytes, limits: PNGLimits(maxPixels: 4_000_000, maxBytes: 64_000_000))
        }
        Self.report(file, time)
    }
}

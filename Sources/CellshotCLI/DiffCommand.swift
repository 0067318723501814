import ArgumentParser
import Cellshot
import Foundation
import ImageDiff

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compares two PNGs like pixelmatch 7.1: prints the mismatch count; exit 0 pass, 1 differ, 2 unreadable.")

    @Argument(help: "The expected PNG.") var expected: String
    @Argument(help: "The actual PNG.") var actual: String
    @Option(help: "Matching threshold 0…1; smaller is more sensitive (default 0.1).") var threshold = 0.1
    @Flag(help: "Count anti-aliased pixels as differences.") var includeAA = false
    @Option(help: "Opacity of the expected image in the diff's grey background (default 0.1).") var alpha = 0.1
    @Option(help: "Colour of anti-aliased pixels in the diff, R,G,B (default 255,255,0).") var aaColor = "255,255,0"
    @Option(help: "Colour of differing pixels, R,G,B (default 255,0,0).") var diffColor = "255,0,0"
    @Option(help: "Colour of differing pixels where the actual image is darker, R,G,B.") var diffColorAlt: String?
    @Flag(help: "Draw only the differences, on a transparent background.") var diffMask = false
    @Option(help: "Pass with up to this many differing pixels (default 0).") var maxDiffPixels = 0
    @Option(help: "Pass with up to this fraction (0…1) of the pixels differing.") var maxDiffRatio: Double?
    @Option(name: .shortAndLong, help: "Write the diff image to this PNG.") var output: String?
    @Flag(help: "Print a JSON object after the count.") var json = false

    func run() throws {
        let options: DiffOptions
        do {
            options = DiffOptions(
                threshold: threshold, includeAA: includeAA, alpha: alpha, aaColor: try Self.colour(aaColor, "--aa-color"),
                diffColor: try Self.colour(diffColor, "--diff-color"),
                diffColorAlt: try diffColorAlt.map { try Self.colour($0, "--diff-color-alt") }, diffMask: diffMask)
            guard threshold.isFinite, (0...1).contains(threshold) else {
                throw ValidationError("--threshold must be 0…1, got \(threshold)")
            }
            guard alpha.isFinite, (0...1).contains(alpha) else { throw ValidationError("--alpha must be 0…1, got \(alpha)") }
            if let ratio = maxDiffRatio, !(ratio.isFinite && (0...1).contains(ratio)) {
                throw ValidationError("--max-diff-ratio must be 0…1, got \(ratio)")
            }
        }
        let a = try Self.load(expected)
        let b = try Self.load(actual)
        let result: DiffResult
        do {
            result = try ImageDiff.compare(a, b, options: options, producingDiffImage: output != nil)
        } catch {
            if case .sizeMismatch(let e, let g) = error {
                printError("error: \(expected) is \(e), \(actual) is \(g): images of different sizes always differ")
                throw ExitCode(1)
            }
            printError("error: \(error)")
            throw ExitCode(2)
        }
        let passed = PassCriteria(maxDiffPixels: maxDiffPixels, maxDiffPixelRatio: maxDiffRatio).passes(result)
        print(result.mismatchedPixels)
        if let output, let image = result.diffImage {
            do {
                try OutputFile.write(PNGEncoder.encode(image), to: output)
            } catch {
                printError("error: \(error)")
                throw ExitCode(2)
            }
        }
        if json {
            let ratio = result.mismatchRatio
            print(
                #"{"mismatchedPixels":\#(result.mismatchedPixels),"totalPixels":\#(result.totalPixels),"ratio":\#(ratio),"#
                    + #""width":\#(a.width),"height":\#(a.height),"passed":\#(passed)}"#)
        }
        if !passed { throw ExitCode(1) }
    }

    static func load(_ path: String) throws -> RGBAImage {
        guard let data = FileManager.default.contents(atPath: path) else {
            printError("error: cannot read \(path)")
            throw ExitCode(2)
        }
        do {
            return try PNGDecoder.decode([UInt8](data))
        } catch {
            printError("error: \(path): \(error)")
            throw ExitCode(2)
        }
    }

    static func colour(_ text: String, _ option: String) throws -> RGB {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            UInt8($0.trimmingCharacters(in: .whitespaces))
        }
        guard parts.count == 3, let r = parts[0], let g = parts[1], let b = parts[2] else {
            throw ValidationError("\(option) must be R,G,B with each 0…255, got `\(text)`")
        }
        return RGB(r, g, b)
    }
}

import Foundation
import Testing

/// The project's own goldens, checked by `cellshot verify` as CI runs it: every case of Goldens/
/// (a table file beside its PNG) renders as its golden, with a tolerance near zero (fonts are pinned).
@Suite struct GoldenTests {
    static let goldens = CLI.packageRoot.appendingPathComponent("Goldens")

    @Test func everyGoldenVerifies() throws {
        // The report stays in artifacts/goldens (ignored by git) for CI to keep.
        let artifacts = CLI.packageRoot.appendingPathComponent("artifacts/goldens").path
        let result = try CLI.run(["verify", "Goldens", "--artifacts", artifacts, "--threshold", "0.01", "--include-aa"])
        let output = String(decoding: result.stdout, as: UTF8.self)
        #expect(result.status == 0, "\(output)\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.goldens.path).filter { $0.hasSuffix(".png") }
        #expect(names.count >= 11)
        for name in names { #expect(output.contains("PASSED \(name.dropLast(4))\n"), "\(name) not verified: \(output)") }
        let junit = try String(contentsOfFile: artifacts + "/junit.xml", encoding: .utf8)
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == names.count)
        #expect(!junit.contains("<failure"))
    }

    @Test func everyGoldenHasItsTableFileAndSnapshot() throws {
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: Self.goldens.path))
        for png in files where png.hasSuffix(".png") {
            let name = png.dropLast(4)
            #expect(files.contains("\(name).yaml"), "\(png) has no table file")
            #expect(files.contains("\(name).golden.json"), "\(png) has no snapshot sidecar")
        }
    }
}

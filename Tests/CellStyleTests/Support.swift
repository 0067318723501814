import Foundation
import Testing

@testable import CellStyle

enum Paths {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let schemaFolder = root.appendingPathComponent("Sources/CellStyle/Schema")
    static let reference = schemaFolder.appendingPathComponent("STYLE-LANGUAGE.md")
}

/// Decodes `yaml` and returns the diagnostics' descriptions, or [] when it decodes.
func diagnostics(_ yaml: String, source: String = "test.yaml", folder: String = ".") -> [String] {
    do {
        _ = try StyleDecoder.decode(yaml, source: source, baseFolder: folder)
        return []
    } catch {
        return error.diagnostics.map(\.description)
    }
}

/// A fresh temporary folder.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("cellshot-style-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The documented invalid examples of the reference: (expected message, YAML).
func documentedInvalidExamples(marker: String = "invalid") throws -> [(expect: String, yaml: String)] {
    let text = try String(contentsOf: Paths.reference, encoding: .utf8)
    return text.components(separatedBy: "```yaml \(marker)\n").dropFirst().compactMap { block in
        guard let body = block.components(separatedBy: "```").first else { return nil }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, first.hasPrefix("# expect: ") else { return nil }
        return (String(first.dropFirst("# expect: ".count)), body)
    }
}

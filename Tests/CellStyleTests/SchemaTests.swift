import Foundation
import Testing

@testable import CellStyle

/// The JSON Schema is real: it is what `cellshot schema` prints, it agrees with the decoder's
/// keys and with the reference, every shipped style validates, and every documented invalid
/// example fails it.
@Suite struct SchemaTests {
    func schema(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test func committedSchemasAreTheGeneratedOnes() throws {
        let style = try String(contentsOf: Paths.schemaFolder.appendingPathComponent("style.schema.json"), encoding: .utf8)
        let table = try String(contentsOf: Paths.schemaFolder.appendingPathComponent("table.schema.json"), encoding: .utf8)
        #expect(style == StyleSchema.styleJSON, "re-generate with: cellshot schema > Sources/CellStyle/Schema/style.schema.json")
        #expect(
            table == StyleSchema.tableJSON,
            "re-generate with: cellshot schema --table > Sources/CellStyle/Schema/table.schema.json")
    }

    @Test func schemaKeysAreTheDecoderKeys() {
        #expect(Set(StyleSchema.kindProperties.keys) == Set(elementKinds))
        #expect(Set(StyleSchema.commonProperties.keys) == Set(commonKeys))
        #expect(Set(StyleSchema.textProperties.keys) == Set(StyleDecoding.textKeys))
        let styleProperties = (StyleSchema.style["properties"] as? [String: Any]).map { Set($0.keys) }
        #expect(styleProperties == Set(styleKeys))
        let tableProperties = (StyleSchema.table["properties"] as? [String: Any]).map { Set($0.keys) }
        #expect(tableProperties == Set(tableKeys).subtracting(tableKeysNotYetSupported))
    }

    @Test func referenceDocumentsEveryKeyAndElement() throws {
        let text = try String(contentsOf: Paths.reference, encoding: .utf8)
        var names = Set(elementKinds + commonKeys + styleKeys + StyleDecoding.textKeys + tableKeys)
        for properties in StyleSchema.kindProperties.values { names.formUnion(properties.keys) }
        let missing = names.filter { !text.contains("`\($0)`") }.sorted()
        #expect(missing.isEmpty, "keys missing from STYLE-LANGUAGE.md: \(missing)")
        let headings = Set(
            text.split(separator: "\n").filter { $0.hasPrefix("### `") }.map { $0.dropFirst(5).dropLast() }.map(String.init))
        #expect(headings == Set(elementKinds))
        let tokens = SystemColors.tokens.keys.filter { !text.contains("`\($0)`") }
        #expect(tokens.isEmpty, "tokens missing from the reference: \(tokens)")
    }

    /// Runs Scripts/validate-schema.py (jsonschema and PyYAML) over `files`.
    func validate(_ schema: String, _ files: [String]) throws -> (status: Int32, lines: [String])? {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import jsonschema, yaml"]
        try probe.run()
        probe.waitUntilExit()
        guard probe.terminationStatus == 0 else {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                Issue.record(
                    "python3 with jsonschema and PyYAML is missing, and CI is set (Scripts/install-deps.sh installs them)")
            } else {
                print("skipping: python3 with jsonschema and PyYAML is not installed")
            }
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Paths.root.appendingPathComponent("Scripts/validate-schema.py").path, schema] + files
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output.split(separator: "\n").map(String.init))
    }

    @Test func everyShippedStyleAndTableValidates() throws {
        let styles = try FileManager.default.contentsOfDirectory(
            atPath: Paths.root.appendingPathComponent("Sources/CellStyle/Resources/Styles").path
        )
        .map { "Sources/CellStyle/Resources/Styles/" + $0 }
        let examples = try FileManager.default.contentsOfDirectory(
            atPath: Paths.root.appendingPathComponent("Goldens/styles").path
        )
        .filter { $0.hasSuffix(".yaml") }.map { "Goldens/styles/" + $0 }
        let tables = try FileManager.default.contentsOfDirectory(atPath: Paths.root.appendingPathComponent("Goldens").path)
            .filter { $0.hasSuffix(".yaml") }.map { "Goldens/" + $0 }
        #expect(styles.count == 5 && examples.count >= 3 && tables.count >= 3)
        let root = Paths.root.path + "/"
        guard
            let styleResult = try validate(
                Paths.schemaFolder.appendingPathComponent("style.schema.json").path, (styles + examples).map { root + $0 }),
            let tableResult = try validate(
                Paths.schemaFolder.appendingPathComponent("table.schema.json").path, tables.map { root + $0 })
        else { return }
        #expect(styleResult.status == 0, "\(styleResult.lines.filter { !$0.hasPrefix("ok ") })")
        #expect(tableResult.status == 0, "\(tableResult.lines.filter { !$0.hasPrefix("ok ") })")
    }

    @Test func documentedInvalidExamplesFailTheSchema() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let examples = try documentedInvalidExamples()
        var files: [String] = []
        for (index, example) in examples.enumerated() {
            let file = folder.appendingPathComponent("invalid-\(index).yaml")
            try example.yaml.write(to: file, atomically: true, encoding: .utf8)
            files.append(file.path)
        }
        guard let result = try validate(Paths.schemaFolder.appendingPathComponent("style.schema.json").path, files) else {
            return
        }
        #expect(result.lines.count == examples.count)
        #expect(result.lines.allSatisfy { $0.hasPrefix("invalid ") }, "\(result.lines)")
    }
}

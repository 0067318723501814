import CellData
import Foundation
import Testing

/// Loading from paths: format inference, size limits checked before reading.
@Suite struct DataLoaderFileTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "celldata-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = directory + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func formatIsInferredFromTheExtension() throws {
        let path = try write("rows.yml", "- a: 1\n")
        let set = try DataLoader.load(contentsOf: path)
        #expect(set.allFields == [["a": "1"]])
        #expect(set.sourceName == path)
        #expect(DataFormat.allCases.allSatisfy { DataFormat(pathExtension: $0.rawValue) == $0 })
        #expect(DataFormat(pathExtension: "TXT") == .text)
        #expect(DataFormat(pathExtension: ".yaml") == .yaml)
        #expect(DataFormat(pathExtension: "xlsx") == nil)
    }

    @Test func givenFormatOverridesTheExtension() throws {
        let path = try write("rows.data", "[\"x\"]")
        #expect(try DataLoader.load(contentsOf: path, format: .json).allFields == [["text": "x"]])
    }

    @Test func unknownExtensionSuggestsTheSupportedOnes() {
        #expect(
            throws: DataError(
                sourceName: "rows.xlsx",
                message:
                    "cannot tell the format from the unknown extension `.xlsx`; use one of .json, .yaml, .yml, .csv, .plist, .txt, .text or give the format"
            )
        ) {
            try DataLoader.load(contentsOf: "rows.xlsx")
        }
    }

    @Test func oversizeFileIsRefusedByItsSize() throws {
        let path = try write("big.txt", String(repeating: "x", count: 100))
        #expect(
            throws: DataError(
                sourceName: path, message: "the input is 100 bytes, more than the limit of 10 bytes")
        ) {
            try DataLoader.load(contentsOf: path, limits: DataLimits(maxBytes: 10))
        }
        #expect(
            try DataLoader.load(contentsOf: path, limits: DataLimits(maxBytes: 100)).rows.count == 1)
    }

    @Test func missingFileIsAnError() {
        let error = #expect(throws: DataError.self) {
            try DataLoader.load(contentsOf: directory + "/missing.json")
        }
        #expect(error?.line == nil)
        #expect(error?.description.hasPrefix(directory + "/missing.json: cannot read the file") == true)
    }

    @Test func rowLimitIsEnforced() {
        #expect(
            failure("a\nb\nc\n", .text, limits: DataLimits(maxRows: 2))
                == "rows.text:3: row 3: more than 2 rows (the limit)")
    }

    @Test func standardInputUsesItsSourceName() throws {
        let set = try DataLoader.load(Array("[]".utf8), format: .json, sourceName: "<stdin>")
        #expect(set.sourceName == "<stdin>")
        #expect(
            throws: DataError(
                sourceName: "<stdin>", line: 1, column: 1,
                message: "expected an array of rows at the top level, found `x`")
        ) {
            try DataLoader.load(Array("x".utf8), format: .json, sourceName: "<stdin>")
        }
    }
}

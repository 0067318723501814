import CellData
import Foundation
import Testing

@Suite struct PlistLoaderTests {
    static func xml(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        \(body)
        </plist>
        """
    }

    @Test func dictionariesFormatEveryScalarType() throws {
        let set = try load(
            Self.xml(
                """
                <array>
                  <dict>
                    <key>name</key><string>Ann</string>
                    <key>age</key><integer>3</integer>
                    <key>one</key><integer>1</integer>
                    <key>price</key><real>2.5</real>
                    <key>ok</key><true/>
                    <key>at</key><date>2020-01-02T03:04:05Z</date>
                  </dict>
                </array>
                """), .plist)
        #expect(
            set.allFields == [
                ["name": "Ann", "age": "3", "one": "1", "price": "2.5", "ok": "true", "at": "2020-01-02T03:04:05Z"]
            ])
        // Parsed dictionaries have no order, so names come sorted.
        #expect(set.fieldNames == ["age", "at", "name", "ok", "one", "price"])
        #expect(set.rows.map(\.line) == [nil])
    }

    /// The shared reference data, next to the package as `../shared/data/`.
    static let huckleberry = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data/huckleberry.plist").path

    /// Skips with a message without ../shared, but fails when CI is set (CI always has it).
    @Test func huckleberryKeepsItsControlCharacterDashes() throws {
        guard FileManager.default.fileExists(atPath: Self.huckleberry) else {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                Issue.record("\(Self.huckleberry) is missing and CI is set")
            } else {
                print("skipping: \(Self.huckleberry) is absent")
            }
            return
        }
        let set = try DataLoader.load(contentsOf: Self.huckleberry)
        #expect(set.rows.count == 1_997)
        #expect(set.fieldNames == ["text"])
        #expect(set.warnings.isEmpty)
        let dashes = set.rows.reduce(0) { $0 + ($1.fields["text"] ?? "").unicodeScalars.filter { $0 == "\u{97}" }.count }
        #expect(dashes == 221)
    }

    @Test func binaryDictionaryTellsBooleansFromIntegers() throws {
        let rows: [[String: Any]] = [["n": 1, "b": true, "r": 0.5]]
        let data = try PropertyListSerialization.data(fromPropertyList: rows, format: .binary, options: 0)
        #expect(try load(bytes: [UInt8](data), .plist).allFields == [["n": "1", "b": "true", "r": "0.5"]])
    }

    @Test func binaryArrayOfStringsBindsToText() throws {
        let data = try PropertyListSerialization.data(
            fromPropertyList: ["one", "a\u{0}b"], format: .binary, options: 0)
        let set = try load(bytes: [UInt8](data), .plist)
        #expect(set.allFields == [["text": "one"], ["text": "a\u{0}b"]])
    }

    @Test func emptyArrayIsAnEmptyDataSet() throws {
        #expect(try load(Self.xml("<array/>"), .plist).rows.isEmpty)
    }

    @Test func malformedXMLReportsFoundationsLine() {
        let text = Self.xml("<array>\n  <strin>x</string>\n</array>")
        #expect(
            failure(text, .plist) == "rows.plist:4: invalid property list: encountered unknown tag strin")
    }

    @Test func nestedValueAndTopLevelAreChecked() {
        let nested = Self.xml("<array><dict><key>tags</key><array/></dict></array>")
        #expect(
            failure(nested, .plist)
                == "rows.plist: row 1, field `tags`: expected a string, number, boolean or date, found an array"
        )
        #expect(
            failure(Self.xml("<dict/>"), .plist)
                == "rows.plist: expected an array of rows at the top level, found a dictionary")
    }

    @Test func invalidUTF8WarnsWithRow() throws {
        let text = Self.xml("<array><string>ok</string><string>x#y</string></array>")
        let bytes = Array(text.utf8).map { $0 == UInt8(ascii: "#") ? 0xFF : $0 }
        let set = try load(bytes: bytes, .plist)
        #expect(set.allFields == [["text": "ok"], ["text": "x\u{FFFD}y"]])
        #expect(
            set.warnings.map(\.description) == [
                "rows.plist: row 2, field `text`: invalid UTF-8 replaced with U+FFFD"
            ])
    }
}

import CellData
import Testing

@Suite struct TextLoaderTests {
    @Test func oneRowPerLineAndBlankLinesAreRows() throws {
        let set = try load("one\n\nthree\n", .text)
        #expect(set.allFields == [["text": "one"], ["text": ""], ["text": "three"]])
        #expect(set.rows.map(\.line) == [1, 2, 3])
        #expect(set.fieldNames == ["text"])
    }

    @Test func everyLineEndingCountsOnce() throws {
        #expect(try load("a\r\nb\rc\nd", .text).allFields.map { $0["text"] } == ["a", "b", "c", "d"])
        #expect(try load("\n", .text).allFields == [["text": ""]])
    }

    @Test func emptyTextIsAnEmptyDataSet() throws {
        #expect(try load("", .text).rows.isEmpty)
        #expect(try load(bytes: byteOrderMark, .text).rows.isEmpty)
    }

    @Test func byteOrderMarkIsDropped() throws {
        #expect(try load(bytes: byteOrderMark + Array("x\n".utf8), .text).allFields == [["text": "x"]])
    }

    @Test func invalidUTF8WarnsWithRowAndNulIsKept() throws {
        let set = try load(bytes: Array("fine\na\u{0}b ".utf8) + [0xFF, 0xFE], .text)
        #expect(set.allFields == [["text": "fine"], ["text": "a\u{0}b \u{FFFD}\u{FFFD}"]])
        #expect(
            set.warnings.map(\.description) == [
                "rows.text: row 2, field `text`: invalid UTF-8 replaced with U+FFFD",
                "rows.text: row 2, field `text`: control character U+0000 kept as it is (drawn as a visible symbol)",
            ])
    }
}

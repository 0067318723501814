import CellData
import Testing

@Suite struct CSVLoaderTests {
    @Test func headerNamesRowsWithQuotingAndEmptyCells() throws {
        let set = try load(
            "name, age ,note\nAnn,3,\"Hello, \"\"world\"\"\"\nBob,2.50,\"two\nlines\"\nCid,,\n", .csv)
        #expect(set.fieldNames == ["name", "age", "note"])
        #expect(
            set.allFields == [
                ["name": "Ann", "age": "3", "note": "Hello, \"world\""],
                ["name": "Bob", "age": "2.50", "note": "two\nlines"],
                ["name": "Cid", "age": "", "note": ""],
            ])
        #expect(set.rows.map(\.line) == [2, 3, 5])
    }

    @Test func headerWithoutRecordsIsAnEmptyDataSet() throws {
        let set = try load("a,b\n", .csv)
        #expect(set.rows.isEmpty)
        #expect(set.fieldNames == ["a", "b"])
    }

    @Test func byteOrderMarkAndCRLFKeepLinesRight() throws {
        let bytes = byteOrderMark + Array("a,b\r\n1,2\r\n3,\"x\r\ny\"\r\n4,5\r\n".utf8)
        let set = try load(bytes: bytes, .csv)
        #expect(set.fieldNames == ["a", "b"])
        #expect(
            set.allFields == [["a": "1", "b": "2"], ["a": "3", "b": "x\r\ny"], ["a": "4", "b": "5"]])
        #expect(set.rows.map(\.line) == [2, 3, 5])
        #expect(try load("a\r1\r2", .csv).rows.map(\.line) == [2, 3])
    }

    @Test func recordWithWrongFieldCountNamesLineAndRow() {
        #expect(
            failure("a,b,c\n1,2,3\n4,5\n", .csv)
                == "rows.csv:3: row 2: expected 3 fields like the header, found 2")
        #expect(
            failure("a,b\n1,2,3\n", .csv)
                == "rows.csv:2:5: row 1: expected 2 fields like the header, found 3")
    }

    @Test func malformedQuotingCarriesLineAndColumn() {
        #expect(
            failure("a,b\n1,\"x\"y\n", .csv)
                == "rows.csv:2:6: row 1: expected `,` or a line break after the closing quote")
        #expect(failure("a,b\n1,\"x\n2,3\n", .csv) == "rows.csv:2:3: row 1: unterminated quoted field")
        #expect(
            failure("a\nx\"y\n", .csv)
                == "rows.csv:2:2: row 1: a quote inside an unquoted field; quote the whole field and double the quote"
        )
    }

    @Test func headerNamesMustBePresentAndUnique() {
        #expect(failure("a,,b\n", .csv) == "rows.csv:1:3: header column 2 has no name")
        #expect(
            failure("a, b,a\n", .csv)
                == "rows.csv:1:6: field `a`: header column 3 repeats the name of column 1")
        #expect(failure("", .csv) == "rows.csv:1:1: expected a header row, found an empty file")
    }

    @Test func invalidUTF8WarnsAndNulIsKept() throws {
        let bytes = Array("a,b\nx\u{0}y,".utf8) + [0xC3] + Array("\n".utf8)
        let set = try load(bytes: bytes, .csv)
        #expect(set.allFields == [["a": "x\u{0}y", "b": "\u{FFFD}"]])
        #expect(
            set.warnings.map(\.description) == [
                "rows.csv: row 1, field `b`: invalid UTF-8 replaced with U+FFFD",
                "rows.csv: row 1, field `a`: control character U+0000 kept as it is (drawn as a visible symbol)",
            ])
    }
}

import CellData
import Testing

@Suite struct JSONLoaderTests {
    @Test func objectsKeepNumbersAsWrittenAndDropNulls() throws {
        let set = try load(
            """
            [
              {"name": "Ann", "age": 3, "price": 2.50, "ok": true, "big": 1E+2, "note": null},
              {"name": "Bob", "extra": "x"}
            ]
            """, .json)
        #expect(
            set.allFields == [
                ["name": "Ann", "age": "3", "price": "2.50", "ok": "true", "big": "1E+2"],
                ["name": "Bob", "extra": "x"],
            ])
        #expect(set.fieldNames == ["name", "age", "price", "ok", "big", "extra"])
        #expect(set.rows.map(\.number) == [1, 2])
        #expect(set.rows.map(\.line) == [2, 3])
        #expect(set.warnings.isEmpty)
        #expect(set.sourceName == "rows.json")
    }

    @Test func stringsBindToText() throws {
        let set = try load(#"["one", "two\nlines", "é\u00e9\ud83d\ude00"]"#, .json)
        #expect(set.allFields == [["text": "one"], ["text": "two\nlines"], ["text": "éé😀"]])
        #expect(set.fieldNames == ["text"])
    }

    @Test func emptyArrayIsAnEmptyDataSet() throws {
        let set = try load(" [ \n ] \n", .json)
        #expect(set.rows.isEmpty)
        #expect(set.fieldNames.isEmpty)
        #expect(set.warnings.isEmpty)
    }

    @Test func byteOrderMarkIsDroppedBeforeCounting() throws {
        let set = try load(bytes: byteOrderMark + Array(#"["x"]"#.utf8), .json)
        #expect(set.allFields == [["text": "x"]])
        let message = failure(bytes: byteOrderMark + Array("[\n{\"a\": }]".utf8), .json)
        #expect(message == "rows.json:2:7: row 1, field `a`: expected a value, found `}`")
    }

    @Test func crlfAndCRLineEndsCountAsOneLine() throws {
        let message = failure("[\r\n  {\"a\": 1},\r\n  {\"a\": 2,}\r\n]", .json)
        #expect(message == "rows.json:3:11: row 2: expected a field name in double quotes, found `}`")
        let set = try load("[\r\"a\",\r\"b\"\r]", .json)
        #expect(set.rows.map(\.line) == [2, 3])
    }

    @Test func invalidUTF8IsReplacedWithAWarningNamingRowAndField() throws {
        let bytes = Array(#"[{"a": "ok"}, {"a": "x"#.utf8) + [0xFF] + Array(#"y"}]"#.utf8)
        let set = try load(bytes: bytes, .json)
        #expect(set.rows[1].fields["a"] == "x\u{FFFD}y")
        #expect(
            set.warnings.map(\.description) == [
                "rows.json: row 2, field `a`: invalid UTF-8 replaced with U+FFFD"
            ])
    }

    @Test func nulIsKeptInsideAString() throws {
        let set = try load(#"["a\u0000b"]"#, .json)
        #expect(set.rows[0].fields["text"] == "a\u{0}b")
        #expect(set.rows[0].fields["text"]?.unicodeScalars.count == 3)
    }

    @Test func loneSurrogateBecomesReplacementWithWarning() throws {
        let set = try load(#"["x\ud800y"]"#, .json)
        #expect(set.rows[0].fields["text"] == "x\u{FFFD}y")
        #expect(
            set.warnings == [
                DataWarning(
                    sourceName: "rows.json", row: 1, field: "text",
                    message: "lone surrogate escape replaced with U+FFFD")
            ])
    }

    @Test func syntaxErrorsCarryLineAndColumn() {
        #expect(
            failure(#"[{"a": "b"} {"a": "c"}]"#, .json)
                == "rows.json:1:13: expected `,` or `]` after row 1, found an object")
        #expect(failure(#"["abc"#, .json) == "rows.json:1:2: row 1, field `text`: unterminated string")
        // "é" is two bytes but one column.
        #expect(
            failure(#"["é", x]"#, .json)
                == "rows.json:1:7: row 2: expected an object or a string, found `x`")
        #expect(
            failure(#"[{"a": 1, "a": 2}]"#, .json) == "rows.json:1:11: row 1, field `a`: duplicate field")
        #expect(
            failure(#"[{"a": 01}]"#, .json)
                == "rows.json:1:8: row 1, field `a`: a number must not start with 0")
        #expect(failure("[] x", .json) == "rows.json:1:4: unexpected `x` after the top-level array")
        #expect(
            failure("", .json)
                == "rows.json:1:1: expected an array of rows at the top level, found the end of the input")
    }

    @Test func nestedValueNamesRowAndField() {
        let message = failure(
            """
            [
              {"caption": "a"},
              {"caption": ["b"]}
            ]
            """, .json)
        #expect(
            message
                == "rows.json:3:15: row 2, field `caption`: expected a string, number or boolean, found an array"
        )
    }

    @Test func topLevelMustBeAnArray() {
        #expect(
            failure(#"{"a": 1}"#, .json)
                == "rows.json:1:1: expected an array of rows at the top level, found an object")
        #expect(
            failure("\n  \"x\"", .json)
                == "rows.json:2:3: expected an array of rows at the top level, found a string")
    }

    @Test func rowsMustAllHaveOneKind() {
        #expect(
            failure(#"[{"a":1}, "b"]"#, .json)
                == "rows.json:1:11: row 2: expected an object like row 1, found a string")
    }

    @Test func hundredThousandDeepNestingIsRefusedAtTheSecondLevel() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(
            failure(deep, .json) == "rows.json:1:2: row 1: expected an object or a string, found an array"
        )
    }
}

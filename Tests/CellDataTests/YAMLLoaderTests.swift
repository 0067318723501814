import CellData
import Foundation
import Testing

@Suite struct YAMLLoaderTests {
    @Test func mappingsKeepScalarSourceTextAndDropNulls() throws {
        let set = try load(
            """
            - name: Ann
              age: 3
              price: 2.50
              ok: yes
              note: null
              quoted: "null"
            - name: Bob
              empty:
              tilde: ~
            """, .yaml)
        #expect(
            set.allFields == [
                ["name": "Ann", "age": "3", "price": "2.50", "ok": "yes", "quoted": "null"],
                ["name": "Bob"],
            ])
        #expect(set.fieldNames == ["name", "age", "price", "ok", "quoted"])
        #expect(set.rows.map(\.line) == [1, 7])
        #expect(set.warnings.isEmpty)
    }

    @Test func scalarsBindToText() throws {
        let set = try load("- one\n- \"two\"\n- 3\n- |\n  block\n", .yaml)
        #expect(
            set.allFields == [["text": "one"], ["text": "two"], ["text": "3"], ["text": "block\n"]])
    }

    @Test func emptySequenceIsAnEmptyDataSet() throws {
        let set = try load("# no rows yet\n[]\n", .yaml)
        #expect(set.rows.isEmpty)
        #expect(set.fieldNames.isEmpty)
    }

    @Test func aliasesOfRowsAreAllowedWithinBudget() throws {
        let text = "- &r {name: a, b: c}\n- *r\n- *r\n"
        #expect(try load(text, .yaml).allFields == Array(repeating: ["name": "a", "b": "c"], count: 3))
        // Each repeat costs the mapping and its two pairs: 3 + 3 > 5.
        #expect(
            failure(text, .yaml, limits: DataLimits(maxAliasExpansions: 5))
                == "rows.yaml: row 3: aliases expand to more than 5 nodes (the limit)")
    }

    @Test func byteOrderMarkAndCRLFKeepPositions() {
        let bytes = byteOrderMark + Array("- a: 1\r\n- a: [x]\r\n".utf8)
        #expect(
            failure(bytes: bytes, .yaml)
                == "rows.yaml:2:6: row 2, field `a`: expected a string, number or boolean, found a sequence"
        )
    }

    @Test func invalidUTF8IsReplacedWithAWarningNamingRowAndField() throws {
        let bytes = Array("- a: ok\n- a: x".utf8) + [0xFF] + Array("y\n  b: fine\n".utf8)
        let set = try load(bytes: bytes, .yaml)
        #expect(set.rows[1].fields == ["a": "x\u{FFFD}y", "b": "fine"])
        #expect(
            set.warnings.map(\.description) == [
                "rows.yaml: row 2, field `a`: invalid UTF-8 replaced with U+FFFD"
            ])
    }

    @Test func nulEscapeIsKept() throws {
        let set = try load(#"- "a\0b""#, .yaml)
        #expect(set.rows[0].fields["text"] == "a\u{0}b")
    }

    @Test func syntaxErrorsCarryLineAndColumn() {
        #expect(
            failure("- a: b: c\n", .yaml)
                == "rows.yaml:1:7: mapping values are not allowed in this context")
        #expect(
            failure("- [a, b\n", .yaml)
                == "rows.yaml:2:1: did not find expected ',' or ']' (while parsing a flow sequence at 1:3)")
    }

    @Test func rawControlCharactersAreAnErrorWithPosition() {
        // YAML forbids them unescaped; `\0` in double quotes is the way to write one.
        #expect(
            failure("- ok\r\n- a\u{1}b\n", .yaml)
                == "rows.yaml:2:4: control characters are not allowed (U+0001)")
    }

    @Test func keysMustBeScalarsAndUnique() {
        #expect(
            failure("- a: 1\n  a: 2\n", .yaml)
                == "rows.yaml:1:3: key `a` appears more than once in this mapping")
        // Keys keep their string form, so 1 and "1" are the same field.
        #expect(
            failure("- 1: x\n  \"1\": y\n", .yaml)
                == "rows.yaml:1:3: key `1` appears more than once in this mapping")
        #expect(
            failure("- [a]: 1\n", .yaml)
                == "rows.yaml:1:5: a collection used as a mapping key is not supported")
        #expect(
            failure("- ? [a]\n  : 1\n", .yaml)
                == "rows.yaml:1:3: complex mapping keys (`? `) are not supported")
    }

    @Test func topLevelMustBeASequence() {
        #expect(
            failure("a: 1\n", .yaml)
                == "rows.yaml:1:1: expected a sequence of rows at the top level, found a mapping")
        #expect(
            failure("# nothing\n", .yaml)
                == "rows.yaml:1:1: expected a sequence of rows, found an empty document")
        #expect(
            failure("- [x]\n", .yaml)
                == "rows.yaml:1:3: row 1: expected a mapping or a string, found a sequence")
    }

    @Test func hundredThousandDeepFlowNestingIsRefused() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(failure(deep, .yaml) == "rows.yaml:1:65: nesting deeper than 64 levels (the limit)")
    }

    @Test func hundredThousandDeepBlockNestingIsRefused() {
        let compact = String(repeating: "- ", count: 100_000) + "x"
        #expect(failure(compact, .yaml) == "rows.yaml:1:129: nesting deeper than 64 levels (the limit)")
        let indented = (0..<70).map { String(repeating: "  ", count: $0) + "k:" }.joined(
            separator: "\n")
        #expect(
            failure(indented, .yaml) == "rows.yaml:65:130: nesting deeper than 64 levels (the limit)")
    }

    @Test func depthLimitCountsCollections() throws {
        let limits = DataLimits(maxDepth: 3)
        // Three levels pass the scanner and reach the row schema, which refuses the sequence.
        #expect(
            failure("- a: [x]\n", .yaml, limits: limits)
                == "rows.yaml:1:6: row 1, field `a`: expected a string, number or boolean, found a sequence"
        )
        #expect(
            failure("- a: [[x]]\n", .yaml, limits: limits)
                == "rows.yaml:1:7: nesting deeper than 3 levels (the limit)")
    }

    /// Eager expansion of nine levels of ten would take minutes (4.4 s at seven,
    /// ×10 per level); a generous bound tells "refused" from "expanded".
    @Test func aliasBombIsRefusedQuickly() {
        var lines = [#"- &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]"#]
        for (name, previous) in zip("bcdefghi", "abcdefgh") {
            lines.append(
                "- &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]")
        }
        let clock = ContinuousClock()
        let start = clock.now
        #expect(
            failure(lines.joined(separator: "\n"), .yaml)
                == "rows.yaml:1:3: row 1: expected a mapping or a string, found a sequence")
        // As a key, the bomb would be hashed in full by Yams' duplicate-key check.
        let keyed = (lines + ["- {*i : x}"]).joined(separator: "\n")
        #expect(
            failure(keyed, .yaml) == "rows.yaml:10:4: an alias used as a mapping key is not supported")
        #expect(start.duration(to: clock.now) < .seconds(10))
    }
}

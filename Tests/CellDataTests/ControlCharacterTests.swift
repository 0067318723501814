import CellData
import Testing

/// NUL and other C0 control characters are kept in values (never truncating them) and reported
/// with the row and field, in every format.
@Suite struct ControlCharacterTests {
    static let message = "control character U+0000 kept as it is (drawn as a visible symbol)"

    @Test func jsonEscapedNul() throws {
        let set = try load(#"[{"a": "x"}, {"a": "1\u0000 2\u0007 3"}]"#, .json)
        #expect(set.rows[1].fields["a"] == "1\u{0} 2\u{7} 3")
        #expect(set.warnings.map(\.description) == ["rows.json: row 2, field `a`: \(Self.message)"])
    }

    @Test func csvRawBell() throws {
        let set = try load("a,b\nx,y\u{7}z\n", .csv)
        #expect(set.rows[0].fields["b"] == "y\u{7}z")
        #expect(
            set.warnings.map(\.description) == [
                "rows.csv: row 1, field `b`: control character U+0007 kept as it is (drawn as a visible symbol)"
            ])
    }

    @Test func textEscapeAndDelete() throws {
        let set = try load("one\ntwo\u{1B}[0m\nthree\u{7F}\n", .text)
        #expect(set.rows.map { $0.fields["text"] } == ["one", "two\u{1B}[0m", "three\u{7F}"])
        #expect(
            set.warnings.map(\.description) == [
                "rows.text: row 2, field `text`: control character U+001B kept as it is (drawn as a visible symbol)",
                "rows.text: row 3, field `text`: control character U+007F kept as it is (drawn as a visible symbol)",
            ])
    }

    @Test func yamlEscapedNul() throws {
        let set = try load("- \"a\\0b\"\n", .yaml)
        #expect(set.rows[0].fields["text"] == "a\u{0}b")
        #expect(set.warnings.map(\.description) == ["rows.yaml: row 1, field `text`: \(Self.message)"])
    }

    /// Tabs and line breaks are ordinary text, and C1 controls (the U+0097 dashes of old Windows
    /// text) are left alone.
    @Test func tabsLineBreaksAndC1AreNotReported() throws {
        let set = try load(#"["a\tb\nc\r\n", "d\u0097e"]"#, .json)
        #expect(set.warnings.isEmpty)
    }
}

import CellData
import Testing

/// Inputs shaped to slip deep nesting past the depth scanner: each MUST be
/// refused with an error, never crash the composer with a stack overflow.
@Suite struct YAMLDepthScannerTests {
    static let levels = 100_000

    @Test(arguments: [
        String(repeating: "{a: ", count: levels),
        String(repeating: "[a: ", count: levels),
        "- !!seq " + String(repeating: "[", count: levels),
        "- &x " + String(repeating: "[ ", count: levels),
        "- it's " + String(repeating: "[", count: levels),
        "- key: |\n  " + String(repeating: "[", count: levels),
        "- 'a\n  b'\n- " + String(repeating: "[", count: levels),
        "- a#b\n- " + String(repeating: "{", count: levels),
        (0..<3_000).map { String(repeating: " ", count: $0) + "-" }.joined(separator: "\n"),
        (0..<3_000).map { String(repeating: " ", count: $0) + "- a:" }.joined(separator: "\n"),
        "[\n" + String(repeating: "[\n", count: levels),
        // libyaml also breaks lines at NEL and LS.
        (0..<3_000).map { String(repeating: " ", count: $0) + "-" }.joined(separator: "\u{85}"),
        (0..<3_000).map { String(repeating: " ", count: $0) + "- a:" }.joined(separator: "\u{2028}"),
    ])
    func deepInputIsRefused(_ text: String) {
        let message = failure(text, .yaml)
        #expect(message?.contains("nesting deeper than 64 levels") == true, "\(message ?? "loaded")")
    }

    @Test func ordinaryYAMLIsNotRefused() throws {
        let text = """
            # Rows for the demo.
            - title: "Brackets [in] quotes {are} text"
              body: |
                [[[[ a literal block with brackets and - dashes: and colons ]]]]
                  more: [[[[
              note: >
                folded - text
            - title: plain with [brackets] and it's apostrophes
              body: 'single [[[[ quoted'
            - title: flow
              tags: x
            - {title: inline, body: "map"}
            """
        let set = try load(text, .yaml)
        #expect(set.rows.count == 4)
        #expect(
            set.rows[0].fields["body"]
                == "[[[[ a literal block with brackets and - dashes: and colons ]]]]\n  more: [[[[\n")
    }
}

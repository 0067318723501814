import CellCore
import Foundation
import Testing

@testable import CellStyle

@Suite struct InheritanceTests {
    @Test func extendsABuiltinAndOverridesParts() throws {
        let yaml = """
            extends: label
            name: big-label
            content:
              padding:
                insets: 20
                child:
                  text: { font: { size: 20 } }
            """
        let spec = try StyleDecoder.decode(yaml, source: "big.yaml")
        #expect(spec.name == "big-label")
        #expect(spec.description.hasPrefix("One word-wrapped 14pt label"))
        guard case .padding(let insets, let child, _) = spec.content, case .text(let text, let common) = child else {
            Issue.record("unexpected tree \(spec.content)")
            return
        }
        #expect(insets == EdgeInsets(all: 20))
        #expect(text.font.size == 20)
        #expect(text.value.source == "{text}")
        #expect(common.minHeight == 44)
    }

    @Test func anElementOfAnotherKindReplacesTheParentElement() throws {
        let spec = try StyleDecoder.decode("extends: label\nname: x\ncontent: { text: { value: plain } }", source: "x.yaml")
        guard case .text(let text, _) = spec.content else {
            Issue.record("expected the text to replace the padding")
            return
        }
        #expect(text.value.source == "plain")
    }

    @Test func cyclesAreErrorsNamingTheChain() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "extends: b.yaml\nname: a\ncontent: { text: { value: a } }".write(
            to: folder.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        try "extends: a.yaml\nname: b\ncontent: { text: { value: b } }".write(
            to: folder.appendingPathComponent("b.yaml"), atomically: true, encoding: .utf8)
        let a = folder.appendingPathComponent("a.yaml").standardizedFileURL.path
        let b = folder.appendingPathComponent("b.yaml").standardizedFileURL.path
        #expect(throws: StyleError.self) { try StyleSpec.load(nameOrPath: a) }
        do {
            _ = try StyleSpec.load(nameOrPath: a)
        } catch {
            let message = error.diagnostics.first?.message ?? ""
            #expect(message == "`extends` forms a cycle: \(a) → \(b) → \(a)", "\(message)")
        }
    }

    @Test func unknownParentSuggestsTheNearestBuiltin() {
        let found = diagnostics("extends: taged\nname: x\ncontent: { text: { value: a } }")
        #expect(found.count == 1)
        #expect(found.first?.contains("did you mean `tagged`?") == true, "\(found)")
        #expect(found.first?.hasPrefix("test.yaml:1:10: extends:") == true, "\(found)")
    }

    @Test func builtinSourcesAreWhatStylesShowPrints() throws {
        for name in BuiltinStyles.names {
            let source = try #require(BuiltinStyles.source(named: name))
            let spec = try StyleDecoder.decode(source, source: name)
            #expect(spec.name == name)
        }
    }
}

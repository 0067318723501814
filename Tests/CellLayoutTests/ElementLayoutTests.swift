import CellCore
import CellStyle
import Testing

@testable import CellLayout

/// Exact frames for every element and container, with `GridMeasurer` metrics
/// (a character is size/2 wide, a line size × 1.25 tall).
@Suite struct ElementLayoutTests {
    func layout(_ content: String, _ fields: [String: String] = [:], width: Double = 200, accessory: String = "none") throws
        -> RowLayout
    {
        let yaml = "name: t\naccessory: \(accessory)\ncontent: \(content)"
        let spec = try StyleDecoder.decode(yaml, source: "t.yaml", baseFolder: "/tmp")
        let engine = LayoutEngine(style: try StyleResolver.resolve(spec, for: StyleEnvironment()), measurer: GridMeasurer())
        return try engine.layout(RowInput(number: 1, fields: fields), width: width)
    }

    func frame(_ layout: RowLayout, _ id: String) -> Rect? {
        layout.root.allNodes.first { $0.id == id }?.frame
    }

    @Test func vstackPlacesChildrenWithSpacingAndAlignment() throws {
        let row = try layout(
            "{ vstack: { spacing: 5, alignment: trailing, children: [ { text: { id: a, value: ab, font: { size: 10 } } }, { avatar: { id: b, name: X Y, size: 20 } } ] } }"
        )
        #expect(frame(row, "a") == Rect(x: 0, y: 0, width: 200, height: 12.5))
        #expect(frame(row, "b") == Rect(x: 180, y: 17.5, width: 20, height: 20))
        #expect(row.height == 37.5)
    }

    @Test func hstackGivesFixedChildrenTheirWidthAndSharesTheRest() throws {
        let row = try layout(
            """
            { hstack: { spacing: 10, alignment: center, children: [
                { avatar: { id: a, name: A, size: 40 } },
                { text: { id: t, value: "x", font: { size: 10 } } },
                { text: { id: u, value: "y", font: { size: 10 } } } ] } }
            """)
        #expect(frame(row, "a") == Rect(x: 0, y: 0, width: 40, height: 40))
        // 200 − 40 − 2 × 10 = 140 left, 70 each.
        #expect(frame(row, "t") == Rect(x: 50, y: 13.75, width: 70, height: 12.5))
        #expect(frame(row, "u") == Rect(x: 130, y: 13.75, width: 70, height: 12.5))
    }

    @Test func hstackEqualDistribution() throws {
        let row = try layout(
            "{ hstack: { distribution: equal, children: [ { avatar: { id: a, name: A, size: 40 } }, { text: { id: t, value: x } } ] } }"
        )
        #expect(frame(row, "a")?.width == 40)
        #expect(frame(row, "t") == Rect(x: 100, y: 0, width: 100, height: 21.25))
    }

    @Test func huggingChildAndFlexibleSpacer() throws {
        let row = try layout(
            """
            { hstack: { children: [ { spacer: { id: s } }, { text: { id: t, value: abcd, hugsContent: true, font: { size: 10 } } } ] } }
            """)
        #expect(frame(row, "t") == Rect(x: 180, y: 0, width: 20, height: 12.5))
        #expect(frame(row, "s") == Rect(x: 0, y: 0, width: 180, height: 0))
    }

    @Test func overlayIsAsTallAsItsTallestChild() throws {
        let row = try layout(
            "{ overlay: { alignment: center, children: [ { spacer: { id: s, size: 30 } }, { text: { id: t, value: x, font: { size: 8 } } } ] } }"
        )
        #expect(row.height == 30)
        #expect(frame(row, "t") == Rect(x: 0, y: 10, width: 200, height: 10))
    }

    @Test func fixedSizesAndMaxHeightClip() throws {
        let row = try layout(
            "{ vstack: { children: [ { text: { id: w, value: x, width: 50, height: 30 } }, { text: { id: m, value: \"a b c d e f\", font: { size: 20 }, maxHeight: 30, width: 10 } } ] } }"
        )
        #expect(frame(row, "w") == Rect(x: 0, y: 0, width: 50, height: 30))
        let clipped = try #require(row.root.allNodes.first { $0.id == "m" })
        #expect(clipped.frame == Rect(x: 0, y: 30, width: 10, height: 30))
        #expect(clipped.clips)
    }

    @Test func dividerAndDecoration() throws {
        let row = try layout(
            "{ padding: { id: p, insets: 4, background: systemRed, cornerRadius: 6, border: { color: black, width: 2 }, child: { divider: { id: d, thickness: 1 } } } }"
        )
        #expect(frame(row, "d") == Rect(x: 4, y: 4, width: 192, height: 1))
        let padding = try #require(row.root.allNodes.first { $0.id == "p" })
        #expect(padding.decoration?.cornerRadius == 6)
        #expect(padding.decoration?.borderWidth == 2)
        #expect(padding.decoration?.borderColor == Color.black)
    }

    @Test func imageTakesItsSizeAndResolvesAgainstTheStyleFolder() throws {
        let row = try layout("{ image: { id: i, file: \"{icon}\", size: { width: 30, height: 20 } } }", ["icon": "a.png"])
        let node = try #require(row.root.allNodes.first { $0.id == "i" })
        #expect(node.frame == Rect(x: 0, y: 0, width: 30, height: 20))
        guard case .image(let path, _) = node.content else {
            Issue.record("no image content")
            return
        }
        #expect(path.hasSuffix("/a.png"))
    }

    @Test func imagePathsFromDataStayInTheDataFolder() throws {
        #expect(throws: LayoutError.self) {
            try layout("{ image: { file: \"{icon}\" } }", ["icon": "../../etc/passwd.png"])
        }
    }

    @Test func cellAccessoryTakesTheTrailingEdge() throws {
        let row = try layout("{ text: { id: t, value: x } }", width: 375, accessory: "disclosure")
        #expect(frame(row, "t") == Rect(x: 0, y: 0, width: 341, height: 21.25))
        let accessory = try #require(row.root.allNodes.first { $0.kind == .cellAccessory })
        #expect(accessory.frame == Rect(x: 341, y: 0, width: 34, height: 21.25))
    }

    @Test func whenCollapsesAnElementAndItsSpacing() throws {
        let yaml =
            "{ vstack: { spacing: 10, children: [ { text: { id: a, value: x } }, { text: { id: b, value: \"{b}\", when: b } } ] } }"
        #expect(try layout(yaml).height == 21.25)
        #expect(try layout(yaml, ["b": "y"]).height == 52.5)
        #expect(try layout(yaml, ["b": "  "]).height == 21.25)
    }

    @Test func collapseWhenEmptyNeedsNoField() throws {
        let yaml =
            "{ vstack: { spacing: 10, children: [ { text: { value: x } }, { text: { id: e, value: \"{b|}\", collapseWhenEmpty: true } } ] } }"
        #expect(try layout(yaml).height == 21.25)
        #expect(try layout(yaml, ["b": "y"]).height == 52.5)
    }

    @Test func templatesFallBackAndNumberRows() throws {
        let row = try layout("{ text: { id: t, value: \"{name|Anonymous} #{row}\" } }")
        guard case .text(let measured, _, _) = row.root.allNodes.first(where: { $0.id == "t" })?.content else {
            Issue.record("no text")
            return
        }
        #expect(measured.size.width == Double("Anonymous #1".count) * 17 / 2)
    }

    @Test func framesNeverLeaveTheirCell() throws {
        // Seeded random texts through every built-in: no frame leaves the cell.
        var generator = SplitMix(seed: 20_261_122)
        print("framesNeverLeaveTheirCell seed 20261122")
        for name in BuiltinStyles.names {
            let spec = try #require(try BuiltinStyles.spec(named: name))
            let engine = LayoutEngine(style: try StyleResolver.resolve(spec, for: StyleEnvironment()), measurer: GridMeasurer())
            for _ in 0..<50 {
                let words = (0..<Int(generator.next() % 40)).map { _ in
                    String(repeating: "w", count: Int(generator.next() % 12) + 1)
                }
                let fields = ["text": words.joined(separator: " "), "caption": "Cap", "tag": "T", "author": "A B"]
                let width = Double(200 + generator.next() % 800)
                let row = try engine.layout(RowInput(number: 1, fields: fields), width: width)
                for node in row.root.allNodes {
                    #expect(row.root.frame.contains(node.frame), "\(name) width \(width): \(node.dump())")
                }
            }
        }
    }
}

/// A small deterministic generator for seeded invariant tests.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct RightToLeftLayoutTests {
    /// A right-to-left table mirrors frames: the avatar leads on the right, the quote to its left.
    @Test func framesAreMirrored() throws {
        let spec = try #require(try BuiltinStyles.spec(named: "quotation"))
        let environment = StyleEnvironment(layoutDirection: .rightToLeft)
        let engine = LayoutEngine(style: try StyleResolver.resolve(spec, for: environment), measurer: GridMeasurer())
        let row = try engine.layout(RowInput(number: 1, fields: ["text": "Hi", "author": "Ada Lovelace"]), width: 375)
        let avatar = try #require(row.root.allNodes.first { $0.id == "avatar" })
        let quote = try #require(row.root.allNodes.first { $0.id == "quote" })
        #expect(avatar.frame == Rect(x: 375 - 12 - 40, y: 12, width: 40, height: 40))
        #expect(quote.frame == Rect(x: 12, y: 12, width: 299, height: 18.75))
        guard case .text(_, _, let origin) = quote.content else {
            Issue.record("no text content")
            return
        }
        #expect(origin == Point(x: 12, y: 12))
    }

    /// The cell accessory takes the trailing edge, the left one, and is marked mirrored (its
    /// painter turns the disclosure chevron to point left).
    @Test func cellAccessoryMovesToTheLeftAndIsMirrored() throws {
        let yaml = "name: t\naccessory: disclosure\ncontent: { text: { id: t, value: x } }"
        let spec = try StyleDecoder.decode(yaml, source: "t.yaml", baseFolder: "/tmp")
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let style = try StyleResolver.resolve(spec, for: StyleEnvironment(layoutDirection: direction))
            let row = try LayoutEngine(style: style, measurer: GridMeasurer()).layout(
                RowInput(number: 1, fields: [:]), width: 375)
            let accessory = try #require(row.root.allNodes.first { $0.kind == .cellAccessory })
            let rightToLeft = direction == .rightToLeft
            #expect(accessory.frame == Rect(x: rightToLeft ? 0 : 341, y: 0, width: 34, height: 21.25))
            guard case .cellAccessory(.disclosure, _, let mirrored) = accessory.content else {
                Issue.record("no accessory content")
                return
            }
            #expect(mirrored == rightToLeft)
        }
    }
}

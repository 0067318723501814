import CPangoCairo
import CellCore
import Foundation
import Testing
import TextCorpus

@testable import Graphics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `AsciiBreaks` gives every printable-ASCII paragraph the attributes Pango gives it, through the
/// path preparation used before (`PangoBreaks.attributes`: `pango_default_break` over the
/// paragraph and its delimiter, then `pango_tailor_break` over its item).
///
/// Every field preparation reads (line break, mandatory break, break removes the character
/// before, break inserts a hyphen, cursor position, white) is compared at every position it may
/// read: before each character and at the paragraph's end (0…n; the engine reads the end's line
/// break, and the rest up to n − 1).
@Suite struct AsciiBreaksTests {
    /// Compares paragraphs with Pango in one font, counting what was compared and keeping the
    /// first difference.
    final class Comparison {
        private let session: ShapingSession
        private let context: OpaquePointer
        private(set) var paragraphs = 0
        private(set) var positions = 0
        private(set) var firstDifference: String?

        init() throws {
            session = try ShapingSession(fonts: FontLibrary.shared())
            try session.use(FontSpec(size: 17))
            context = try session.context
        }

        /// Compares `paragraph` (printable ASCII) followed by `delimiter` ("", "\n", "\r\n", "\r"
        /// or U+2029).
        func compare(_ paragraph: [UInt8], delimiter: [UInt8]) {
            var bytes = paragraph + delimiter
            bytes.append(0)
            let end = paragraph.count
            let next = end + delimiter.count
            let delimiterCharacters = delimiter.isEmpty ? 0 : delimiter == [0x0D, 0x0A] ? 2 : 1
            let ours = paragraph.withUnsafeBufferPointer { AsciiBreaks.attributes(of: $0, endsText: delimiter.isEmpty) }
            let theirs: [PangoLogAttr]? = bytes.withUnsafeBufferPointer { buffer in
                guard let base = UnsafeRawPointer(buffer.baseAddress)?.assumingMemoryBound(to: CChar.self),
                    let list = pango_itemize_with_base_dir(context, PANGO_DIRECTION_LTR, base, 0, Int32(end), nil, nil)
                else { return nil }
                let items = OwnedItems(list: list)
                // Preparation computes these attributes only for a paragraph in one item.
                guard items.items.count == 1 else { return nil }
                return PangoBreaks.attributes(
                    of: base, start: 0, next: next, count: end + delimiterCharacters, items: items.items
                ).attributes
            }
            paragraphs += 1
            guard let theirs else {
                record("not one item", paragraph, delimiter, index: 0)
                return
            }
            guard ours.count == end + 1 else {
                record("\(ours.count) attributes, not \(end + 1)", paragraph, delimiter, index: 0)
                return
            }
            for index in 0...end {
                positions += 1
                let fields: [(String, UInt32, UInt32)] = [
                    ("is_line_break", ours[index].is_line_break, theirs[index].is_line_break),
                    ("is_mandatory_break", ours[index].is_mandatory_break, theirs[index].is_mandatory_break),
                    ("break_removes_preceding", ours[index].break_removes_preceding, theirs[index].break_removes_preceding),
                    ("break_inserts_hyphen", ours[index].break_inserts_hyphen, theirs[index].break_inserts_hyphen),
                    ("is_cursor_position", ours[index].is_cursor_position, theirs[index].is_cursor_position),
                    ("is_white", ours[index].is_white, theirs[index].is_white),
                ]
                for (name, mine, pango) in fields where mine != pango {
                    record("\(name) \(mine), Pango \(pango)", paragraph, delimiter, index: index)
                    return
                }
            }
        }

        /// Compares every printable-ASCII paragraph of `text`, split as preparation splits it.
        func compareParagraphs(of text: String) {
            let bytes = Array(text.utf8)
            var start = 0
            while start <= bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D,
                    !(bytes[end] == 0xE2 && end + 2 < bytes.count && bytes[end + 1] == 0x80 && bytes[end + 2] == 0xA9)
                {
                    end += 1
                }
                var next = end
                if end < bytes.count {
                    next =
                        bytes[end] == 0x0D && end + 1 < bytes.count && bytes[end + 1] == 0x0A
                        ? end + 2 : end + (bytes[end] == 0xE2 ? 3 : 1)
                }
                let paragraph = Array(bytes[start..<end])
                if end > start, paragraph.withUnsafeBufferPointer(AsciiBreaks.isPrintable) {
                    compare(paragraph, delimiter: Array(bytes[end..<next]))
                }
                if end >= bytes.count { break }
                start = next
            }
        }

        private func record(_ what: String, _ paragraph: [UInt8], _ delimiter: [UInt8], index: Int) {
            guard firstDifference == nil else { return }
            let shown = String(decoding: paragraph, as: UTF8.self)
            let ending = String(decoding: delimiter, as: UTF8.self).unicodeScalars.map { $0.escaped(asASCII: true) }.joined()
            firstDifference = "“\(shown)” + “\(ending)” at position \(index): \(what)"
        }
    }

    /// SplitMix64: a fixed, portable sequence from a seed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    static let delimiters: [[UInt8]] = [[], [0x0A], [0x0D, 0x0A], [0x0D], [0xE2, 0x80, 0xA9]]

    @Test func randomStringsBiasedTowardPunctuationEqualPango() throws {
        let seed: UInt64 = 0x5EED_1450
        var random = SplitMix(state: seed)
        // The characters with rules of their own, often; letters and digits, often; any printable
        // ASCII character, sometimes (the backslash, bar, tilde, low line, …).
        let tricky = Array(" -.,:;!?'\"()[]{}/$%+#&".utf8)
        let words = Array("aZx09 ".utf8)
        let comparison = try Comparison()
        for _ in 0..<200_000 {
            let length = Int.random(in: 1...40, using: &random)
            var paragraph: [UInt8] = []
            for _ in 0..<length {
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<5: paragraph.append(tricky[Int.random(in: 0..<tricky.count, using: &random)])
                case 5..<9: paragraph.append(words[Int.random(in: 0..<words.count, using: &random)])
                default: paragraph.append(UInt8.random(in: 0x20...0x7E, using: &random))
                }
            }
            comparison.compare(paragraph, delimiter: Self.delimiters[Int.random(in: 0..<Self.delimiters.count, using: &random)])
            if comparison.firstDifference != nil { break }
        }
        #expect(comparison.firstDifference == nil, "seed \(seed)")
        #expect(comparison.paragraphs == 200_000)
        print("AsciiBreaks: \(comparison.paragraphs) random strings (seed \(seed)), \(comparison.positions) positions equal")
    }

    @Test func everyPrintableCharacterAloneAndInPairsEqualsPango() throws {
        let comparison = try Comparison()
        for first in UInt8(0x20)...0x7E {
            for delimiter in Self.delimiters { comparison.compare([first], delimiter: delimiter) }
            for second in UInt8(0x20)...0x7E {
                comparison.compare([first, second], delimiter: [])
                comparison.compare([0x61, first, second, 0x31], delimiter: [0x0A])
            }
        }
        #expect(comparison.firstDifference == nil)
        #expect(comparison.paragraphs == 95 * 5 + 95 * 95 * 2)
    }

    @Test func secondCorpusAndCaptionsEqualPango() throws {
        let comparison = try Comparison()
        for text in SecondCorpus.texts { comparison.compareParagraphs(of: text) }
        let corpus = comparison.paragraphs
        for number in 1...1997 { comparison.compareParagraphs(of: "Line \(number)") }
        #expect(comparison.firstDifference == nil)
        #expect(corpus > 100)
        print("AsciiBreaks: second corpus \(corpus) ASCII paragraphs, \(comparison.positions) positions equal (with captions)")
    }

    /// Skips with a message without ../shared, but fails when CI is set (CI always has it).
    @Test func huckleberryRowsRawAndRepairedEqualPango() throws {
        guard access(HuckleberryData.path, R_OK) == 0 else {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                Issue.record("\(HuckleberryData.path) is missing and CI is set")
            } else {
                print("skipping: \(HuckleberryData.path) is absent (run from the worktree next to ../shared)")
            }
            return
        }
        let rows = try HuckleberryData.texts()
        #expect(rows.count == 1997)
        let comparison = try Comparison()
        for text in rows { comparison.compareParagraphs(of: text) }
        let raw = comparison.paragraphs
        for text in rows { comparison.compareParagraphs(of: CP1252Repair.repair(text).text) }
        #expect(comparison.firstDifference == nil)
        #expect(raw > 1000)
        print(
            "AsciiBreaks: Huckleberry \(raw) raw and \(comparison.paragraphs - raw) repaired ASCII paragraphs, "
                + "\(comparison.positions) positions equal")
    }
}

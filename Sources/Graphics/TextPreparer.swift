import CPangoCairo
import CellCore

extension ShapingSession {
    /// Itemizes, breaks and shapes `text` in `font` the way `PangoLayout` does (paragraph by
    /// paragraph, `pango_itemize` then `pango_default_break` and `pango_tailor_break` per item),
    /// keeping Pango's break opportunities and the shaped width of every piece.
    ///
    /// Returns a fallback for what the arithmetic does not model: right-to-left or bidirectional
    /// text, tabs, NULs, line separators, forced breaks inside a paragraph, and breaks that insert
    /// a hyphen (soft hyphens).
    func prepare(text: String, font: FontSpec) -> PreparedParagraphs {
        var bytes = Array(text.utf8)
        if let reason = Self.unmodelledBytes(bytes) { return .fallback(reason) }
        let context: OpaquePointer
        do {
            try use(font)
            context = try self.context
        } catch {
            return .fallback(error.description)
        }
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count - 1
            var paragraphs: [PreparedParagraphs.Paragraph] = []
            var start = 0
            while true {
                var end = start
                while end < count, buffer[end] != 0x0A, buffer[end] != 0x0D,
                    !(buffer[end] == 0xE2 && end + 2 < count && buffer[end + 1] == 0x80 && buffer[end + 2] == 0xA9)
                {
                    end += 1
                }
                var next = end
                if end < count {
                    if buffer[end] == 0x0D, end + 1 < count, buffer[end + 1] == 0x0A {
                        next = end + 2
                    } else {
                        next = end + (buffer[end] == 0xE2 ? 3 : 1)
                    }
                }
                switch prepareParagraph(buffer, start: start, end: end, next: next, font: font, context: context) {
                case .success(let paragraph): paragraphs.append(paragraph)
                case .failure(let reason): return .fallback(reason.text)
                }
                if end >= count { break }
                start = next
            }
            return PreparedParagraphs(paragraphs: paragraphs, fallbackReason: nil)
        }
    }

    /// Why a paragraph needs Pango for missing glyphs, or nil when every drawable character is
    /// covered by the font its item was given.
    private func firstUncovered(_ text: UnsafeBufferPointer<UInt8>, items: [UnsafeMutablePointer<PangoItem>]) -> String? {
        for item in items {
            guard let font = item.pointee.analysis.font else { continue }
            var index = Int(item.pointee.offset)
            let end = min(index + Int(item.pointee.length), text.count)
            let ascii = coverage.ascii(font)
            while index < end {
                let lead = text[index]
                guard lead >= 0x80 else {
                    if !ascii.covers(lead) { return "a character no pinned font has" }
                    index += 1
                    continue
                }
                let length = Self.sequenceLength(lead)
                var scalar = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for offset in 1..<length where index + offset < end { scalar = scalar << 6 | UInt32(text[index + offset] & 0x3F) }
                if !coverage.covers(font, scalar: scalar) { return "a character no pinned font has" }
                index += length
            }
        }
        return nil
    }

    private static func unmodelledBytes(_ bytes: [UInt8]) -> String? {
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0: return "a NUL character"
            case 0x09: return "a tab"
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0xA8:
                return "a line separator"
            default: break
            }
            index += 1
        }
        return nil
    }

    private func prepareParagraph(
        _ text: UnsafeBufferPointer<UInt8>, start: Int, end: Int, next: Int, font: FontSpec, context: OpaquePointer
    ) -> Result<PreparedParagraphs.Paragraph, Unmodelled> {
        let empty = emptyLine(font, context: context)
        guard end > start else {
            return .success(.init(start: Int32(start), end: Int32(end), next: Int32(next), pieces: [], empty: empty))
        }
        let base = UnsafeRawPointer(text.baseAddress!).assumingMemoryBound(to: CChar.self)
        let printable = AsciiBreaks.isPrintable(UnsafeBufferPointer(rebasing: text[start..<end]))
        // A paragraph with any right-to-left character has an odd-level item and falls back, so
        // every paragraph laid out here has Pango's left-to-right base direction.
        guard let owned = itemize(text, start: start, end: end, printable: printable, font: font, context: context) else {
            return .failure(Unmodelled("no items"))
        }
        let items = owned.items
        if items.contains(where: { $0.pointee.analysis.level % 2 == 1 }) { return .failure(Unmodelled("right-to-left text")) }
        // A character no pinned font can draw is left to Pango, which reports it as a missing
        // glyph (rare; control and format characters are not glyphs and stay here).
        if let missing = firstUncovered(text, items: items) { return .failure(Unmodelled(missing)) }
        // Pango's break opportunities; a printable-ASCII paragraph in one Latin or Common item
        // has them computed here, as Pango would (its attributes stop at the paragraph's end,
        // the last position read below), and its characters are its bytes.
        let attributes: [PangoLogAttr]
        let paragraphCharacters: Int
        let offsets: CharacterOffsets
        if printable, items.count == 1, Int(items[0].pointee.num_chars) == end - start, Self.tailorsNothing(items[0]) {
            attributes = AsciiBreaks.attributes(of: UnsafeBufferPointer(rebasing: text[start..<end]), endsText: next == end)
            paragraphCharacters = end - start
            offsets = CharacterOffsets(start: start, listed: nil)
        } else {
            // Byte offset of every character of the paragraph, delimiter included, as Pango breaks it.
            var listed: [Int] = []
            listed.reserveCapacity(next - start + 1)
            var position = start
            while position < next {
                listed.append(position)
                position += Self.sequenceLength(text[position])
            }
            listed.append(next)
            offsets = CharacterOffsets(start: start, listed: listed)
            (attributes, paragraphCharacters) = PangoBreaks.attributes(
                of: base, start: start, next: next, count: listed.count - 1, items: items)
        }
        for index in 1..<paragraphCharacters where attributes[index].is_line_break != 0 {
            if attributes[index].is_mandatory_break != 0 {
                return .failure(Unmodelled("a forced line break inside a paragraph"))
            }
            if attributes[index].break_removes_preceding != 0 {
                return .failure(Unmodelled("a break that removes the character before it"))
            }
        }
        var pieces: [PreparedParagraphs.Piece] = []
        var itemStart = 0
        for item in items {
            let itemEnd = itemStart + Int(item.pointee.num_chars)
            let id = analysisID(item.pointee.analysis)
            let runBaselines = baselines[Int(id)]
            var pieceStart = itemStart
            var previousLast: Range<Int>?
            for cut in (itemStart + 1)...itemEnd {
                // Cuts at break opportunities and item ends, and between two ASCII digits
                // (numbers repeat their digits, not their values; kerning between the digits is
                // the pieces' join).
                let isCut =
                    cut == itemEnd || attributes[cut].is_line_break != 0
                    || (Self.isDigit(text[offsets[cut]]) && Self.isDigit(text[offsets[cut - 1]]))
                guard isCut else { continue }
                let range = offsets[pieceStart]..<offsets[cut]
                let bytes = UnsafeBufferPointer(rebasing: text[range])
                let shape = shape(bytes, analysisID: id, analysis: &item.pointee.analysis, startsText: range.lowerBound == 0)
                var hyphen: Int32 = 0
                if attributes[cut].is_line_break != 0, attributes[cut].break_inserts_hyphen != 0, cut < paragraphCharacters {
                    let hyphenated = self.shape(
                        bytes, analysisID: id, analysis: &item.pointee.analysis, startsText: range.lowerBound == 0, hyphen: true)
                    hyphen = hyphenated.width - shape.width
                }
                // The graphemes either side of the cut, widened past invisible characters (a
                // zero-width space) that kerning looks through.
                var firstEnd = Self.nextCursor(attributes, after: pieceStart, limit: cut)
                if firstEnd < cut, Self.isInvisible(text[offsets[pieceStart]..<offsets[firstEnd]]) {
                    firstEnd = Self.nextCursor(attributes, after: firstEnd, limit: cut)
                }
                let first = offsets[pieceStart]..<offsets[firstEnd]
                var join: Int32 = 0
                if let previousLast {
                    join = self.join(
                        UnsafeBufferPointer(rebasing: text[previousLast]), UnsafeBufferPointer(rebasing: text[first]),
                        analysisID: id, analysis: &item.pointee.analysis)
                }
                var lastStart = Self.previousCursor(attributes, before: cut, limit: pieceStart)
                if lastStart > pieceStart, Self.isInvisible(text[offsets[lastStart]..<offsets[cut]]) {
                    lastStart = Self.previousCursor(attributes, before: lastStart, limit: pieceStart)
                }
                previousLast = offsets[lastStart]..<offsets[cut]
                pieces.append(
                    .init(
                        end: Int32(offsets[cut]), width: shape.width, join: join, startsItem: pieceStart == itemStart,
                        whiteTail: attributes[cut - 1].is_white != 0 ? shape.lastCharacterWidth : 0, hyphen: hyphen,
                        breakAfter: attributes[cut].is_line_break != 0, top: shape.top, bottom: shape.bottom,
                        baselines: runBaselines))
                pieceStart = cut
            }
            itemStart = itemEnd
        }
        if next == end, !pieces.isEmpty { pieces[pieces.count - 1].breakAfter = true }
        return .success(.init(start: Int32(start), end: Int32(end), next: Int32(next), pieces: pieces, empty: empty))
    }

    /// Pango's items for the paragraph. Printable ASCII in a font that covers it is always one
    /// item (Latin, or Common without letters) with the same analysis, so after the first such
    /// paragraph the analysis is reused instead of itemizing again.
    private func itemize(
        _ text: UnsafeBufferPointer<UInt8>, start: Int, end: Int, printable ascii: Bool, font: FontSpec, context: OpaquePointer
    ) -> OwnedItems? {
        let letters = ascii && text[start..<end].contains { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
        let key = AsciiKey(font: font, letters: letters)
        if ascii, let analysis = asciiAnalyses[key], let item = pango_item_new() {
            item.pointee.offset = Int32(start)
            item.pointee.length = Int32(end - start)
            item.pointee.num_chars = Int32(end - start)
            item.pointee.analysis = analysis
            return OwnedItems(single: item)
        }
        let base = UnsafeRawPointer(text.baseAddress!).assumingMemoryBound(to: CChar.self)
        guard
            let list = pango_itemize_with_base_dir(context, PANGO_DIRECTION_LTR, base, Int32(start), Int32(end - start), nil, nil)
        else { return nil }
        let owned = OwnedItems(list: list)
        if ascii, owned.items.count == 1, owned.items[0].pointee.analysis.extra_attrs == nil {
            _ = analysisID(owned.items[0].pointee.analysis)  // keeps the font alive for the session
            asciiAnalyses[key] = owned.items[0].pointee.analysis
        }
        return owned
    }

    /// Whether Pango's tailoring changes none of the break attributes read here for `item`'s
    /// script: Latin (which only joins Catalan words at a middle dot) and Common.
    private static func tailorsNothing(_ item: UnsafeMutablePointer<PangoItem>) -> Bool {
        let script = PangoScript(Int32(item.pointee.analysis.script))
        return script == PANGO_SCRIPT_LATIN || script == PANGO_SCRIPT_COMMON
    }

    private static func nextCursor(_ attributes: [PangoLogAttr], after index: Int, limit: Int) -> Int {
        var cursor = index + 1
        while cursor < limit, attributes[cursor].is_cursor_position == 0 { cursor += 1 }
        return cursor
    }

    private static func previousCursor(_ attributes: [PangoLogAttr], before index: Int, limit: Int) -> Int {
        var cursor = index - 1
        while cursor > limit, attributes[cursor].is_cursor_position == 0 { cursor -= 1 }
        return cursor
    }

    private static func isInvisible(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        // An ASCII character is never a default-ignorable one.
        guard let lead = bytes.first, lead >= 0x80 else { return false }
        return String(decoding: bytes, as: UTF8.self).unicodeScalars.allSatisfy { $0.properties.isDefaultIgnorableCodePoint }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0..<0x80: 1
        case 0xC0..<0xE0: 2
        case 0xE0..<0xF0: 3
        default: 4
        }
    }
}

/// The byte offset of each character of a paragraph: its bytes' own when it is ASCII, listed
/// otherwise.
private struct CharacterOffsets {
    let start: Int
    let listed: [Int]?

    subscript(index: Int) -> Int { listed?[index] ?? start + index }
}

/// Why a paragraph is left to plain Pango.
struct Unmodelled: Error {
    var text: String
    init(_ text: String) { self.text = text }
}

/// Pango items owned until preparation of a paragraph is done.
final class OwnedItems {
    let items: [UnsafeMutablePointer<PangoItem>]
    private let list: UnsafeMutablePointer<GList>?

    init(list: UnsafeMutablePointer<GList>) {
        var items: [UnsafeMutablePointer<PangoItem>] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            items.append(current.pointee.data.assumingMemoryBound(to: PangoItem.self))
            node = current.pointee.next
        }
        self.items = items
        self.list = list
    }

    /// One item made by hand; its analysis borrows a font the session keeps alive.
    init(single item: UnsafeMutablePointer<PangoItem>) {
        if let font = item.pointee.analysis.font { g_object_ref(font) }
        items = [item]
        list = nil
    }

    deinit {
        if let list {
            g_list_free_full(list) { pango_item_free($0?.assumingMemoryBound(to: PangoItem.self)) }
        } else {
            for item in items { pango_item_free(item) }
        }
    }
}

/// The font and whether the text has letters (Latin) or not (Common): what decides the analysis
/// of a printable-ASCII paragraph.
struct AsciiKey: Hashable {
    var font: FontSpec
    var letters: Bool
}

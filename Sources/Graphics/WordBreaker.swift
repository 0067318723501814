import CPangoCairo
import CellCore

/// Breaks lines inside words the way Pango 1.50 does when a word is wider than the line
/// (`PANGO_WRAP_WORD_CHAR`'s retry with character breaks): the furthest character break whose
/// reshaped prefix (with the hyphen Pango inserts there) fits, else the first one.
///
/// Rare (a word wider than a line), so it re-itemizes the paragraph on the measuring thread's
/// session and shapes the prefixes through Pango, exactly as Pango measures them.
final class WordBreaker: WordBreaking {
    private let session: ShapingSession
    private var text: [UInt8]
    private let paragraphs: [PreparedParagraphs.Paragraph]
    private let font: FontSpec
    private var contexts: [Int: ParagraphContext] = [:]
    /// Per word (its paragraph and last character): the character where its estimates start,
    /// and each character's logical width from there.
    private var estimated: [EstimateKey: (start: Int, widths: [Int32])] = [:]

    private struct EstimateKey: Hashable {
        var paragraph: Int
        var stop: Int
    }

    init(session: ShapingSession, text: String, font: FontSpec, paragraphs: [PreparedParagraphs.Paragraph]) {
        self.session = session
        self.text = Array(text.utf8) + [0]
        self.paragraphs = paragraphs
        self.font = font
    }

    func breakWord(paragraph: Int, from: Int32, wordEnd: Int32, limit: Int) -> (end: Int32, shape: PieceShape)? {
        guard let context = context(paragraph), let item = context.item(containing: Int(from)),
            let start = context.characterIndex(of: Int(from)), let wordEndIndex = context.characterIndex(of: Int(wordEnd))
        else { return nil }
        let itemEnd = context.characterIndex(of: Int(item.pointee.offset + item.pointee.length)) ?? wordEndIndex
        let stop = min(wordEndIndex, itemEnd)
        // Like Pango, estimate prefixes from one shaping of the word (its characters' logical
        // widths) and reshape only the candidates near the line's end; a candidate far inside
        // fits and one far beyond does not, whatever the kerning at the cut.
        // The word is shaped for estimates once, from where its first line starts: later lines
        // (and other widths) read the same characters' widths from there on.
        guard stop > start else { return nil }
        let estimates: ArraySlice<Int32>
        if let known = estimated[EstimateKey(paragraph: paragraph, stop: stop)], known.start <= start {
            estimates = known.widths[(start - known.start)...]
        } else {
            guard let made = widths(context, item: item, from: Int(from), to: context.offsets[stop], startCharacter: start)
            else { return nil }
            estimated[EstimateKey(paragraph: paragraph, stop: stop)] = (start, made)
            estimates = made[...]
        }
        let margin = max(Int(PANGO_SCALE), 3 * estimates.reduce(0) { $0 + Int($1) } / estimates.count)
        var chosen: (end: Int32, shape: PieceShape)?
        var trivial: Int?
        var estimate = 0
        var position = start + 1
        while position <= stop {
            defer { position += 1 }
            estimate += Int(estimates[estimates.startIndex + position - start - 1])
            let attribute = context.attributes[position]
            guard attribute.is_char_break != 0 else { continue }
            if attribute.break_removes_preceding != 0 { return nil }
            if estimate > limit + margin, chosen != nil || trivial != nil { break }
            if estimate + margin < limit {
                trivial = position
                continue
            }
            let hyphen = attribute.break_inserts_hyphen != 0 && position < itemEnd
            guard let line = exact(context, item: item, from: from, position: position, start: start, hyphen: hyphen) else {
                return nil
            }
            if Int(line.width) <= limit || (chosen == nil && trivial == nil) {
                chosen = (Int32(context.offsets[position]), line)
                trivial = nil
            } else {
                break
            }
        }
        if let trivial {
            let hyphen = context.attributes[trivial].break_inserts_hyphen != 0 && trivial < itemEnd
            guard let line = exact(context, item: item, from: from, position: trivial, start: start, hyphen: hyphen) else {
                return nil
            }
            chosen = (Int32(context.offsets[trivial]), line)
        }
        return chosen
    }

    /// The shape of the line `from..<position`: reshaped with Pango's hyphen where Pango inserts
    /// one, less a final white character.
    private func exact(
        _ context: ParagraphContext, item: UnsafeMutablePointer<PangoItem>, from: Int32, position: Int, start: Int, hyphen: Bool
    ) -> PieceShape? {
        guard
            var line = shape(
                context, item: item, from: Int(from), to: context.offsets[position], startCharacter: start, hyphen: hyphen)
        else { return nil }
        if context.attributes[position - 1].is_white != 0 { line.width -= line.lastCharacterWidth }
        return line
    }

    private func widths(
        _ context: ParagraphContext, item: UnsafeMutablePointer<PangoItem>, from: Int, to: Int, startCharacter: Int
    ) -> [Int32]? {
        guard let endCharacter = context.characterIndex(of: to), endCharacter > startCharacter else { return nil }
        var part = PangoItem()
        part.offset = Int32(from)
        part.length = Int32(to - from)
        part.num_chars = Int32(endCharacter - startCharacter)
        part.analysis = item.pointee.analysis
        return context.attributes.withUnsafeMutableBufferPointer { attributes in
            text.withUnsafeBufferPointer { bytes in
                session.characterWidths(&part, text: bytes, attributes: attributes.baseAddress! + startCharacter)
            }
        }
    }

    func shape(paragraph: Int, from: Int32, to: Int32) -> PieceShape? {
        guard let context = context(paragraph), let item = context.item(containing: Int(from)),
            let start = context.characterIndex(of: Int(from))
        else { return nil }
        return shape(context, item: item, from: Int(from), to: Int(to), startCharacter: start, hyphen: false)
    }

    private func shape(
        _ context: ParagraphContext, item: UnsafeMutablePointer<PangoItem>, from: Int, to: Int, startCharacter: Int,
        hyphen: Bool
    ) -> PieceShape? {
        guard to > from, to <= Int(item.pointee.offset + item.pointee.length) else { return nil }
        guard let endCharacter = context.characterIndex(of: to) else { return nil }
        var part = PangoItem()
        part.offset = Int32(from)
        part.length = Int32(to - from)
        part.num_chars = Int32(endCharacter - startCharacter)
        part.analysis = item.pointee.analysis
        if hyphen { part.analysis.flags |= UInt8(PANGO_ANALYSIS_FLAG_NEED_HYPHEN) }
        return context.attributes.withUnsafeMutableBufferPointer { attributes in
            text.withUnsafeBufferPointer { bytes in
                session.shapeItem(
                    &part, text: bytes, attributes: attributes.baseAddress! + startCharacter)
            }
        }
    }

    private func context(_ index: Int) -> ParagraphContext? {
        if let known = contexts[index] { return known }
        let paragraph = paragraphs[index]
        guard (try? session.use(font)) != nil, let pango = try? session.context else { return nil }
        let made = text.withUnsafeBufferPointer { bytes in
            ParagraphContext(
                context: pango, text: bytes, start: Int(paragraph.start), end: Int(paragraph.end), next: Int(paragraph.next))
        }
        contexts[index] = made
        return made
    }
}

/// One paragraph itemized and broken again, for shaping parts of its items.
private final class ParagraphContext {
    private let list: UnsafeMutablePointer<GList>
    let items: [UnsafeMutablePointer<PangoItem>]
    /// The byte offset of every character, and of the paragraph's end (delimiter included).
    let offsets: [Int]
    private let indexByOffset: [Int: Int]
    var attributes: [PangoLogAttr]

    init?(context: OpaquePointer, text: UnsafeBufferPointer<UInt8>, start: Int, end: Int, next: Int) {
        let base = UnsafeRawPointer(text.baseAddress!).assumingMemoryBound(to: CChar.self)
        guard end > start,
            let list = pango_itemize_with_base_dir(
                context, PANGO_DIRECTION_LTR, base, Int32(start), Int32(end - start), nil, nil)
        else { return nil }
        self.list = list
        var items: [UnsafeMutablePointer<PangoItem>] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            items.append(current.pointee.data.assumingMemoryBound(to: PangoItem.self))
            node = current.pointee.next
        }
        self.items = items
        var offsets: [Int] = []
        var position = start
        while position < next {
            offsets.append(position)
            let lead = text[position]
            position += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        }
        offsets.append(next)
        self.offsets = offsets
        var indexByOffset: [Int: Int] = [:]
        for (index, offset) in offsets.enumerated() { indexByOffset[offset] = index }
        self.indexByOffset = indexByOffset
        self.attributes =
            PangoBreaks.attributes(of: base, start: start, next: next, count: offsets.count - 1, items: items)
            .attributes
    }

    deinit {
        g_list_free_full(list) { pango_item_free($0?.assumingMemoryBound(to: PangoItem.self)) }
    }

    func characterIndex(of offset: Int) -> Int? { indexByOffset[offset] }

    func item(containing offset: Int) -> UnsafeMutablePointer<PangoItem>? {
        items.first { Int($0.pointee.offset) <= offset && offset < Int($0.pointee.offset + $0.pointee.length) }
    }
}

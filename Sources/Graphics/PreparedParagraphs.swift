/// A text itemized, broken and shaped once, ready to be laid out at any width by arithmetic.
///
/// Holds no Pango object: only byte offsets, Pango's break opportunities and shaped widths in
/// Pango units, so it is a value that any thread may read and compare.
struct PreparedParagraphs: Hashable, Sendable {
    /// The paragraphs in order; an empty text is one empty paragraph, as in Pango.
    var paragraphs: [Paragraph]
    /// Why the text is left to plain Pango; nil when the engine models it.
    var fallbackReason: String?

    static func fallback(_ reason: String) -> PreparedParagraphs {
        PreparedParagraphs(paragraphs: [], fallbackReason: reason)
    }

    struct Paragraph: Hashable, Sendable {
        /// The byte offset of the paragraph's first character in the text.
        var start: Int32
        /// The byte offset just past its last character (before the delimiter).
        var end: Int32
        /// The byte offset of the next paragraph (after the delimiter).
        var next: Int32
        /// The pieces in logical order; empty for an empty paragraph.
        var pieces: [Piece]
        /// The extents of the paragraph's line when it is empty (from the font's metrics).
        var empty: PieceShape
        /// What line filling reads of each piece, packed (20 bytes, not a whole `Piece`), when
        /// every piece has the same extents and baselines (one font: most paragraphs); empty
        /// otherwise. Derived from `pieces`.
        var steps: [Step]
        /// The extents of every line of a uniform paragraph (those of each of its pieces).
        var uniformTop: Int32 = 0
        var uniformBottom: Int32 = 0

        init(start: Int32, end: Int32, next: Int32, pieces: [Piece], empty: PieceShape) {
            self.start = start
            self.end = end
            self.next = next
            self.pieces = pieces
            self.empty = empty
            let first = pieces.first
            let uniform = pieces.allSatisfy {
                $0.top == first?.top && $0.bottom == first?.bottom && $0.baselines == first?.baselines
            }
            steps = uniform ? pieces.map(Step.init) : []
            if uniform, let first {
                uniformTop = first.top
                uniformBottom = first.bottom
            }
        }
    }

    /// A piece as the uniform line fill reads it.
    struct Step: Hashable, Sendable {
        /// The piece's width when it starts a line.
        var width: Int32
        /// Its width after another piece: the width and the join.
        var advance: Int32
        /// What a line broken after it drops (a white character) less the hyphen it adds.
        var tail: Int32
        /// The byte offset just past the piece: where a line broken after it ends.
        var end: Int32
        var breakAfter: Bool

        init(_ piece: Piece) {
            width = piece.width
            advance = piece.width &+ piece.join
            tail = piece.whiteTail &- piece.hyphen
            end = piece.end
            breakAfter = piece.breakAfter
        }
    }

    /// A run of characters between two places where preparation cut the text: a line-break
    /// opportunity, an item boundary, or between two digits.
    struct Piece: Hashable, Sendable {
        /// The byte offset, in the text, just past the piece.
        var end: Int32
        /// The shaped width of the piece on its own.
        var width: Int32
        /// What shaping the piece together with the one before it adds (kerning across the cut);
        /// 0 after an item boundary. Not counted when the piece starts a line.
        var join: Int32
        /// Whether the piece is the first of a Pango item (a run of one font, script and level).
        var startsItem: Bool
        /// The width of the last character when it is white space (dropped at a wrap), else 0.
        var whiteTail: Int32
        /// What a line broken after the piece adds for the hyphen Pango inserts there (a soft
        /// hyphen), else 0.
        var hyphen: Int32
        /// Whether Pango may break the line just after the piece (always at the end of the text;
        /// a paragraph's last piece before a newline usually may not, so its white space counts).
        var breakAfter: Bool
        var top: Int32
        var bottom: Int32
        /// The baselines of the piece's run, for aligning runs of different fonts.
        var baselines: RunBaselines
    }

    /// One line as Pango lays it out: where it starts, its logical width and vertical extents.
    struct Line: Hashable, Sendable {
        var start: Int32
        var width: Int32
        var top: Int32
        var bottom: Int32
    }

    /// The lines at `width` Pango units (nil: no wrapping).
    ///
    /// A line whose first word is wider than the line breaks inside the word (Pango's
    /// `PANGO_WRAP_WORD_CHAR` retry); `breaker` shapes those partial words. Returns nil when such
    /// a break is needed and there is no breaker, or the word spans two items.
    func lines(width limit: Int?, breaker: (any WordBreaking)? = nil) -> [Line]? {
        var lines: [Line] = []
        lines.reserveCapacity(4)
        return fill(&lines, width: limit, breaker: breaker) ? lines : nil
    }

    /// `lines(width:breaker:)` written into `lines` (emptied first, its storage reused); false
    /// where that returns nil.
    func fill(_ lines: inout [Line], width limit: Int?, breaker: (any WordBreaking)? = nil) -> Bool {
        lines.removeAll(keepingCapacity: true)
        for paragraphIndex in paragraphs.indices {
            var first = 0
            var position = paragraphs[paragraphIndex].start
            // A uniform paragraph is filled from its packed steps alone, until a line's first
            // word does not fit (then the general fill below breaks inside it). Read in place:
            // copying the paragraph to read it retained and released its arrays every time.
            let (top, bottom) = (paragraphs[paragraphIndex].uniformTop, paragraphs[paragraphIndex].uniformBottom)
            let stepCount = paragraphs[paragraphIndex].steps.count
            while first < stepCount,
                let (best, width) = Self.fillLine(paragraphs[paragraphIndex].steps, from: first, limit: limit)
            {
                lines.append(Line(start: position, width: width, top: top, bottom: bottom))
                position = paragraphs[paragraphIndex].steps[best].end
                first = best + 1
            }
            if first > 0, first == stepCount { continue }
            let paragraph = paragraphs[paragraphIndex]
            let steps = paragraph.steps
            let pieces = paragraph.pieces
            guard !pieces.isEmpty else {
                lines.append(Line(start: paragraph.start, width: 0, top: paragraph.empty.top, bottom: paragraph.empty.bottom))
                continue
            }
            // The first piece's shape when the line starts inside it (after a break in a word).
            var partial: PieceShape?
            let last = pieces.count - 1
            while first <= last {
                if partial == nil, !steps.isEmpty, let (best, width) = Self.fillLine(steps, from: first, limit: limit) {
                    lines.append(Line(start: position, width: width, top: paragraph.uniformTop, bottom: paragraph.uniformBottom))
                    position = steps[best].end
                    first = best + 1
                    continue
                }
                // One pass: the line's width so far and its extents, with runs shifted onto the
                // baseline that the line's first run picks (Pango's `apply_baseline_shift`).
                let lead = pieces[first].baselines
                let tag = Int(lead.tag)
                let reference = lead.value(tag)
                var sum = 0
                var top = Int32.max
                var bottom = Int32.min
                var best = -1
                var bestSum = 0
                var bestTop: Int32 = 0
                var bestBottom: Int32 = 0
                var index = first
                var firstCandidate = -1
                pieces.withUnsafeBufferPointer { buffer in
                    while index <= last {
                        let piece = buffer[index]
                        let shift = reference - piece.baselines.value(tag)
                        if index > first {
                            sum += Int(piece.width) + Int(piece.join)
                            top = min(top, piece.top - shift)
                            bottom = max(bottom, piece.bottom - shift)
                        } else {
                            sum += Int(partial?.width ?? piece.width)
                            top = (partial?.top ?? piece.top) - shift
                            bottom = (partial?.bottom ?? piece.bottom) - shift
                        }
                        if piece.breakAfter || index == last {
                            if firstCandidate < 0 { firstCandidate = index }
                            let tail = piece.breakAfter ? Int(piece.whiteTail) - Int(piece.hyphen) : 0
                            if let limit, sum - tail > limit { break }
                            best = index
                            bestSum = sum
                            bestTop = top
                            bestBottom = bottom
                        }
                        index += 1
                    }
                }
                if best >= 0 {
                    let wrapped = best < last
                    let width = bestSum - (wrapped ? Int(pieces[best].whiteTail) - Int(pieces[best].hyphen) : 0)
                    lines.append(Line(start: position, width: Int32(clamping: width), top: bestTop, bottom: bestBottom))
                    position = pieces[best].end
                    first = best + 1
                    partial = nil
                    continue
                }
                // The first word does not fit: Pango retries with breaks between characters.
                guard let breaker, let limit, firstCandidate >= 0,
                    firstCandidate == first || !pieces[(first + 1)...firstCandidate].contains(where: \.startsItem)
                else { return false }
                guard
                    let broken = breaker.breakWord(
                        paragraph: paragraphIndex, from: position, wordEnd: pieces[firstCandidate].end, limit: limit)
                else { return false }
                lines.append(Line(start: position, width: broken.shape.width, top: broken.shape.top, bottom: broken.shape.bottom))
                position = broken.end
                while first <= last, pieces[first].end <= position { first += 1 }
                partial = nil
                if first <= last, position > (first == 0 ? paragraph.start : pieces[first - 1].end) {
                    guard let shape = breaker.shape(paragraph: paragraphIndex, from: position, to: pieces[first].end) else {
                        return false
                    }
                    partial = shape
                }
            }
        }
        return true
    }
}

extension PreparedParagraphs {
    /// The uniform line fill (every piece the same extents and baselines): the last piece of the
    /// line starting at `first` and the line's width; nil when the first word does not fit (the
    /// general fill breaks inside it). The same arithmetic as the general fill, on packed steps.
    static func fillLine(_ steps: [Step], from first: Int, limit: Int?) -> (best: Int, width: Int32)? {
        steps.withUnsafeBufferPointer { buffer in
            let last = buffer.count - 1
            let bound = limit ?? Int.max
            var sum = Int(buffer[first].width)
            var best = -1
            var bestSum = 0
            var index = first
            while true {
                let step = buffer[index]
                if index > first { sum += Int(step.advance) }
                if step.breakAfter || index == last {
                    let tail = step.breakAfter ? Int(step.tail) : 0
                    if sum - tail > bound { break }
                    best = index
                    bestSum = sum
                }
                if index == last { break }
                index += 1
            }
            guard best >= 0 else { return nil }
            let width = bestSum - (best < last ? Int(buffer[best].tail) : 0)
            return (best, Int32(clamping: width))
        }
    }
}

/// Shapes parts of words for lines that break inside a word; runs on the measuring thread.
protocol WordBreaking {
    /// Where Pango breaks the line starting at byte `from` whose first word (ending at `wordEnd`)
    /// is wider than `limit`, and the line's width and extents; nil when the engine cannot tell.
    func breakWord(paragraph: Int, from: Int32, wordEnd: Int32, limit: Int) -> (end: Int32, shape: PieceShape)?
    /// The shaped width and extents of the bytes `from..<to` of one item.
    func shape(paragraph: Int, from: Int32, to: Int32) -> PieceShape?
}

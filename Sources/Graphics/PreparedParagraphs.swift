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
        /// The pieces in logical order; empty for an empty paragraph.
        var pieces: [Piece]
        /// The extents of the paragraph's line when it is empty (from the font's metrics).
        var empty: PieceShape
    }

    /// A run of characters between two places where preparation cut the text: a line-break
    /// opportunity, an item boundary, or the edge of a run of white space.
    struct Piece: Hashable, Sendable {
        /// The byte offset, in the text, just past the piece.
        var end: Int32
        /// The shaped width of the piece on its own.
        var width: Int32
        /// What shaping the piece together with the one before it adds (kerning across the cut);
        /// 0 after an item boundary. Not counted when the piece starts a line.
        var join: Int32
        /// The width of the last character when it is white space (dropped at a wrap), else 0.
        var whiteTail: Int32
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

    /// The lines at `width` Pango units (nil: no wrapping), or nil when a line would need a break
    /// inside a word (Pango's character fallback, which the engine leaves to Pango).
    func lines(width limit: Int?) -> [Line]? {
        var lines: [Line] = []
        lines.reserveCapacity(4)
        for paragraph in paragraphs {
            let pieces = paragraph.pieces
            guard !pieces.isEmpty else {
                lines.append(Line(start: paragraph.start, width: 0, top: paragraph.empty.top, bottom: paragraph.empty.bottom))
                continue
            }
            var first = 0
            let last = pieces.count - 1
            while first <= last {
                var sum = 0
                var best = -1
                var bestSum = 0
                var index = first
                while index <= last {
                    let piece = pieces[index]
                    sum += Int(piece.width) + (index > first ? Int(piece.join) : 0)
                    if piece.breakAfter || index == last {
                        let tail = piece.breakAfter ? Int(piece.whiteTail) : 0
                        if let limit, sum - tail > limit { break }
                        best = index
                        bestSum = sum
                    }
                    index += 1
                }
                guard best >= 0 else { return nil }
                let wrapped = best < last
                // Runs are shifted onto the baseline that the line's first run picks.
                var top = Int32.max
                var bottom = Int32.min
                let tag = Int(pieces[first].baselines.tag)
                let reference = pieces[first].baselines.values[tag]
                for piece in pieces[first...best] {
                    let shift = reference - piece.baselines.values[tag]
                    top = min(top, piece.top - shift)
                    bottom = max(bottom, piece.bottom - shift)
                }
                let start = first == 0 ? paragraph.start : pieces[first - 1].end
                let width = bestSum - (wrapped ? Int(pieces[best].whiteTail) : 0)
                lines.append(Line(start: start, width: Int32(clamping: width), top: top, bottom: bottom))
                first = best + 1
            }
        }
        return lines
    }
}

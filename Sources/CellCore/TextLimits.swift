/// The documented limits on one text (one element of one row), chosen so that no text takes
/// Pango more than about a second to lay out, and no size overflows Pango's 32-bit units.
///
/// Pango's layout time grows quadratically on some inputs: a long run without a break
/// opportunity, many short lines, many combining marks on one letter. Sizes past about
/// 2,097,151 points wrap around silently. Cellshot cuts a text at these limits before Pango
/// sees it and reports every cut as a `TextDiagnostic`.
public struct TextLimits: Hashable, Sendable {
    /// Unicode scalars a text keeps; the rest is dropped.
    public var maximumCharacters: Int
    /// Lines (paragraphs and forced line breaks) a text keeps; the rest is dropped.
    public var maximumLines: Int
    /// Combining marks kept in a row on one base character (Unicode's stream-safe format
    /// allows 30); further marks are dropped.
    public var maximumCombiningMarks: Int
    /// The widest and tallest a laid-out text may be, in points; a text that would be taller
    /// keeps the lines that fit.
    public var maximumExtent: Double

    public init(maximumCharacters: Int, maximumLines: Int, maximumCombiningMarks: Int, maximumExtent: Double) {
        self.maximumCharacters = maximumCharacters
        self.maximumLines = maximumLines
        self.maximumCombiningMarks = maximumCombiningMarks
        self.maximumExtent = maximumExtent
    }

    /// Cellshot's limits: 10,000 characters, 2,000 lines, 30 combining marks, 100,000 points.
    public static let standard = TextLimits(
        maximumCharacters: 10_000, maximumLines: 2_000, maximumCombiningMarks: 30, maximumExtent: 100_000)

    /// `text` cut at the character, line and combining-mark limits, and what was cut.
    ///
    /// Text within every limit is returned unchanged (the same string).
    public func apply(_ text: String) -> (text: String, cuts: [TextCut]) {
        guard exceeds(text) else { return (text, []) }
        var kept = String.UnicodeScalarView()
        var count = 0
        var lines = 1
        var marksInRow = 0
        var removedMarks = 0
        var cut: TextCut?
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            if scalar.isCombiningMark {
                marksInRow += 1
                if marksInRow > maximumCombiningMarks {
                    removedMarks += 1
                    continue
                }
            } else {
                marksInRow = 0
            }
            if scalar.isLineBreak && !(scalar == "\n" && previous == "\r") {
                if lines == maximumLines {
                    cut = .lines(limit: maximumLines, original: Self.lineCount(text))
                    break
                }
                lines += 1
            }
            if count == maximumCharacters {
                cut = .characters(limit: maximumCharacters, original: text.unicodeScalars.count)
                break
            }
            kept.append(scalar)
            count += 1
        }
        var cuts: [TextCut] = []
        if removedMarks > 0 { cuts.append(.combiningMarks(limit: maximumCombiningMarks, removed: removedMarks)) }
        if let cut { cuts.append(cut) }
        return cuts.isEmpty ? (text, []) : (String(kept), cuts)
    }

    /// Whether `text` passes any limit: one pass that builds nothing, for the common case.
    func exceeds(_ text: String) -> Bool {
        var count = 0
        var lines = 1
        var marksInRow = 0
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            count += 1
            if scalar.value >= 0x300 && scalar.isCombiningMark {
                marksInRow += 1
                if marksInRow > maximumCombiningMarks { return true }
            } else {
                marksInRow = 0
            }
            if scalar.isLineBreak && !(scalar == "\n" && previous == "\r") { lines += 1 }
            previous = scalar
        }
        return count > maximumCharacters || lines > maximumLines
    }

    /// Lines as Pango breaks them: LF, CR, CR LF, U+2028 and U+2029 each end one.
    static func lineCount(_ text: String) -> Int {
        var lines = 1
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar.isLineBreak && !(scalar == "\n" && previous == "\r") { lines += 1 }
            previous = scalar
        }
        return lines
    }
}

extension Unicode.Scalar {
    /// LF, CR, LINE SEPARATOR and PARAGRAPH SEPARATOR: the characters Pango breaks lines at.
    public var isLineBreak: Bool {
        value == 0x0A || value == 0x0D || value == 0x2028 || value == 0x2029
    }

    /// A nonspacing, spacing or enclosing combining mark (general category M).
    public var isCombiningMark: Bool {
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// A control character Cellshot reports: C0 other than tab and line breaks, DEL, and the
    /// C1 controls U+0080…U+009F.
    public var isReportedControl: Bool {
        switch value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }
}

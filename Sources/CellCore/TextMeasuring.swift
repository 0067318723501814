/// How a paragraph is aligned inside its frame.
public enum TextAlignment: String, CaseIterable, Hashable, Sendable {
    /// Follows the direction of the paragraph's text: left for Latin, right for Arabic.
    case natural
    /// The layout direction's leading edge (left in left-to-right tables).
    case leading
    case center
    case trailing
    case justified
}

/// The direction a table is laid out in, as UIKit's semantic content attribute.
public enum LayoutDirection: String, CaseIterable, Hashable, Sendable {
    case leftToRight, rightToLeft
}

/// Where the ellipsis goes when a text has more lines than it may show.
public enum TruncationMode: String, CaseIterable, Hashable, Sendable {
    case head, middle, tail
}

/// Where a line may break when text wraps.
public enum WrapMode: String, CaseIterable, Hashable, Sendable {
    /// Between words only (a word longer than the line overflows onto its own line, then breaks).
    case word
    /// Between any two characters.
    case character
}

/// Everything that decides how a text is laid out, and nothing else.
///
/// Two equal requests MUST produce equal measurements; the request is the measurement cache key.
/// Texts compare by their UTF-8 bytes, not by Swift's canonical equivalence: "é" and "e" plus a
/// combining accent are equal Strings but Pango lays them out differently.
public struct TextRequest: Hashable, Sendable {
    public var text: String
    public var font: FontSpec
    public var alignment: TextAlignment
    public var wrap: WrapMode
    /// Maximum number of lines; 0 means unlimited.
    public var maxLines: Int
    /// Where the ellipsis goes when `maxLines` cuts the text.
    public var truncation: TruncationMode
    /// Extra space between lines, in points.
    public var lineSpacing: Double
    /// A multiple of the font's line height (1 = the font's own), like `lineHeightMultiple`.
    public var lineHeightMultiple: Double
    /// Extra space between characters, in points (UIKit's kern).
    public var letterSpacing: Double
    /// Whether `text` is Pango markup rather than plain text.
    public var markup: Bool
    /// The table's layout direction, which `leading` and `trailing` follow.
    public var direction: LayoutDirection
    /// A BCP 47 language tag (`ja`, `zh-Hans`, `fr-FR`) for glyph variants and line breaking;
    /// nil: Pango's default.
    public var language: String? = nil

    public init(
        text: String, font: FontSpec, alignment: TextAlignment = .leading, wrap: WrapMode = .word, maxLines: Int = 0,
        truncation: TruncationMode = .tail, lineSpacing: Double = 0, lineHeightMultiple: Double = 1, letterSpacing: Double = 0,
        markup: Bool = false, direction: LayoutDirection = .leftToRight
    ) {
        self.text = text
        self.font = font
        self.alignment = alignment
        self.wrap = wrap
        self.maxLines = maxLines
        self.truncation = truncation
        self.lineSpacing = lineSpacing
        self.lineHeightMultiple = lineHeightMultiple
        self.letterSpacing = letterSpacing
        self.markup = markup
        self.direction = direction
    }
}

/// One laid-out line: its rectangle relative to the text's frame origin (logical extents).
public struct LineMetrics: Hashable, Sendable {
    public var frame: Rect
    public var baseline: Double

    public init(frame: Rect, baseline: Double) {
        self.frame = frame
        self.baseline = baseline
    }
}

/// An opaque, already laid-out paragraph that the painter draws as it is.
///
/// The measuring engine hands one out with every measurement so that the text that decided a
/// height is the text that is drawn (no second layout that could disagree).
public protocol PreparedText: AnyObject, Sendable {}

/// The result of measuring a text at a width.
public struct MeasuredText: Sendable {
    /// The size of the paragraph's logical extents; its width never exceeds the width measured at.
    public var size: Size
    public var lines: [LineMetrics]
    /// Whether lines were dropped (maxLines) and an ellipsis shown.
    public var isTruncated: Bool
    /// The laid-out paragraph, drawn by the painter; nil for an empty text.
    public var prepared: (any PreparedText)?
    /// The code points no font of the measurer could draw, each once, in text order.
    public var missingGlyphs: [Unicode.Scalar]
    /// The width the text was measured at (nil: one unwrapped paragraph); a `prepared` text may
    /// serve measurements at several widths, and is drawn at this one.
    public var measuredWidth: Double?

    public init(
        size: Size, lines: [LineMetrics], isTruncated: Bool = false, prepared: (any PreparedText)?,
        missingGlyphs: [Unicode.Scalar] = [], measuredWidth: Double? = nil
    ) {
        self.size = size
        self.lines = lines
        self.isTruncated = isTruncated
        self.prepared = prepared
        self.missingGlyphs = missingGlyphs
        self.measuredWidth = measuredWidth
    }

    public var lineCount: Int { lines.count }
}

/// Measures text; the layout engine sees text only through this protocol.
///
/// Implementations MUST be deterministic: the same request and width give the same measurement.
/// A conforming value is used from one thread at a time.
public protocol TextMeasuring {
    /// Lays `request` out in at most `width` points (`nil`: a single unwrapped paragraph).
    func measure(_ request: TextRequest, width: Double?) throws -> MeasuredText
}

extension TextRequest {
    public static func == (lhs: TextRequest, rhs: TextRequest) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8) && lhs.hasSameSettings(as: rhs)
    }

    /// Whether every field but the text is equal: what caches that compare the text their own
    /// way (byte for byte, by a hash they keep) add to it. A new field goes here, so `==` and
    /// those caches both see it.
    public func hasSameSettings(as other: TextRequest) -> Bool {
        font == other.font && alignment == other.alignment && wrap == other.wrap && maxLines == other.maxLines
            && truncation == other.truncation && lineSpacing == other.lineSpacing
            && lineHeightMultiple == other.lineHeightMultiple && letterSpacing == other.letterSpacing
            && markup == other.markup && direction == other.direction && language == other.language
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text.utf8.count)
        for byte in text.utf8 { hasher.combine(byte) }
        hasher.combine(font)
        hasher.combine(alignment)
        hasher.combine(wrap)
        hasher.combine(maxLines)
        hasher.combine(truncation)
        hasher.combine(lineSpacing)
        hasher.combine(lineHeightMultiple)
        hasher.combine(letterSpacing)
        hasher.combine(markup)
        hasher.combine(direction)
        hasher.combine(language)
    }
}

import CPangoCairo

/// Which characters the fonts a shaping session met can draw, so that preparation leaves a text
/// with a character no pinned font has to Pango (which reports it as a missing glyph).
///
/// Swift's Unicode property lookups on every character were 44% of preparing Huckleberry; here
/// printable ASCII is a 128-bit mask per font and other code points are classified once.
/// One thread at a time, like its session.
final class GlyphCoverage {
    /// Per font address: which printable ASCII characters it draws.
    private var ascii: [UInt: AsciiCoverage] = [:]
    /// Per code point above ASCII: whether it needs a glyph (not a control, format, mark, space
    /// or default-ignorable character).
    private var needsGlyph: [UInt32: Bool] = [:]
    /// The fonts whose addresses are keys, kept alive so an address is never another font's.
    private var retainedFonts: [UnsafeMutablePointer<PangoFont>] = []

    deinit {
        for font in retainedFonts { g_object_unref(font) }
    }

    /// Which printable ASCII characters `font` draws, learnt once per font.
    func ascii(_ font: UnsafeMutablePointer<PangoFont>) -> AsciiCoverage {
        let key = UInt(bitPattern: font)
        if let known = ascii[key] { return known }
        var made = AsciiCoverage()
        for character in UInt32(0x21)..<0x7F where pango_font_has_char(font, character) != 0 {
            if character < 64 { made.low |= 1 << UInt64(character) } else { made.high |= 1 << UInt64(character - 64) }
        }
        g_object_ref(font)
        retainedFonts.append(font)
        ascii[key] = made
        return made
    }

    /// Whether `font` draws the code point `value` (above ASCII), or it needs no glyph.
    func covers(_ font: UnsafeMutablePointer<PangoFont>, scalar value: UInt32) -> Bool {
        let needed: Bool
        if let known = needsGlyph[value] {
            needed = known
        } else {
            needed = Unicode.Scalar(value).map(Self.needsGlyph) ?? false
            needsGlyph[value] = needed
        }
        return !needed || pango_font_has_char(font, value) != 0
    }

    private static func needsGlyph(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .nonspacingMark, .enclosingMark, .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return false
        default:
            return !scalar.properties.isVariationSelector && !scalar.properties.isDefaultIgnorableCodePoint
        }
    }
}

/// The printable ASCII characters a font draws: bit c of the 128-bit mask for character c.
struct AsciiCoverage {
    var low: UInt64 = 0
    var high: UInt64 = 0

    /// Whether the font draws `byte`, or it needs no glyph (a control character or the space).
    func covers(_ byte: UInt8) -> Bool {
        guard byte > 0x20, byte < 0x7F else { return true }
        return byte < 64 ? low & (1 << UInt64(byte)) != 0 : high & (1 << UInt64(byte - 64)) != 0
    }
}

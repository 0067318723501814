import CPangoCairo

/// Pango's break opportunities for one paragraph, computed the way `PangoLayout` does: the
/// default (Unicode) rules over the paragraph, then each item's script-specific tailoring.
///
/// Preparation asks this only for paragraphs that are not printable ASCII in one Latin or
/// Common item; those get the same attributes from `AsciiBreaks`, without Pango.
enum PangoBreaks {
    /// The log attributes of `count` characters (plus the one after the last) of the paragraph
    /// `base[start..<next]`, and how many characters the items covered.
    static func attributes(
        of base: UnsafePointer<CChar>, start: Int, next: Int, count: Int, items: [UnsafeMutablePointer<PangoItem>]
    ) -> (attributes: [PangoLogAttr], covered: Int) {
        var attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: count + 1)
        pango_default_break(base + start, Int32(next - start), nil, &attributes, Int32(count + 1))
        var characterIndex = 0
        for item in items {
            let itemCharacters = Int(item.pointee.num_chars)
            attributes.withUnsafeMutableBufferPointer { buffer in
                pango_tailor_break(
                    base + Int(item.pointee.offset), item.pointee.length, &item.pointee.analysis, -1,
                    buffer.baseAddress! + characterIndex, Int32(itemCharacters + 1))
            }
            characterIndex += itemCharacters
        }
        return (attributes, characterIndex)
    }
}

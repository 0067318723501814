/// Undoes a common mis-decoding: text written in Windows-1252 but read as Latin-1, which turns
/// the bytes 0x80…0x9F (curly quotes, dashes, …) into the C1 control characters U+0080…U+009F.
///
/// The Huckleberry data stores its em dashes as U+0097 this way. Repairing is opt-in
/// (`--repair-cp1252`): a C1 control in a text is far more often such a mistake than meant,
/// but Cellshot never changes text silently.
public enum CP1252Repair {
    /// The character that Windows-1252 puts at each byte 0x80…0x9F, indexed by `byte - 0x80`;
    /// nil for the five bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D).
    public static let table: [Unicode.Scalar?] = [
        "\u{20AC}", nil, "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", nil, "\u{017D}", nil,
        nil, "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", nil, "\u{017E}", "\u{0178}",
    ]

    /// The Windows-1252 character that `scalar` was mis-decoded from, or nil when `scalar` is
    /// not in U+0080…U+009F or its byte is undefined in Windows-1252.
    public static func replacement(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard (0x80...0x9F).contains(scalar.value) else { return nil }
        return table[Int(scalar.value) - 0x80]
    }

    /// `text` with every U+0080…U+009F that Windows-1252 defines replaced by its character, and
    /// how many were replaced. The five undefined ones stay as they are (and are reported as
    /// control characters by the caller). Text without C1 controls is returned unchanged.
    public static func repair(_ text: String) -> (text: String, repaired: Int) {
        guard text.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) }) else { return (text, 0) }
        var repaired = 0
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let replacement = replacement(for: scalar) {
                scalars.append(replacement)
                repaired += 1
            } else {
                scalars.append(scalar)
            }
        }
        return (String(scalars), repaired)
    }
}

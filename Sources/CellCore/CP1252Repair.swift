/// Repairs text whose Windows-1252 punctuation was decoded as Latin-1: the C1 controls
/// U+0080…U+009F become the characters Windows-1252 puts at those bytes (U+0097 → U+2014 —).
///
/// The five bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) stay as they are.
public enum CP1252Repair {
    /// The repaired text and how many characters were replaced.
    public static func repair(_ text: String) -> (text: String, count: Int) {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x80 && $0.value <= 0x9F }) else { return (text, 0) }
        var count = 0
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let mapped = replacement(for: scalar) {
                scalars.append(mapped)
                count += 1
            } else {
                scalars.append(scalar)
            }
        }
        return (String(scalars), count)
    }

    /// The Windows-1252 character for a C1 control, or nil when there is none.
    public static func replacement(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard scalar.value >= 0x80, scalar.value <= 0x9F else { return nil }
        let value = table[Int(scalar.value - 0x80)]
        return value == 0 ? nil : Unicode.Scalar(value)
    }

    private static let table: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]
}

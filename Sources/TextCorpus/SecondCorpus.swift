/// The second text corpus of the height engine's exactness test and benchmark: texts in many
/// scripts and shapes that a book of English sentences never shows.
///
/// Built deterministically from the fragments below: every category yields the same texts on
/// every run, at least 300 in all.
public enum SecondCorpus {
    /// Every text, category by category.
    public static let texts: [String] = categories.flatMap { texts(from: $0.fragments) }

    /// The categories, each with the fragments its texts are made of.
    public static let categories: [(name: String, fragments: [String])] = [
        ("latin", latin), ("arabic", arabic), ("hebrew", hebrew), ("cjk", cjk), ("thai", thai),
        ("devanagari", devanagari), ("emoji", emoji), ("long words", longWords), ("soft hyphens", softHyphens),
        ("newlines", newlines), ("mixed", mixed),
    ]

    /// Thirty texts from a category's fragments: single fragments, then pairs and triples joined
    /// by a space, so lines break at many places.
    static func texts(from fragments: [String]) -> [String] {
        let count = fragments.count
        var texts = fragments
        var index = 0
        while texts.count < 30 {
            let pair = fragments[index % count] + " " + fragments[(index * 3 + 1) % count]
            texts.append(index % 2 == 0 ? pair : pair + " " + fragments[(index * 7 + 2) % count])
            index += 1
        }
        return texts
    }

    static let latin = [
        "The quick brown fox jumps over the lazy dog.",
        "Ærøskøbing’s café served crème brûlée — naïvely — at 9:45 p.m.",
        "“Well-known,” she said, “isn’t well-understood.”",
        "Ελληνικά γράμματα και λέξεις για δοκιμή.",
        "Съешь же ещё этих мягких французских булок, да выпей чаю.",
        "AVA Type: kerning pairs like To, Wa, Yo, LT and “quoted” words.",
        "Numbers 1,234,567.89 and 3/4 — fractions, 50% off, #1 (first).",
        "Mr. Smith—who never said a word—left; the others stayed… for a while.",
        "well-being self-evident state-of-the-art mother-in-law",
        "A  double  spaced   sentence    with     runs of spaces.",
    ]

    static let arabic = [
        "مرحبا بالعالم",
        "هذا نص عربي مع كلمة English في الوسط.",
        "السعر 250 دولارا في عام 2024.",
        "يتكون الرقم ٣٤٥ من ثلاثة أرقام عربية.",
        "اللغة العربية جميلة جدا، أليس كذلك؟",
        "Version 2.0 باللغة العربية",
        "The word سلام means peace.",
        "بريد: user@example.com والهاتف +1 555 0100",
    ]

    static let hebrew = [
        "שלום עולם",
        "זהו טקסט בעברית עם המילה Swift באמצע.",
        "המחיר הוא 120 שקלים בשנת 2023.",
        "Hello שלום and goodbye להתראות.",
        "ספר (גרסה 3) נמכר ב-15% הנחה.",
        "עברית, English, ועוד 42 מילים.",
    ]

    static let cjk = [
        "我能吞下玻璃而不伤身体。",
        "今日は良い天気ですね、散歩に行きましょう。",
        "다람쥐 헌 쳇바퀴에 타고파.",
        "东京2020年奥运会推迟到了2021年举行。",
        "「こんにちは」と彼は言った。カタカナとひらがな。",
        "中文和English混合排版测试，包括数字123。",
        "漢字仮名交じり文は日本語の標準的な表記法である。",
        "한국어 문장과 中文 문장, 그리고 日本語。",
    ]

    static let thai = [
        "ภาษาไทยไม่มีการเว้นวรรคระหว่างคำ",
        "สวัสดีครับ ยินดีต้อนรับสู่ประเทศไทย",
        "กรุงเทพมหานครเป็นเมืองหลวงของประเทศไทย",
        "ฉันชอบกินข้าวผัดกับต้มยำกุ้ง",
        "ราคา 100 บาท สำหรับ 2 คน",
        "เด็กๆ กำลังเล่นฟุตบอลอยู่ในสนาม",
    ]

    static let devanagari = [
        "नमस्ते दुनिया",
        "हिन्दी भाषा देवनागरी लिपि में लिखी जाती है।",
        "क्षत्रिय, ज्ञान, श्रृंखला और द्वार जैसे संयुक्ताक्षर।",
        "मैं 25 वर्ष का हूँ और दिल्ली में रहता हूँ।",
        "संस्कृतम् जगतः एकतमा अतिप्राचीना भाषा।",
        "Hindi हिन्दी and English मिश्रित पाठ।",
    ]

    static let emoji = [
        "Family 👨‍👩‍👧‍👦 and couple 👩‍❤️‍👨",
        "Thumbs 👍🏻 👍🏼 👍🏽 👍🏾 👍🏿 up",
        "Flags 🇫🇷 🇯🇵 🇧🇷 and a rainbow 🏳️‍🌈",
        "Working 👩🏽‍💻 and cooking 🧑🏿‍🍳 today",
        "Keycaps 1️⃣ 2️⃣ #️⃣ with text ❤️ vs ❤",
        "😀😃😄😁😆😅😂🤣☺️😊😇🙂🙃😉😌😍🥰😘",
        "Party 🎉 at 8 pm 🕗 — bring 🍕 and 🥤!",
    ]

    static let longWords = [
        "Supercalifragilisticexpialidocious",
        "Donaudampfschifffahrtsgesellschaftskapitänsmütze",
        "pneumonoultramicroscopicsilicovolcanoconiosis is a word",
        "https://example.com/a/very/long/path/that/never/breaks/anywhere/at/all/index.html",
        "Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz",
        "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch station",
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    ]

    static let softHyphens = [
        "Ex\u{AD}traor\u{AD}di\u{AD}nary",
        "in\u{AD}com\u{AD}pre\u{AD}hen\u{AD}si\u{AD}bil\u{AD}i\u{AD}ties abound",
        "Silben\u{AD}trennung mit wei\u{AD}chen Binde\u{AD}strichen",
        "a soft\u{AD}hyphen in a sentence that wraps over sev\u{AD}eral lines of text",
        "hy\u{AD}phen\u{AD}ation",
    ]

    static let newlines = [
        "First line\nSecond line",
        "Paragraph one.\n\nParagraph three after an empty one.",
        "Trailing newline\n",
        "\nLeading newline",
        "Windows\r\nline endings\r\nhere",
        "Old Mac\rline ending",
        "Line one\u{2029}Paragraph separator",
        "Spaces before newline   \nand after",
    ]

    static let mixed = [
        "English, Ελληνικά, Русский, 中文, 日本語, 한국어",
        "Tokyo 東京 Seoul 서울 Bangkok กรุงเทพ Delhi दिल्ली",
        "Math: ∑ x² ≤ ∞, √2 ≈ 1.414, π ≠ 3",
        "Arrows → ← ↑ ↓ and symbols © ® ™ § ¶",
        "Currency: $100, €85, £70, ¥11000, ₹8300",
        "Dingbats ✓ ✗ ★ ☆ ♠ ♥ ♦ ♣",
        "Combining: e\u{301} a\u{308} n\u{303} o\u{302}\u{323}",
        "Zero\u{200B}width\u{200B}spaces and non\u{A0}breaking\u{A0}spaces",
    ]
}

import CPangoCairo

/// Pango 1.50's break attributes for a paragraph of printable ASCII (bytes 0x20–0x7E), computed
/// without Pango: what `pango_default_break` and `pango_tailor_break` give such a paragraph in
/// one Latin or Common item, for the fields preparation reads.
///
/// Pango runs its UAX #14 state machine (with the grapheme, word and sentence machines beside it)
/// over every character, and a paragraph's delimiter; printable ASCII has only fourteen
/// line-breaking classes, so the rules that can apply fit in a few comparisons. The
/// rules are Pango 1.50's own, which differ from today's UAX #14 (no LB15a–d, LB19a or LB20a;
/// LB13 and LB25 as in "Example 7 of Customization"), and its hyphen insertion. Latin
/// tailoring changes no field read here (it only joins Catalan words at a middle dot). A test
/// compares every field read, at every position read, with Pango's over the corpora and random
/// strings (`AsciiBreaksTests`).
enum AsciiBreaks {
    /// Whether every byte is printable ASCII: the paragraphs these attributes are for.
    static func isPrintable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 >= 0x20 && $0 <= 0x7E }
    }

    /// The attributes of the `paragraph.count + 1` positions of `paragraph` (printable ASCII, see
    /// `isPrintable`): before each character, and its end, where its delimiter starts or, when
    /// `endsText`, the text ends (Pango's mandatory break there).
    ///
    /// Sets `is_line_break`, `is_mandatory_break`, `is_white`, `is_cursor_position`,
    /// `break_inserts_hyphen` and `break_removes_preceding` exactly as Pango does; the other
    /// fields (word and sentence boundaries, character breaks, …) are left zero. Pango's array
    /// also has the positions inside and after the delimiter; this one stops at its start, so
    /// reading past it traps instead of reading a guess.
    static func attributes(of paragraph: UnsafeBufferPointer<UInt8>, endsText: Bool) -> [PangoLogAttr] {
        let count = paragraph.count
        let lineBreak = Masks.lineBreak
        let mandatory = Masks.mandatory
        let white = Masks.white
        let cursor = Masks.cursor
        let hyphen = Masks.hyphen
        let classes = Self.classes
        return [PangoLogAttr](unsafeUninitializedCapacity: count + 1) { buffer, initialized in
            var state = State()
            var previousIsLetter = false
            for index in 0..<count {
                let byte = paragraph[index]
                let current = classes[Int(byte &- 0x20)]
                let next = index + 1 < count ? classes[Int(paragraph[index + 1] &- 0x20)] : .delimiter
                var bits = cursor
                // Rule LB2: never before the first character (the rules still run, for their state).
                if state.breaks(before: current, next: next), index > 0 { bits |= lineBreak }
                if byte == 0x20 { bits |= white }
                // Pango inserts a hyphen at a position inside a word after a Latin letter: before
                // a letter, a digit or a low line (no word boundary after a letter, UAX #29 WB5,
                // WB9, WB13a), never at one where the line may break in ASCII.
                let isLetter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
                if previousIsLetter, isLetter || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F { bits |= hyphen }
                previousIsLetter = isLetter
                buffer[index] = unsafeBitCast(bits, to: PangoLogAttr.self)
            }
            // The end: before a delimiter (a control or separator, so white) no break (LB6); at
            // the end of the text a mandatory one (LB3, which Pango applies after LB2).
            var end = cursor | white
            if endsText { end |= lineBreak | mandatory }
            buffer[count] = unsafeBitCast(end, to: PangoLogAttr.self)
            initialized = count + 1
        }
    }

    /// The line-breaking classes (UAX #14) GLib gives printable ASCII, and the one standing for
    /// whatever ends the paragraph.
    private enum Class: UInt8 {
        case alphabetic, space, exclamation, quotation, prefix, postfix, open, closeParenthesis, closePunctuation
        case infix, hyphen, symbol, numeric, breakAfter, unknown, delimiter

        /// A closing parenthesis or other closing punctuation (CP, CL).
        var closes: Bool { self == .closeParenthesis || self == .closePunctuation }
    }

    /// Pango's state between positions: the two classes before (a run of spaces counts once) and
    /// where a number stands for rule LB25.
    private struct State {
        var previous = Class.unknown
        var beforePrevious = Class.unknown
        var number = NumberState.other

        /// Whether the line may break before `current`, by Pango 1.50's rules in their order of
        /// precedence (Pango applies them lowest first, each overriding the one before); then
        /// moves past `current`.
        @inline(__always)
        mutating func breaks(before current: Class, next: Class) -> Bool {
            let allowed = Self.allows(current, previous: previous, beforePrevious: beforePrevious, next: next, number: number)
            // LB25's number state follows every class but the infix and symbol ones inside a number.
            if !((current == .numeric || current == .infix || current == .symbol) && number == .numeric) {
                switch current {
                case .numeric: number = .numeric
                case .closeParenthesis, .closePunctuation: number = number == .numeric ? .numericClose : .other
                default: number = .other
                }
            }
            if current != .space || previous != .space {
                beforePrevious = previous
                previous = current
            }
            return allowed
        }

        @inline(__always)
        private static func allows(_ current: Class, previous: Class, beforePrevious: Class, next: Class, number: NumberState)
            -> Bool
        {
            // What is before the spaces, if any (rules LB14 and LB15 look through them).
            let row = previous == .space ? beforePrevious : previous
            if current == .space { return false }  // LB7
            // LB13, with Example 7 of Customization: a number keeps what closes or continues it.
            if current == .exclamation { return false }
            if previous != .numeric, current.closes || current == .infix || current == .symbol { return false }
            if row == .open { return false }  // LB14
            if row == .quotation, current == .open { return false }  // LB15
            if previous == .space { return true }  // LB18
            if previous == .quotation || current == .quotation { return false }  // LB19
            if current == .breakAfter || current == .hyphen { return false }  // LB21
            let previousIsPrefix = previous == .prefix || previous == .postfix
            let currentIsPrefix = current == .prefix || current == .postfix
            if (previous == .alphabetic && current == .numeric) || (previous == .numeric && current == .alphabetic) {
                return false  // LB23
            }
            if (previousIsPrefix && current == .alphabetic) || (previous == .alphabetic && currentIsPrefix) {
                return false  // LB24
            }
            // LB25, with Example 7 of Customization.
            if number != .other, currentIsPrefix { return false }
            if number == .numeric, current == .numeric || current == .symbol || current == .infix || current.closes {
                return false
            }
            if previous == .numeric, current == .numeric || current == .symbol || current == .infix { return false }
            if previous == .open || previous == .hyphen, current == .numeric { return false }
            if previousIsPrefix, current == .open || current == .hyphen, next == .numeric { return false }
            if previousIsPrefix, current == .numeric { return false }
            if previous == .alphabetic, current == .alphabetic { return false }  // LB28
            if previous == .infix, current == .alphabetic { return false }  // LB29
            if previous == .alphabetic || previous == .numeric, current == .open { return false }  // LB30
            if previous == .closeParenthesis, current == .alphabetic || current == .numeric { return false }
            return true  // LB31
        }
    }

    /// Where the characters before stand in a number, for rule LB25 (Pango's `prev_LB_type`).
    private enum NumberState {
        case other, numeric, numericClose
    }

    /// The class of each byte 0x20–0x7E (GLib's `g_unichar_break_type`), then of 0x7F–0xFF
    /// (never asked for; the subtraction wraps below 0x20 onto them too).
    private static let classes: [Class] = (0x20...0x11F).map { value in
        switch value {
        case 0x20: .space
        case 0x21, 0x3F: .exclamation
        case 0x22, 0x27: .quotation
        case 0x24, 0x2B, 0x5C: .prefix
        case 0x25: .postfix
        case 0x28, 0x5B, 0x7B: .open
        case 0x29, 0x5D: .closeParenthesis
        case 0x7D: .closePunctuation
        case 0x2C, 0x2E, 0x3A, 0x3B: .infix
        case 0x2D: .hyphen
        case 0x2F: .symbol
        case 0x30...0x39: .numeric
        case 0x7C: .breakAfter
        case 0x7F...: .unknown
        default: .alphabetic
        }
    }

    /// The bit of each field in a `PangoLogAttr` (a 32-bit word of C bit fields), learnt from the
    /// C layout rather than assumed.
    private enum Masks {
        static let lineBreak = mask { $0.is_line_break = 1 }
        static let mandatory = mask { $0.is_mandatory_break = 1 }
        static let white = mask { $0.is_white = 1 }
        static let cursor = mask { $0.is_cursor_position = 1 }
        static let hyphen = mask { $0.break_inserts_hyphen = 1 }

        private static func mask(_ set: (inout PangoLogAttr) -> Void) -> UInt32 {
            var attribute = PangoLogAttr()
            set(&attribute)
            return unsafeBitCast(attribute, to: UInt32.self)
        }
    }
}

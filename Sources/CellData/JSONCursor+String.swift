extension JSONCursor {
    /// Reads a string starting at its opening quote.
    ///
    /// Invalid UTF-8 and lone surrogate escapes become U+FFFD and are reported
    /// as damage rather than errors, because one bad byte should cost a
    /// character, not the whole file. `\u0000` and other escaped control
    /// characters are kept: the renderer decides what to do with them.
    mutating func readString(row: Int?, field: String?) throws(DataError) -> (String, StringDamage) {
        let opening = mark
        advance()
        var buffer: [UInt8] = []
        var damage: StringDamage = []
        while true {
            guard let byte = current else {
                throw error("unterminated string", at: opening, row: row, field: field)
            }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                let (text, repaired) = SourceText.decode(buffer)
                if repaired { damage.insert(.invalidUTF8) }
                return (text, damage)
            case UInt8(ascii: "\\"):
                let scalar = try readEscape(row: row, field: field, damage: &damage)
                buffer.append(contentsOf: String(scalar).utf8)
            case 0x00..<0x20:
                // RFC 8259 forbids raw control characters; an unescaped line
                // break usually means a missing closing quote.
                let name = "U+" + String(byte, radix: 16, uppercase: true).leftPadded(to: 4)
                throw error(
                    "control character \(name) must be escaped inside a string", row: row,
                    field: field)
            default:
                buffer.append(byte)
                advance()
            }
        }
    }

    /// Reads one escape sequence starting at its backslash.
    private mutating func readEscape(
        row: Int?, field: String?, damage: inout StringDamage
    ) throws(DataError) -> Unicode.Scalar {
        let backslash = mark
        advance()
        guard let byte = current else {
            throw error("unterminated string", at: backslash, row: row, field: field)
        }
        advance()
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): break
        default:
            throw error("invalid escape sequence", at: backslash, row: row, field: field)
        }
        let unit = try readHex(escapeAt: backslash, row: row, field: field)
        if let scalar = Unicode.Scalar(unit) { return scalar }
        // A high surrogate must be followed by a low one to make a scalar.
        if (0xD800..<0xDC00).contains(unit), bytes[mark.offset...].starts(with: [0x5C, 0x75]) {
            let saved = mark
            mark.offset += 2
            let low = try readHex(escapeAt: saved, row: row, field: field)
            if (0xDC00..<0xE000).contains(low) {
                let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                return Unicode.Scalar(value) ?? "\u{FFFD}"
            }
            mark = saved
        }
        damage.insert(.loneSurrogate)
        return "\u{FFFD}"
    }

    private mutating func readHex(escapeAt: Mark, row: Int?, field: String?) throws(DataError)
        -> UInt32
    {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else {
                throw error(
                    "invalid \\u escape: expected four hexadecimal digits", at: escapeAt, row: row,
                    field: field)
            }
            value = value << 4 | digit
            advance()
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}

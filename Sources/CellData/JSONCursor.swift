/// A position in JSON bytes that reads tokens and knows its line and column.
///
/// Hand-written instead of `JSONSerialization` because that reports only
/// "around character N", turns `2.50` into 2.5 and rejects lone surrogates
/// outright; instead of Yams because libyaml accepts non-JSON (comments,
/// single quotes) and rejects lone surrogates. Here every error has a line and
/// column, numbers keep their source text, and bad text is repaired with a warning.
struct JSONCursor {
    /// Where a token starts, kept so errors can point at it after reading it.
    struct Mark {
        var offset: Int
        var line: Int
        var lineStart: Int
    }

    /// Something that went wrong inside a string but did not stop reading.
    struct StringDamage: OptionSet {
        let rawValue: Int
        static let invalidUTF8 = StringDamage(rawValue: 1)
        static let loneSurrogate = StringDamage(rawValue: 2)
    }

    let bytes: ArraySlice<UInt8>
    let sourceName: String
    var mark: Mark

    init(bytes: ArraySlice<UInt8>, sourceName: String) {
        self.bytes = bytes
        self.sourceName = sourceName
        mark = Mark(offset: bytes.startIndex, line: 1, lineStart: bytes.startIndex)
    }

    /// The current byte, or nil at the end of input.
    var current: UInt8? { mark.offset < bytes.endIndex ? bytes[mark.offset] : nil }

    mutating func advance() { mark.offset += 1 }

    /// Skips JSON whitespace, counting LF, CR and CRLF as one line break each.
    mutating func skipWhitespace() {
        while let byte = current {
            switch byte {
            case 0x20, 0x09: advance()
            case 0x0A: newLine(after: mark.offset + 1)
            case 0x0D:
                let next = mark.offset + 1
                newLine(after: next < bytes.endIndex && bytes[next] == 0x0A ? next + 1 : next)
            default: return
            }
        }
    }

    private mutating func newLine(after offset: Int) {
        mark = Mark(offset: offset, line: mark.line + 1, lineStart: offset)
    }

    /// An error located at `at`, or at the current position.
    func error(
        _ message: String, at: Mark? = nil, row: Int? = nil, field: String? = nil
    ) -> DataError {
        let place = at ?? mark
        let column = SourceText.column(of: place.offset, lineStart: place.lineStart, in: bytes)
        return DataError(
            sourceName: sourceName, line: place.line, column: column, row: row, field: field,
            message: message)
    }

    /// What the value starting at the current byte is, for "found …" messages.
    func describeCurrent() -> String {
        guard let byte = current else { return "the end of the input" }
        switch byte {
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        case 0x21...0x7E: return "`\(Character(Unicode.Scalar(byte)))`"
        default: return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }

    /// Reads a literal (`true`, `false`, `null`) or a number, keeping its source text.
    ///
    /// Returns nil for null. Numbers are checked against the JSON grammar but
    /// never converted, so `2.50` stays "2.50" and large integers stay exact.
    mutating func readLiteral(row: Int?, field: String?) throws(DataError) -> String? {
        for (word, value) in [("true", "true"), ("false", "false"), ("null", nil)] {
            let utf8 = Array(word.utf8)
            if bytes[mark.offset...].starts(with: utf8) {
                mark.offset += utf8.count
                return value
            }
        }
        return try readNumber(row: row, field: field)
    }

    private mutating func readNumber(row: Int?, field: String?) throws(DataError) -> String {
        let start = mark
        func digits(_ cursor: inout JSONCursor) -> Int {
            var count = 0
            while let byte = cursor.current, (0x30...0x39).contains(byte) {
                cursor.advance()
                count += 1
            }
            return count
        }
        if current == UInt8(ascii: "-") { advance() }
        let leadingZero = current == UInt8(ascii: "0")
        let integer = digits(&self)
        guard integer > 0 else {
            throw error("expected a value, found \(describeCurrent())", at: start, row: row, field: field)
        }
        guard !(leadingZero && integer > 1) else {
            throw error("a number must not start with 0", at: start, row: row, field: field)
        }
        if current == UInt8(ascii: ".") {
            advance()
            guard digits(&self) > 0 else {
                throw error("expected a digit after the decimal point", row: row, field: field)
            }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard digits(&self) > 0 else {
                throw error("expected a digit in the exponent", row: row, field: field)
            }
        }
        return String(decoding: bytes[start.offset..<mark.offset], as: UTF8.self)
    }
}

/// Byte-level helpers shared by the readers: BOM, UTF-8 repair, line breaks.
///
/// The readers work on bytes rather than `String` so that a line and column
/// can be reported for any byte, including invalid ones, and so that a NUL
/// never ends a value.
enum SourceText {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The bytes without a leading UTF-8 byte-order mark.
    ///
    /// Dropping it before parsing keeps column 1 at the first visible character.
    static func droppingByteOrderMark(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        if bytes.starts(with: byteOrderMark) { return bytes.dropFirst(3) }
        return bytes[...]
    }

    /// Decodes UTF-8, replacing each invalid sequence with U+FFFD.
    ///
    /// `repaired` is true when anything was replaced, so the caller can warn
    /// about the row and field that lost bytes.
    static func decode<C: Collection>(_ bytes: C) -> (text: String, repaired: Bool)
    where C.Element == UInt8 {
        // Validation first because almost all input is valid and the check is cheap.
        if let text = String(validating: bytes, as: UTF8.self) { return (text, false) }
        return (String(decoding: bytes, as: UTF8.self), true)
    }

    /// True for a byte that continues a multi-byte UTF-8 sequence.
    ///
    /// Columns count Unicode scalars, so continuation bytes never add a column.
    @inline(__always)
    static func isContinuation(_ byte: UInt8) -> Bool {
        byte & 0xC0 == 0x80
    }

    /// The 1-based column of `offset` on the line starting at `lineStart`.
    static func column<C: Collection>(of offset: C.Index, lineStart: C.Index, in bytes: C) -> Int
    where C.Element == UInt8 {
        var column = 1
        for byte in bytes[lineStart..<offset] where !isContinuation(byte) {
            column += 1
        }
        return column
    }

    /// The 1-based line and column of every U+FFFD that `decode` inserted.
    ///
    /// Used for YAML, where libyaml needs the whole repaired text at once and
    /// warnings must be matched back to rows by position. Lines break at LF,
    /// CR and CRLF, as in libyaml.
    static func repairPositions(in bytes: ArraySlice<UInt8>) -> [(line: Int, column: Int)] {
        var positions: [(line: Int, column: Int)] = []
        var line = 1
        var column = 1
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                let crlf =
                    byte == 0x0D && bytes.index(after: index) < bytes.endIndex
                    && bytes[bytes.index(after: index)] == 0x0A
                index += crlf ? 2 : 1
                line += 1
                column = 1
                continue
            }
            let length = byte < 0x80 ? 1 : validSequenceLength(bytes, at: index)
            if length == 0 {
                positions.append((line, column))
                index += 1
                // One U+FFFD covers a maximal invalid prefix; skip its tail.
                while index < bytes.endIndex, isContinuation(bytes[index]) { index += 1 }
            } else {
                index += length
            }
            column += 1
        }
        return positions
    }

    /// The length of the valid UTF-8 sequence at `index`, or 0 if it is invalid.
    private static func validSequenceLength(_ bytes: ArraySlice<UInt8>, at index: Int) -> Int {
        let end = min(index + 4, bytes.endIndex)
        for length in 1...4 where index + length <= end {
            if String(validating: bytes[index..<(index + length)], as: UTF8.self) != nil {
                return length
            }
        }
        return 0
    }
}

import CPangoCairo

extension TextLayout {
    /// Cuts a multi-paragraph text to `maxLines` lines in all, ending in an ellipsis; returns
    /// whether it cut anything.
    ///
    /// Pango's line limit (a negative height) counts lines per paragraph, and a positive height
    /// still shows one line of every paragraph, while UILabel's `numberOfLines` counts the
    /// whole text. So the text is cut where line `maxLines + 1` starts and "…" is appended,
    /// dropping characters before it until it fits the last line. Across paragraphs the
    /// ellipsis goes at the end whatever the truncation mode.
    func limitLinesAcrossParagraphs(_ maxLines: Int, text: String) -> Bool {
        guard maxLines > 0, Int(pango_layout_get_line_count(pointer)) > maxLines,
            let next = pango_layout_get_line_readonly(pointer, Int32(maxLines))
        else { return false }
        var bytes = Array(text.utf8.prefix(Int(next.pointee.start_index)))
        // Drop the line break that ended the last kept paragraph (LF, CR, U+2028, U+2029).
        while let last = bytes.last, last == 0x0A || last == 0x0D {
            bytes.removeLast()
        }
        if bytes.count >= 3, bytes[bytes.count - 3] == 0xE2, bytes[bytes.count - 2] == 0x80,
            bytes[bytes.count - 1] == 0xA8 || bytes[bytes.count - 1] == 0xA9
        {
            bytes.removeLast(3)
        }
        var kept = String(decoding: bytes, as: UTF8.self)
        while true {
            let candidate = kept + "\u{2026}"
            pango_layout_set_text(pointer, candidate, Int32(candidate.utf8.count))
            if Int(pango_layout_get_line_count(pointer)) <= maxLines || kept.isEmpty { break }
            kept.removeLast()
            while let last = kept.last, last.isWhitespace, !last.isNewline { kept.removeLast() }
        }
        return true
    }
}

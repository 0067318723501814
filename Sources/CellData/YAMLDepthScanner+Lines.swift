extension YAMLDepthScanner {
    /// Scans from the start of a line to the start of the next.
    mutating func scanLine() throws(DataError) {
        var indent = 0
        while current == 0x20 {
            offset += 1
            indent += 1
        }
        let blank = Self.isBreak(current) || current == nil || current == UInt8(ascii: "#")
        if flow.isEmpty && !blank {
            if let parent = blockScalarIndent, indent > parent {
                skipRestOfLine()
                return
            }
            blockScalarIndent = nil
            startBlockLine(indent: indent)
        }
        if blank && flow.isEmpty {
            skipRestOfLine()
            return
        }
        try scanTokens(indent: indent)
        previousLineBound = lineBound
    }

    /// Finds the line's parent by indentation, as YAML's block structure does.
    private mutating func startBlockLine(indent: Int) {
        while let top = stack.last, top.column > indent { stack.removeLast() }
        if let top = stack.last, top.column == indent {
            // A sequence may sit at its parent key's indentation: one level more.
            let dash = current == UInt8(ascii: "-") && Self.isBlank(byte(at: offset + 1))
            lineBase = top.base + (dash ? 1 : 0)
        } else {
            lineBase = stack.isEmpty ? 0 : previousLineBound
            stack.append((indent, lineBase))
        }
        lineIndicators = 0
        lineBound = lineBase
        atNodeStart = true
    }

    private mutating func skipRestOfLine() {
        while let byte = current, !Self.isBreak(byte) { offset += 1 }
        if current != nil { consumeBreak() }
    }

    private mutating func scanTokens(indent: Int) throws(DataError) {
        var tokenStart = true
        var previous: UInt8 = 0x20
        // A block scalar's content must be indented past its parent collection,
        // whose column is that of the line's last entry (`-`) or key. Its place is
        // kept as an offset and turned into a column only when a block scalar needs
        // it: computing columns at every node made a long flow line quadratic (a
        // 20,000-key flow mapping took minutes).
        var parentPlace: (offset: Int, lineStart: Int)?
        while let byte = current {
            if Self.isBreak(byte) {
                consumeBreak()
                return
            }
            let blankAfter = Self.isBlank(self.byte(at: offset + 1))
            switch byte {
            case 0x20, 0x09:
                offset += 1
                tokenStart = true
                continue
            case UInt8(ascii: "#") where tokenStart:
                skipRestOfLine()
                return
            case UInt8(ascii: "\"") where tokenStart, UInt8(ascii: "'") where tokenStart:
                if atNodeStart { parentPlace = (offset, lineStart) }
                skipQuoted(byte)
                atNodeStart = false
            case UInt8(ascii: "[") where tokenStart || !flow.isEmpty,
                UInt8(ascii: "{") where tokenStart || !flow.isEmpty:
                flow.append((byte, false))
                try checkBound()
                offset += 1
            case UInt8(ascii: "]") where !flow.isEmpty, UInt8(ascii: "}") where !flow.isEmpty:
                let start = offset
                offset += 1
                if flow.removeLast().pair { openPairs -= 1 }
                try refuseKey(startingAt: start, "a collection used as a mapping key is not supported")
                if !flow.isEmpty { try expectFlowSeparator(after: start) }
            case UInt8(ascii: ",") where !flow.isEmpty:
                offset += 1
                if flow[flow.count - 1].pair {
                    flow[flow.count - 1].pair = false
                    openPairs -= 1
                }
            case UInt8(ascii: "-") where atNodeStart && flow.isEmpty && blankAfter:
                lineIndicators += 1
                try checkBound()
                parentPlace = (offset, lineStart)
                offset += 1
            case UInt8(ascii: "?") where tokenStart && blankAfter:
                throw failure("complex mapping keys (`? `) are not supported")
            case UInt8(ascii: ":") where blankAfter || (!flow.isEmpty && Self.jsonLikeKeyEnd(previous)):
                try openValue()
                offset += 1
            case UInt8(ascii: "*") where tokenStart && refusesAliases:
                throw failure("YAML aliases (`*name`) are not supported in this file; use `extends` to build on another style")
            case UInt8(ascii: "*") where tokenStart:
                let start = offset
                offset += 1
                while let next = current, Self.isAnchorByte(next) { offset += 1 }
                try refuseKey(startingAt: start, "an alias used as a mapping key is not supported")
            case UInt8(ascii: "&") where tokenStart, UInt8(ascii: "!") where tokenStart:
                while !Self.isBlank(current) { offset += 1 }
            case UInt8(ascii: "|") where atNodeStart && flow.isEmpty,
                UInt8(ascii: ">") where atNodeStart && flow.isEmpty:
                blockScalarIndent =
                    parentPlace.map { SourceText.column(of: $0.offset, lineStart: $0.lineStart, in: bytes) - 1 } ?? indent
                skipRestOfLine()
                return
            default:
                if atNodeStart { parentPlace = (offset, lineStart) }
                offset += 1
                atNodeStart = false
            }
            tokenStart =
                !flow.isEmpty && [UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ",")].contains(byte)
            previous = byte
        }
    }

    /// A `: ` opens a block mapping, or a single-pair mapping inside `[…]`.
    private mutating func openValue() throws(DataError) {
        atNodeStart = true
        if flow.isEmpty {
            lineIndicators += 1
        } else if flow[flow.count - 1].bracket == UInt8(ascii: "["), !flow[flow.count - 1].pair {
            flow[flow.count - 1].pair = true
            openPairs += 1
        }
        try checkBound()
    }

    /// Inside `[…]` or `{…}`, a collection can only be followed by `,`, a closing bracket, a
    /// comment or a line break (`:` was refused above). libyaml accepts some stray text there and
    /// can then read the collection as a key, which Yams hashes alias-expanded (a hang found by
    /// fuzzing); refusing the stray text is what the YAML grammar says anyway.
    private mutating func expectFlowSeparator(after start: Int) throws(DataError) {
        var index = offset
        while byte(at: index) == 0x20 || byte(at: index) == 0x09 { index += 1 }
        guard let next = byte(at: index) else { return }
        let allowed: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "#"), 0x0A, 0x0D]
        guard allowed.contains(next) else {
            throw failure("expected `,` or a closing bracket after a flow collection", at: index)
        }
    }

    /// Throws `message` at `start` when the token just read is followed by a `:` indicator.
    private mutating func refuseKey(startingAt start: Int, _ message: String) throws(DataError) {
        var index = offset
        while byte(at: index) == 0x20 || byte(at: index) == 0x09 { index += 1 }
        guard byte(at: index) == UInt8(ascii: ":") else { return }
        let next = byte(at: index + 1)
        if Self.isBlank(next) || !flow.isEmpty { throw failure(message, at: start) }
    }

    private mutating func skipQuoted(_ quote: UInt8) {
        offset += 1
        while let byte = current {
            if Self.isBreak(byte) {
                consumeBreak()
            } else if byte == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") {
                offset += 1
                if Self.isBreak(current) { consumeBreak() } else if current != nil { offset += 1 }
            } else if byte == quote {
                offset += 1
                // In single quotes, '' is an escaped quote, not the end.
                guard quote == UInt8(ascii: "'"), current == quote else { return }
                offset += 1
            } else {
                offset += 1
            }
        }
    }

    private static func jsonLikeKeyEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "]")
            || byte == UInt8(ascii: "}")
    }

    /// libyaml's anchor characters: ASCII letters, digits, `_` and `-`.
    private static func isAnchorByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
}

// The pieces of DEFLATE that `ScanlineDeflater` writes with: the length and distance alphabets,
// dynamic block headers, and bits packed LSB first.

/// The header of a non-final dynamic-Huffman block (RFC 1951, 3.2.7), from its two codes' lengths.
enum DynamicBlockHeader {
    /// The header's bits (value, width): type, alphabet sizes, and both codes' lengths,
    /// run-length coded.
    static func bits(literalLengths: UnsafeBufferPointer<UInt8>, distanceLengths: UnsafeBufferPointer<UInt8>) -> [(UInt32, Int)] {
        var bits: [(UInt32, Int)] = []
        var literalsUsed = literalLengths.count
        while literalsUsed > 257 && literalLengths[literalsUsed - 1] == 0 { literalsUsed -= 1 }
        var distancesUsed = distanceLengths.count
        while distancesUsed > 1 && distanceLengths[distancesUsed - 1] == 0 { distancesUsed -= 1 }
        var all = [UInt8](repeating: 0, count: literalsUsed + distancesUsed)
        for index in 0..<literalsUsed { all[index] = literalLengths[index] }
        for index in 0..<distancesUsed { all[literalsUsed + index] = distanceLengths[index] }
        // Code-length symbols: 0–15 a length, 16 the previous length 3–6 times, 17 and 18 zeros
        // 3–10 and 11–138 times; each with its extra bits' value.
        var runs: [(symbol: UInt8, extra: UInt8)] = []
        var counts = [UInt32](repeating: 0, count: 19)
        var index = 0
        while index < all.count {
            let length = all[index]
            var run = 1
            while index + run < all.count && all[index + run] == length { run += 1 }
            index += run
            if length == 0 {
                while run >= 11 {
                    let take = min(run, 138)
                    runs.append((18, UInt8(take - 11)))
                    run -= take
                }
                if run >= 3 {
                    runs.append((17, UInt8(run - 3)))
                    run = 0
                }
            } else {
                runs.append((length, 0))
                run -= 1
                while run >= 3 {
                    let take = min(run, 6)
                    runs.append((16, UInt8(take - 3)))
                    run -= take
                }
            }
            for _ in 0..<run { runs.append((length, 0)) }
        }
        for run in runs { counts[Int(run.symbol)] += 1 }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        var codeLengthCodes = [UInt32](repeating: 0, count: 19)
        counts.withUnsafeBufferPointer { counts in
            codeLengthLengths.withUnsafeMutableBufferPointer { lengths in
                HuffmanCode.lengths(counts: counts.baseAddress!, count: 19, limit: 7, into: lengths.baseAddress!)
                codeLengthCodes.withUnsafeMutableBufferPointer { codes in
                    HuffmanCode.reversedCodes(lengths: lengths.baseAddress!, count: 19, into: codes.baseAddress!)
                }
            }
        }
        var sent = 19
        while sent > 4 && codeLengthLengths[DeflateTables.codeLengthOrder[sent - 1]] == 0 { sent -= 1 }
        bits.append((0b100, 3))  // not final; type 2 (dynamic), LSB first
        bits.append((UInt32(literalsUsed - 257), 5))
        bits.append((UInt32(distancesUsed - 1), 5))
        bits.append((UInt32(sent - 4), 4))
        for position in 0..<sent { bits.append((UInt32(codeLengthLengths[DeflateTables.codeLengthOrder[position]]), 3)) }
        for run in runs {
            let symbol = Int(run.symbol)
            bits.append((codeLengthCodes[symbol], Int(codeLengthLengths[symbol])))
            switch symbol {
            case 16: bits.append((UInt32(run.extra), 2))
            case 17: bits.append((UInt32(run.extra), 3))
            case 18: bits.append((UInt32(run.extra), 7))
            default: break
            }
        }
        return bits
    }
}

/// DEFLATE's length and distance alphabets (RFC 1951, 3.2.5).
enum DeflateTables {
    /// Length symbol − 257 for each match length − 3 (0 … 255).
    static let lengthSlot: [UInt8] = (3...258).map { length in
        var slot = 0
        while slot + 1 < 29 && lengthBase[slot + 1] <= length { slot += 1 }
        return UInt8(length == 258 ? 28 : slot)
    }
    static let lengthBase: [UInt16] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    static let lengthExtra: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// How `count` bytes that repeat the byte before are written after a first literal: match
    /// lengths (258 while more than 260 remain; the last two never shorter than 3), and the
    /// literals left when fewer than 3 bytes are.
    static func copies(of count: Int) -> (lengths: [Int], literals: Int) {
        var lengths: [Int] = []
        var left = count
        while left >= 3 {
            var length = min(258, left)
            if left - length > 0 && left - length < 3 { length = left - 3 }
            lengths.append(length)
            left -= length
        }
        return (lengths, left)
    }

    /// The distance symbol of distance − 1 (0 … 32,767).
    @inline(__always)
    static func distanceSlot(_ distanceMinusOne: Int) -> Int {
        guard distanceMinusOne >= 4 else { return distanceMinusOne }
        let top = Int.bitWidth - 1 - distanceMinusOne.leadingZeroBitCount
        return 2 * top + ((distanceMinusOne >> (top - 1)) & 1)
    }

    /// The extra bits of distance symbol `slot`; the extra value is distance − 1's low bits.
    @inline(__always)
    static func distanceExtra(_ slot: Int) -> Int { slot < 4 ? 0 : slot / 2 - 1 }
}

/// Bits LSB first into a growing byte buffer, a 32-bit word at a time. A plain value the
/// deflater swaps into a local while it writes (no exclusivity checks per symbol); the deflater
/// frees its storage.
struct OutputBits {
    private var storage = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
    private var capacity = 1 << 16
    private var used = 0
    private var buffer: UInt64 = 0
    private var count = 0

    /// Appends the low `width` bits of `value` (at most 32; `value` has no higher bits set).
    @inline(__always)
    mutating func put(_ value: UInt32, _ width: Int) {
        buffer |= UInt64(value) << UInt64(count)
        count += width
        if count >= 32 {
            if used + 8 > capacity { grow() }
            UnsafeMutableRawPointer(storage + used).storeBytes(
                of: UInt32(truncatingIfNeeded: buffer).littleEndian, as: UInt32.self)
            used += 4
            buffer >>= 32
            count -= 32
        }
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
        larger.update(from: storage, count: used)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }

    /// Pads with zero bits to a byte boundary.
    mutating func alignToByte() {
        count = (count + 7) & ~7
    }

    /// Appends the bytes written so far to `piece` and empties the buffer (MUST be aligned).
    mutating func move(to piece: inout [UInt8]) {
        while count > 0 {
            if used + 8 > capacity { grow() }
            storage[used] = UInt8(truncatingIfNeeded: buffer)
            used += 1
            buffer >>= 8
            count -= 8
        }
        piece.append(contentsOf: UnsafeBufferPointer(start: storage, count: used))
        used = 0
    }

    func free() { storage.deallocate() }
}

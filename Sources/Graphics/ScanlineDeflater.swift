/// A DEFLATE compressor made for the scanlines of a table image: it looks where a table repeats
/// itself before it searches.
///
/// Most bytes of a table's scanlines (filter None) equal the byte one row above (margins, the
/// blank part of a line, vertical strokes) or one pixel to the left (runs of white or black).
/// A general compressor such as libdeflate finds those as ordinary matches, and then inserts
/// every byte a match covers into its hash chains: on the Huckleberry table that insertion was
/// most of its time. Here the row above and the pixel to the left are tried first, by comparing
/// eight bytes at a time; only when neither gives a good match is a small hash table of earlier
/// positions (two per bucket) searched, and only positions searched from are inserted. Matches
/// are taken greedily; each run of symbols becomes a dynamic-Huffman block.
///
/// A piece is non-final blocks ending on a byte boundary with an empty stored block, like
/// `DeflateCompressor`'s, so pieces join by concatenation. A piece may copy from any bytes of
/// the same band before it (`data[0..<start]`, already in the stream ahead of it) and never
/// from before the band, so bands stay independent. The bytes made depend only on the band's
/// data: `startBand()` forgets every position of the band before.
///
/// Owns its tables and buffers; one thread at a time.
final class ScanlineDeflater {
    private static let hashBits = 15
    private static let window = 32_768
    /// A match from the row above or the pixel before at least this long skips the hash search.
    private static let goodLength = 16
    /// Symbols per block: a block's code follows the statistics of its part of the image.
    private static let blockSymbols = 1 << 16
    private static let literalCount = 286
    private static let distanceCount = 30

    /// Two earlier positions per hash bucket (-1: none), most recent first.
    private let heads: UnsafeMutablePointer<Int32>
    /// The block's symbols: a literal byte, or bit 31 set, length − 3 in bits 16–23 and
    /// distance − 1 in bits 0–14.
    private let symbols: UnsafeMutablePointer<UInt32>
    private let literalCounts: UnsafeMutablePointer<UInt32>
    private let distanceCounts: UnsafeMutablePointer<UInt32>
    private let literalLengths: UnsafeMutablePointer<UInt8>
    private let distanceLengths: UnsafeMutablePointer<UInt8>
    private let literalCodes: UnsafeMutablePointer<UInt32>
    private let distanceCodes: UnsafeMutablePointer<UInt32>
    private var bits = OutputBits()
    /// Symbols of the block being made.
    private var symbolCount = 0
    /// The code of repeated rows' blocks, for the last row length seen.
    private var repeatCode: RepeatCode?
    /// `DeflateTables`' length tables, copied so the loops read plain memory.
    private let lengthSlot: UnsafeMutablePointer<UInt8>
    private let lengthBase: UnsafeMutablePointer<UInt16>
    private let lengthExtra: UnsafeMutablePointer<UInt8>
    /// The block's codes packed for writing: bits in the low 24, width in the top 8.
    private let literalBits: UnsafeMutablePointer<UInt32>
    private let lengthBits: UnsafeMutablePointer<UInt32>
    private let distanceBits: UnsafeMutablePointer<UInt32>

    init() {
        let buckets = 2 << Self.hashBits
        heads = .allocate(capacity: buckets)
        heads.initialize(repeating: -1, count: buckets)
        symbols = .allocate(capacity: Self.blockSymbols)
        literalCounts = .allocate(capacity: Self.literalCount)
        literalCounts.initialize(repeating: 0, count: Self.literalCount)
        distanceCounts = .allocate(capacity: Self.distanceCount)
        distanceCounts.initialize(repeating: 0, count: Self.distanceCount)
        literalLengths = .allocate(capacity: Self.literalCount)
        distanceLengths = .allocate(capacity: Self.distanceCount)
        literalCodes = .allocate(capacity: Self.literalCount)
        distanceCodes = .allocate(capacity: Self.distanceCount)
        lengthSlot = .allocate(capacity: 256)
        lengthSlot.initialize(from: DeflateTables.lengthSlot, count: 256)
        lengthBase = .allocate(capacity: 29)
        lengthBase.initialize(from: DeflateTables.lengthBase, count: 29)
        lengthExtra = .allocate(capacity: 29)
        lengthExtra.initialize(from: DeflateTables.lengthExtra, count: 29)
        literalBits = .allocate(capacity: Self.literalCount)
        lengthBits = .allocate(capacity: 256)
        distanceBits = .allocate(capacity: Self.distanceCount)
    }

    deinit {
        heads.deallocate()
        symbols.deallocate()
        literalCounts.deallocate()
        distanceCounts.deallocate()
        literalLengths.deallocate()
        distanceLengths.deallocate()
        literalCodes.deallocate()
        distanceCodes.deallocate()
        lengthSlot.deallocate()
        lengthBase.deallocate()
        lengthExtra.deallocate()
        literalBits.deallocate()
        lengthBits.deallocate()
        distanceBits.deallocate()
        bits.free()
    }

    /// Forgets the positions of the band before: call before a band's first piece.
    func startBand() {
        precondition(symbolCount == 0, "a piece was not finished")
        heads.update(repeating: -1, count: 2 << Self.hashBits)
    }

    /// Compresses `data[start..<end]`, which follows `data[0..<start]` in the stream, into a
    /// joinable piece appended to `piece` (`compress`, then `finishPiece`).
    func compressPiece(
        _ data: UnsafePointer<UInt8>, start: Int, end: Int, rowLength: Int, appendingTo piece: inout [UInt8]
    ) {
        compress(data, start: start, end: end, rowLength: rowLength)
        finishPiece(appendingTo: &piece)
    }

    /// Adds `data[start..<end]`, which follows `data[0..<start]` in the stream, to the piece
    /// being made. `rowLength` is the scanline length (filter byte included).
    func compress(_ data: UnsafePointer<UInt8>, start: Int, end: Int, rowLength: Int) {
        precondition(start >= 0 && start <= end && end < Int(Int32.max), "piece out of range")
        // Locals, not stored properties, in the loop: no exclusivity checks per symbol.
        var out = bits
        defer { bits = out }
        let heads = self.heads
        let symbols = self.symbols
        let literalCounts = self.literalCounts
        let distanceCounts = self.distanceCounts
        let lengthSlot = self.lengthSlot
        let above = rowLength <= Self.window ? rowLength : Int.max
        var count = symbolCount
        defer { symbolCount = count }
        var position = start
        while position < end {
            let available = min(258, end - position)
            var best = 0
            var distance = 0
            if position >= above {
                best = Self.matchLength(data + position, data + position - above, limit: available)
                distance = above
            }
            if best < available, position >= 3 {
                let length = Self.matchLength(data + position, data + position - 3, limit: available)
                if length > best {
                    best = length
                    distance = 3
                }
            }
            if best < Self.goodLength, position + 4 <= end {
                let word = UnsafeRawPointer(data + position).loadUnaligned(as: UInt32.self)
                let bucket = Int((word &* 0x1E35_A7BD) >> UInt32(32 - Self.hashBits)) << 1
                let first = Int(heads[bucket])
                if first >= 0, position - first <= Self.window {
                    let length = Self.matchLength(data + position, data + first, limit: available)
                    if length > best {
                        best = length
                        distance = position - first
                    }
                    let second = Int(heads[bucket + 1])
                    if second >= 0, position - second <= Self.window {
                        let length = Self.matchLength(data + position, data + second, limit: available)
                        if length > best {
                            best = length
                            distance = position - second
                        }
                    }
                }
                heads[bucket + 1] = Int32(first)
                heads[bucket] = Int32(position)
            }
            // A three-byte match far back costs more bits than three literals.
            if best >= 4 || (best == 3 && distance <= 4_096) {
                symbols[count] = 0x8000_0000 | UInt32(best - 3) << 16 | UInt32(distance - 1)
                literalCounts[257 + Int(lengthSlot[best - 3])] += 1
                distanceCounts[DeflateTables.distanceSlot(distance - 1)] += 1
                position += best
            } else {
                let byte = data[position]
                symbols[count] = UInt32(byte)
                literalCounts[Int(byte)] += 1
                position += 1
            }
            count += 1
            if count == Self.blockSymbols {
                writeBlock(count, to: &out)
                count = 0
            }
        }
    }

    /// Adds `rows` scanlines that repeat the row above as PNG's Up filter writes them: a 2,
    /// then `rowLength - 1` zeros (a literal, then copies of the byte before). The caller's
    /// buffer MUST hold those bytes where the rows are, since later bytes may copy from them.
    ///
    /// The rows get a block of their own (their statistics differ from image rows'; no sync
    /// marker between blocks, the stream stays unaligned), whose code is made once per row
    /// length from one row's symbols: every such row has the same symbols, so the block is
    /// written straight from the cached bits, with no symbols stored.
    func repeatRows(_ rows: Int, rowLength: Int) {
        precondition(rowLength >= 3, "a repeated row is a filter byte and at least two zeros")
        guard rows > 0 else { return }
        var out = bits
        defer { bits = out }
        if symbolCount > 0 {
            writeBlock(symbolCount, to: &out)
            symbolCount = 0
        }
        if repeatCode?.rowLength != rowLength { repeatCode = makeRepeatCode(rowLength: rowLength) }
        guard let code = repeatCode else { return }
        for (value, width) in code.header { out.put(value, width) }
        for _ in 0..<rows {
            for (value, width) in code.row { out.put(value, width) }
        }
        out.put(code.end.value, code.end.width)
    }

    /// The block code of repeated rows of `rowLength` bytes: its header's bits, one row's bits
    /// and the end-of-block code.
    private func makeRepeatCode(rowLength: Int) -> RepeatCode {
        // One row's symbols: literals 2 and 0, then the zeros as copies at distance 1.
        let (matchLengths, trailingLiterals) = DeflateTables.copies(of: rowLength - 2)
        literalCounts.update(repeating: 0, count: Self.literalCount)
        distanceCounts.update(repeating: 0, count: Self.distanceCount)
        literalCounts[2] = 1
        literalCounts[0] = UInt32(1 + trailingLiterals)
        literalCounts[256] = 1
        for length in matchLengths { literalCounts[257 + Int(lengthSlot[length - 3])] += 1 }
        distanceCounts[0] = UInt32(matchLengths.count)
        makeCodes()
        literalCounts.update(repeating: 0, count: Self.literalCount)
        distanceCounts.update(repeating: 0, count: Self.distanceCount)
        var row: [(UInt32, Int)] = [
            (literalCodes[2], Int(literalLengths[2])), (literalCodes[0], Int(literalLengths[0])),
        ]
        for length in matchLengths {
            let slot = Int(lengthSlot[length - 3])
            let codeLength = Int(literalLengths[257 + slot])
            let extra = UInt32(length - Int(lengthBase[slot]))
            row.append((literalCodes[257 + slot] | extra << UInt32(codeLength), codeLength + Int(lengthExtra[slot])))
            row.append((distanceCodes[0], Int(distanceLengths[0])))
        }
        for _ in 0..<trailingLiterals { row.append((literalCodes[0], Int(literalLengths[0]))) }
        return RepeatCode(
            rowLength: rowLength, header: headerBits, row: row,
            end: (literalCodes[256], Int(literalLengths[256])))
    }

    /// Ends the piece being made: its last block, then an empty stored block, so it ends on a
    /// byte boundary; appends it to `piece`.
    func finishPiece(appendingTo piece: inout [UInt8]) {
        var out = bits
        defer { bits = out }
        if symbolCount > 0 { writeBlock(symbolCount, to: &out) }
        symbolCount = 0
        // An empty stored block: 3 zero header bits, pad to a byte, LEN 0, NLEN 0xFFFF.
        out.put(0, 3)
        out.alignToByte()
        out.put(0xFFFF_0000, 32)
        out.move(to: &piece)
    }

    /// How many bytes from `a` equal those from `b` (b before a), at most `limit`.
    @inline(__always)
    private static func matchLength(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, limit: Int) -> Int {
        var length = 0
        while length + 8 <= limit {
            let difference =
                UnsafeRawPointer(a + length).loadUnaligned(as: UInt64.self)
                ^ UnsafeRawPointer(b + length).loadUnaligned(as: UInt64.self)
            if difference != 0 { return length + difference.littleEndian.trailingZeroBitCount >> 3 }
            length += 8
        }
        while length < limit && a[length] == b[length] { length += 1 }
        return length
    }

    /// The current codes' block header (`DynamicBlockHeader`).
    private var headerBits: [(UInt32, Int)] {
        DynamicBlockHeader.bits(
            literalLengths: UnsafeBufferPointer(start: literalLengths, count: Self.literalCount),
            distanceLengths: UnsafeBufferPointer(start: distanceLengths, count: Self.distanceCount))
    }

    /// The codes (lengths and stream-order bits) of the counted symbols.
    private func makeCodes() {
        HuffmanCode.lengths(counts: literalCounts, count: Self.literalCount, limit: 15, into: literalLengths)
        HuffmanCode.lengths(counts: distanceCounts, count: Self.distanceCount, limit: 15, into: distanceLengths)
        HuffmanCode.reversedCodes(lengths: literalLengths, count: Self.literalCount, into: literalCodes)
        HuffmanCode.reversedCodes(lengths: distanceLengths, count: Self.distanceCount, into: distanceCodes)
    }

    /// Writes the block's first `count` symbols as one non-final dynamic-Huffman block and
    /// clears the counts for the next.
    private func writeBlock(_ count: Int, to out: inout OutputBits) {
        literalCounts[256] = 1
        makeCodes()
        for (value, width) in headerBits { out.put(value, width) }
        // Each symbol's bits and width packed in one word (width in the top byte): one read a
        // literal, one a length (its extra bits included), one a distance code.
        let literalBits = self.literalBits
        let lengthBits = self.lengthBits
        let distanceBits = self.distanceBits
        for symbol in 0..<Self.literalCount {
            literalBits[symbol] = literalCodes[symbol] | UInt32(literalLengths[symbol]) << 24
        }
        for index in 0..<256 {
            let slot = Int(lengthSlot[index])
            let codeLength = UInt32(literalLengths[257 + slot])
            let extra = UInt32(index + 3) - UInt32(lengthBase[slot])
            lengthBits[index] =
                (literalCodes[257 + slot] | extra << codeLength) | (codeLength + UInt32(lengthExtra[slot])) << 24
        }
        for slot in 0..<Self.distanceCount {
            distanceBits[slot] = distanceCodes[slot] | UInt32(distanceLengths[slot]) << 24
        }
        let symbols = self.symbols
        for index in 0..<count {
            let symbol = symbols[index]
            if symbol < 256 {
                let bits = literalBits[Int(symbol)]
                out.put(bits & 0xFF_FFFF, Int(bits >> 24))
                continue
            }
            let length = lengthBits[Int(symbol >> 16 & 0xFF)]
            out.put(length & 0xFF_FFFF, Int(length >> 24))
            let distance = Int(symbol & 0x7FFF)
            let slot = DeflateTables.distanceSlot(distance)
            let code = distanceBits[slot]
            let codeLength = code >> 24
            let extraBits = DeflateTables.distanceExtra(slot)
            let extra = UInt32(distance) & ((1 << UInt32(extraBits)) - 1)
            out.put(code & 0xFF_FFFF | extra << codeLength, Int(codeLength) + extraBits)
        }
        out.put(literalCodes[256], Int(literalLengths[256]))
        literalCounts.update(repeating: 0, count: Self.literalCount)
        distanceCounts.update(repeating: 0, count: Self.distanceCount)
    }
}

/// The bits of a block of repeated rows of one length (see `ScanlineDeflater.repeatRows`).
private struct RepeatCode {
    var rowLength: Int
    var header: [(UInt32, Int)]
    var row: [(UInt32, Int)]
    var end: (value: UInt32, width: Int)
}

/// Compresses bytes into a zlib stream: greedy LZ77 over hash chains, then
/// per block the smaller of fixed or dynamic Huffman codes.
///
/// Deterministic by construction (no clocks, no randomness, fixed search
/// limits), so the same image always encodes to the same bytes.
enum Deflater {
    /// How many earlier positions with the same 3-byte hash are tried per match.
    static let maxChain = 48
    static let minMatch = 3
    static let maxMatch = 258
    /// Kept one below deflate's 32 768 so a hash slot is never reused while reachable.
    static let maxDistance = 32767
    /// Tokens per deflate block: small enough to adapt codes to changing
    /// content, large enough that each dynamic header is amortized.
    static let blockTokens = 1 << 16

    /// A complete zlib stream: header, deflate blocks, Adler-32.
    static func compress(_ data: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        writer.write(0x78, 8)
        writer.write(0x9C, 8)
        var tokens: [LZToken] = []
        tokens.reserveCapacity(blockTokens)
        var wroteFinalBlock = false

        var head = [Int](repeating: -1, count: 1 << 15)
        var previous = [Int](repeating: -1, count: 1 << 15)
        let n = data.count
        data.withUnsafeBufferPointer { d in
            @inline(__always) func hash(_ i: Int) -> Int {
                (Int(d[i]) << 10 ^ Int(d[i + 1]) << 5 ^ Int(d[i + 2])) & 0x7FFF
            }
            @inline(__always) func insert(_ i: Int) {
                let h = hash(i)
                previous[i & 0x7FFF] = head[h]
                head[h] = i
            }

            var i = 0
            while i < n {
                var bestLength = 0
                var bestDistance = 0
                if i + minMatch <= n {
                    let limit = min(maxMatch, n - i)
                    var candidate = head[hash(i)]
                    var chain = maxChain
                    while candidate >= 0 && i - candidate <= maxDistance && chain > 0 {
                        if d[candidate + bestLength] == d[i + bestLength] {
                            var length = 0
                            while length < limit && d[candidate + length] == d[i + length] { length += 1 }
                            if length > bestLength {
                                bestLength = length
                                bestDistance = i - candidate
                                if length == limit { break }
                            }
                        }
                        candidate = previous[candidate & 0x7FFF]
                        chain -= 1
                    }
                    insert(i)
                }
                if bestLength >= minMatch {
                    tokens.append(.match(length: bestLength, distance: bestDistance))
                    for j in (i + 1)..<(i + bestLength) where j + minMatch <= n { insert(j) }
                    i += bestLength
                } else {
                    tokens.append(.literal(d[i]))
                    i += 1
                }
                if tokens.count >= blockTokens {
                    wroteFinalBlock = i == n
                    BlockEncoder.write(tokens, isFinal: wroteFinalBlock, to: &writer)
                    tokens.removeAll(keepingCapacity: true)
                }
            }
        }
        // The last block carries the final flag, even if it holds no tokens.
        if !wroteFinalBlock { BlockEncoder.write(tokens, isFinal: true, to: &writer) }
        writer.alignToByte()
        let adler = Adler32.checksum(data)
        writer.append(contentsOf: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> $0) })
        return writer.bytes
    }
}

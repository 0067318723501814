/// Length-limited canonical Huffman codes, as DEFLATE's dynamic blocks describe them.
enum HuffmanCode {
    /// Writes into `lengths[0..<count]` the code lengths of a complete prefix code for the symbol
    /// counts `counts[0..<count]`, none longer than `limit`; a symbol with count 0 gets no code.
    ///
    /// The lengths are Huffman's; when the tree is deeper than `limit`, the counts are halved
    /// (none below 1) and the tree is built again until it fits. Fewer than two used symbols
    /// get two one-bit codes (the used one and the lowest other), since inflaters reject an
    /// incomplete code. Ties are broken by symbol number, so the result depends only on the counts.
    static func lengths(
        counts: UnsafePointer<UInt32>, count: Int, limit: Int, into lengths: UnsafeMutablePointer<UInt8>
    ) {
        precondition(count >= 2 && count <= 1 << 15 && (1 << limit) >= count, "no complete code of this size")
        // Scratch on the stack, one allocation: blocks are many and small, so no heap
        // allocation per code.
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 9 * count + 2048) { scratch in
            let used = scratch.baseAddress!
            let keyed = used + count
            let weights = keyed + count
            let parents = weights + 2 * count
            let depths = parents + 2 * count
            let spare = depths + 2 * count
            let buckets = spare + count
            var leaves = 0
            for symbol in 0..<count {
                lengths[symbol] = 0
                if counts[symbol] > 0 {
                    used[leaves] = UInt64(counts[symbol]) << 16 | UInt64(symbol)
                    leaves += 1
                }
            }
            guard leaves >= 2 else {
                let first = leaves == 1 ? Int(used[0] & 0xFFFF) : 0
                lengths[first] = 1
                lengths[first == 0 ? 1 : 0] = 1
                return
            }
            var shift: UInt64 = 0
            while true {
                // Leaves by weight, then symbol: the two-queue construction needs them sorted.
                for index in 0..<leaves {
                    keyed[index] = max(1, (used[index] >> 16) >> shift) << 16 | used[index] & 0xFFFF
                }
                sortAscending(keyed, count: leaves, spare: spare, buckets: buckets)
                for index in 0..<leaves { weights[index] = keyed[index] >> 16 }
                // Internal nodes are made in order of weight, so the two lightest are always at
                // the heads of the leaf queue and the node queue.
                var nextLeaf = 0
                var nextNode = leaves
                for node in leaves..<(2 * leaves - 1) {
                    var sum: UInt64 = 0
                    for _ in 0..<2 {
                        let takeLeaf = nextLeaf < leaves && (nextNode >= node || weights[nextLeaf] <= weights[nextNode])
                        let child = takeLeaf ? nextLeaf : nextNode
                        if takeLeaf { nextLeaf += 1 } else { nextNode += 1 }
                        sum += weights[child]
                        parents[child] = UInt64(node)
                    }
                    weights[node] = sum
                }
                depths[2 * leaves - 2] = 0
                var deepest: UInt64 = 0
                for node in stride(from: 2 * leaves - 3, through: 0, by: -1) {
                    depths[node] = depths[Int(parents[node])] + 1
                    if node < leaves { deepest = max(deepest, depths[node]) }
                }
                if deepest <= UInt64(limit) {
                    for index in 0..<leaves { lengths[Int(keyed[index] & 0xFFFF)] = UInt8(depths[index]) }
                    return
                }
                shift += 1
            }
        }
    }

    /// Sorts `count` keys (a 32-bit count above bit 16, a symbol below) in place: a radix sort,
    /// three stable passes of 11 bits over the count, so equal counts keep symbol order (the
    /// keys arrive in symbol order). `spare` holds `count` keys, `buckets` 2048 counters.
    private static func sortAscending(
        _ values: UnsafeMutablePointer<UInt64>, count: Int, spare: UnsafeMutablePointer<UInt64>,
        buckets: UnsafeMutablePointer<UInt64>
    ) {
        var from = values
        var to = spare
        for shift: UInt64 in [16, 27, 38] {
            buckets.update(repeating: 0, count: 2048)
            for index in 0..<count { buckets[Int(from[index] >> shift & 0x7FF)] += 1 }
            var total: UInt64 = 0
            for bucket in 0..<2048 {
                let size = buckets[bucket]
                buckets[bucket] = total
                total += size
            }
            for index in 0..<count {
                let digit = Int(from[index] >> shift & 0x7FF)
                to[Int(buckets[digit])] = from[index]
                buckets[digit] += 1
            }
            swap(&from, &to)
        }
        // Three passes: the sorted keys are in `spare`.
        values.update(from: from, count: count)
    }

    /// The canonical codes of `lengths[0..<count]`, bit-reversed for DEFLATE's LSB-first stream
    /// (a code is sent most significant bit first).
    static func reversedCodes(lengths: UnsafePointer<UInt8>, count: Int, into codes: UnsafeMutablePointer<UInt32>) {
        var perLength = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var next = perLength
        withUnsafeMutableBytes(of: &perLength) { raw in
            let perLength = raw.bindMemory(to: Int.self)
            for symbol in 0..<count where lengths[symbol] > 0 { perLength[Int(lengths[symbol])] += 1 }
            withUnsafeMutableBytes(of: &next) { raw in
                let next = raw.bindMemory(to: Int.self)
                var code = 0
                for length in 1..<16 {
                    code = (code + perLength[length - 1]) << 1
                    next[length] = code
                }
                for symbol in 0..<count {
                    let length = Int(lengths[symbol])
                    guard length > 0 else {
                        codes[symbol] = 0
                        continue
                    }
                    let code = UInt32(next[length])
                    next[length] += 1
                    codes[symbol] = code.bitReversed(length)
                }
            }
        }
    }
}

extension UInt32 {
    /// The low `count` bits in reverse order.
    func bitReversed(_ count: Int) -> UInt32 { count == 0 ? 0 : self.bitSwapped >> UInt32(32 - count) }

    private var bitSwapped: UInt32 {
        var value = self
        value = (value & 0x5555_5555) << 1 | (value >> 1) & 0x5555_5555
        value = (value & 0x3333_3333) << 2 | (value >> 2) & 0x3333_3333
        value = (value & 0x0F0F_0F0F) << 4 | (value >> 4) & 0x0F0F_0F0F
        return value.byteSwapped
    }
}

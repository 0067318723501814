/// Builds length-limited canonical Huffman codes for the deflate encoder.
enum HuffmanCodeBuilder {
    /// Code lengths for `frequencies`, none longer than `maxLength`.
    ///
    /// Deterministic: ties are broken by symbol number. Lengths are limited by
    /// halving the frequencies and rebuilding until the tree is shallow
    /// enough; optimal package-merge would save a handful of bits on rare
    /// pathological inputs, not worth its complexity here. A lone used symbol
    /// gets length 1, since deflate cannot express a zero-bit code.
    static func lengths(_ frequencies: [Int], maxLength: Int) -> [UInt8] {
        var weights = frequencies
        while true {
            let lengths = unlimitedLengths(weights)
            if (lengths.max() ?? 0) <= maxLength { return lengths.map { UInt8($0) } }
            weights = weights.map { $0 == 0 ? 0 : ($0 + 1) / 2 }
        }
    }

    /// Plain Huffman code lengths (two-queue construction over sorted leaves).
    private static func unlimitedLengths(_ weights: [Int]) -> [Int] {
        var lengths = [Int](repeating: 0, count: weights.count)
        let leaves = weights.indices.filter { weights[$0] > 0 }
            .sorted { (weights[$0], $0) < (weights[$1], $1) }
        if leaves.count == 1 { lengths[leaves[0]] = 1 }
        guard leaves.count > 1 else { return lengths }

        // Nodes 0..<leaves.count are leaves; later ones are internal, created in
        // non-decreasing weight order, so two queues replace a heap.
        var nodeWeight = leaves.map { weights[$0] }
        var parent = [Int](repeating: -1, count: 2 * leaves.count - 1)
        var nextLeaf = 0
        var nextInternal = leaves.count
        func takeSmallest() -> Int {
            let internalReady = nextInternal < nodeWeight.count
            if nextLeaf < leaves.count
                && (!internalReady || nodeWeight[nextLeaf] <= nodeWeight[nextInternal])
            {
                nextLeaf += 1
                return nextLeaf - 1
            }
            nextInternal += 1
            return nextInternal - 1
        }
        while nodeWeight.count < 2 * leaves.count - 1 {
            let a = takeSmallest()
            let b = takeSmallest()
            parent[a] = nodeWeight.count
            parent[b] = nodeWeight.count
            nodeWeight.append(nodeWeight[a] + nodeWeight[b])
        }
        // Depths from the root down: a parent always has a larger index.
        var depth = [Int](repeating: 0, count: nodeWeight.count)
        for node in stride(from: nodeWeight.count - 2, through: 0, by: -1) {
            depth[node] = depth[parent[node]] + 1
        }
        for (index, symbol) in leaves.enumerated() { lengths[symbol] = depth[index] }
        return lengths
    }

    /// Canonical codes (RFC 1951 §3.2.2) for `lengths`, bit-reversed for an
    /// LSB-first writer.
    static func codes(_ lengths: [UInt8]) -> [Int] {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { counts[Int(length)] += 1 }
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1..<16 {
            code = (code + counts[length - 1]) << 1
            next[length] = code
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            let length = Int(length)
            defer { next[length] += 1 }
            return reverse(next[length], length)
        }
    }

    /// Huffman codes are defined most significant bit first but the stream is
    /// written least significant bit first, hence the reversal.
    static func reverse(_ code: Int, _ length: Int) -> Int {
        var result = 0
        for bit in 0..<length where code & (1 << bit) != 0 { result |= 1 << (length - 1 - bit) }
        return result
    }
}

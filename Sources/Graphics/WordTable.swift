/// An open-addressing hash table from three 64-bit words to a value, for the shaping caches.
///
/// The keys are short byte strings packed into integers (`ShortKey`, `ShortJoinKey`); a cheap
/// multiplicative hash suffices for them and costs a fraction of `Hasher`'s SipHash, which
/// dominated preparing a text whose words are all cached.
struct WordTable<Value> {
    private var keys: [(UInt64, UInt64, UInt64)]
    private var values: [Value?]
    private var mask: Int
    private(set) var count = 0

    init() {
        keys = Array(repeating: (0, 0, 0), count: 1024)
        values = Array(repeating: nil, count: 1024)
        mask = 1023
    }

    private static func slot(_ key: (UInt64, UInt64, UInt64), mask: Int) -> Int {
        var hash = key.0 &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ (hash >> 29) ^ key.1) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ (hash >> 31) ^ key.2) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: hash ^ (hash >> 32)) & mask
    }

    subscript(key: (UInt64, UInt64, UInt64)) -> Value? {
        get {
            var index = Self.slot(key, mask: mask)
            while let value = values[index] {
                if keys[index] == key { return value }
                index = (index + 1) & mask
            }
            return nil
        }
        set {
            guard let newValue else { return }
            if (count + 1) * 2 > keys.count { grow() }
            var index = Self.slot(key, mask: mask)
            while values[index] != nil {
                if keys[index] == key {
                    values[index] = newValue
                    return
                }
                index = (index + 1) & mask
            }
            keys[index] = key
            values[index] = newValue
            count += 1
        }
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = Array(repeating: (0, 0, 0), count: oldKeys.count * 2)
        values = Array(repeating: nil, count: oldKeys.count * 2)
        mask = keys.count - 1
        count = 0
        for (key, value) in zip(oldKeys, oldValues) {
            if let value { self[key] = value }
        }
    }
}

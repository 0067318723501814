import CellCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A text request as a cache key that compares texts byte for byte.
///
/// Swift's `String` equality is canonical equivalence ("é" precomposed equals "e" and a combining
/// acute), but Pango lays the two out differently, so a request key MUST compare the bytes. The
/// bytes are hashed once, with a cheap multiplicative hash, and only they and the font size feed
/// the hash (equal keys still hash equally); equality compares the bytes, then every other field
/// (`TextRequest.hasSameSettings`, the same comparison `==` uses).
struct ByteExactKey: Hashable, Sendable {
    let request: TextRequest
    /// The hash of the text's bytes mixed with the font size: what `RequestTable` probes with.
    let hashValue64: UInt64

    init(_ request: TextRequest) {
        self.init(request, textHash: Self.hashBytes(request.text))
    }

    /// A key whose text hash is already known (`hashBytes(request.text)`).
    init(_ request: TextRequest, textHash: UInt64) {
        self.request = request
        hashValue64 = Self.hash(textHash: textHash, font: request.font)
    }

    /// The key hash of a request whose text hashes to `textHash`.
    static func hash(textHash: UInt64, font: FontSpec) -> UInt64 {
        textHash ^ (font.size.bitPattern &* 0x9E37_79B9_7F4A_7C15)
    }

    static func == (lhs: ByteExactKey, rhs: ByteExactKey) -> Bool {
        lhs.hashValue64 == rhs.hashValue64 && lhs.matches(rhs.request)
    }

    /// Whether `other` is the key's request: the same bytes and the same settings.
    func matches(_ other: TextRequest) -> Bool {
        Self.sameBytes(request.text, other.text) && request.hasSameSettings(as: other)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hashValue64)
    }

    static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
        let fast = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                left.count == right.count && (left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
            }
        }
        if let fast, let result = fast { return result }
        return lhs.utf8.elementsEqual(rhs.utf8)
    }

    static func hashBytes(_ text: String) -> UInt64 {
        func mix(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
            var index = 0
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
                hash ^= hash >> 31
                index += 8
            }
            while index < bytes.count {
                hash = (hash ^ UInt64(bytes[index])) &* 0x1000_0000_01B3
                index += 1
            }
            return hash ^ (hash >> 29)
        }
        if let fast = text.utf8.withContiguousStorageIfAvailable(mix) { return fast }
        return Array(text.utf8).withUnsafeBufferPointer(mix)
    }
}

/// Values by text request, texts compared byte for byte (`ByteExactKey`): an open-addressing
/// table probed with the key's own 64-bit hash, so a lookup hashes the text once and compares
/// the one candidate whose hash is equal (Swift's `Dictionary` hashed the hash again with
/// SipHash and copied both requests to compare them: most of a warm measurement's cost).
struct RequestTable<Value> {
    /// Per slot: the key's hash, and 1 + the index of its key and value (0: empty). Small, so
    /// probing stays in cache; the keys and values are read only on a hash match.
    private var hashes: [UInt64] = Array(repeating: 0, count: 64)
    private var indices: [Int32] = Array(repeating: 0, count: 64)
    private var keys: [ByteExactKey] = []
    private var values: [Value] = []

    var count: Int { keys.count }

    subscript(key: ByteExactKey) -> Value? {
        get { value(hash: key.hashValue64, request: key.request) }
        set {
            guard let newValue else { return }
            let (index, slot) = find(key)
            if let index {
                values[index] = newValue
                return
            }
            keys.append(key)
            values.append(newValue)
            hashes[slot] = key.hashValue64
            indices[slot] = Int32(keys.count)
            if keys.count * 2 > hashes.count { grow() }
        }
    }

    /// The value of the key `ByteExactKey(request).hashValue64 == hash` would be, without
    /// making the key (a lookup copies nothing).
    func value(hash: UInt64, request: TextRequest) -> Value? {
        guard let index = find(hash: hash, request: request).index else { return nil }
        return values[index]
    }

    /// The index of `key` in `keys`, or the empty slot where it would go.
    private func find(_ key: ByteExactKey) -> (index: Int?, slot: Int) {
        find(hash: key.hashValue64, request: key.request)
    }

    private func find(hash: UInt64, request: TextRequest) -> (index: Int?, slot: Int) {
        keys.withUnsafeBufferPointer { keys in
            let mask = hashes.count - 1
            var slot = Int(truncatingIfNeeded: hash >> 7) & mask
            while true {
                let stored = Int(indices[slot])
                if stored == 0 { return (nil, slot) }
                if hashes[slot] == hash, keys[stored - 1].matches(request) { return (stored - 1, slot) }
                slot = (slot + 1) & mask
            }
        }
    }

    private mutating func grow() {
        let size = hashes.count * 2
        hashes = Array(repeating: 0, count: size)
        indices = Array(repeating: 0, count: size)
        let mask = size - 1
        for (index, key) in keys.enumerated() {
            var slot = Int(truncatingIfNeeded: key.hashValue64 >> 7) & mask
            while indices[slot] != 0 { slot = (slot + 1) & mask }
            hashes[slot] = key.hashValue64
            indices[slot] = Int32(index + 1)
        }
    }
}

/// The height engine's entries by request: `RequestTable`'s probing, specialised so that a
/// lookup reads one 16-byte slot (the hash and the entry) and then the entry itself, which it
/// needs anyway. A warm measurement is bound by memory, not arithmetic: every cache line counts.
struct EntryTable {
    private struct Slot {
        var hash: UInt64
        var entry: PreparedEntry?
    }

    private var slots = [Slot](repeating: Slot(hash: 0, entry: nil), count: 64)
    private(set) var count = 0

    /// The entry whose request is `request`, whose key hash (`ByteExactKey.hash`) is `hash`.
    func entry(hash: UInt64, request: TextRequest) -> PreparedEntry? {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var index = Int(truncatingIfNeeded: hash >> 7) & mask
            while let entry = slots[index].entry {
                if slots[index].hash == hash, ByteExactKey.sameBytes(entry.request.text, request.text),
                    entry.request.hasSameSettings(as: request)
                {
                    return entry
                }
                index = (index + 1) & mask
            }
            return nil
        }
    }

    /// Adds `entry`, whose request is not in the table yet, under its key hash `hash`.
    mutating func insert(_ entry: PreparedEntry, hash: UInt64) {
        if (count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash >> 7) & mask
        while slots[index].entry != nil { index = (index + 1) & mask }
        slots[index] = Slot(hash: hash, entry: entry)
        count += 1
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(hash: 0, entry: nil), count: old.count * 2)
        count = 0
        for slot in old { if let entry = slot.entry { insert(entry, hash: slot.hash) } }
    }
}

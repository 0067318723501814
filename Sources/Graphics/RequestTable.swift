import CellCore

/// What a `RequestTable` holds: an object that knows the request it answers.
protocol RequestKeyed: AnyObject {
    var request: TextRequest { get }
}

/// Objects by text request, texts compared byte for byte (`ByteExactKey`): an open-addressing
/// table of 16-byte slots (the key hash and the object) probed with a hash of the text's bytes
/// computed once by the caller. A lookup reads one slot, then the object's own request to
/// compare, which the caller needs anyway. A warm measurement is bound by memory, not
/// arithmetic: Swift's `Dictionary` hashed the hash again with SipHash and copied both requests
/// to compare them, most of a warm measurement's cost.
struct RequestTable<Value: RequestKeyed> {
    private struct Slot {
        var hash: UInt64
        var value: Value?
    }

    private var slots = [Slot](repeating: Slot(hash: 0, value: nil), count: 64)
    private(set) var count = 0

    /// The object whose request is `request`, whose key hash (`ByteExactKey.hash`) is `hash`.
    func value(hash: UInt64, request: TextRequest) -> Value? {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var index = Int(truncatingIfNeeded: hash >> 7) & mask
            while let value = slots[index].value {
                if slots[index].hash == hash, ByteExactKey.sameBytes(value.request.text, request.text),
                    value.request.hasSameSettings(as: request)
                {
                    return value
                }
                index = (index + 1) & mask
            }
            return nil
        }
    }

    /// Adds `value`, whose request is not in the table yet, under its key hash `hash`.
    mutating func insert(_ value: Value, hash: UInt64) {
        if (count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash >> 7) & mask
        while slots[index].value != nil { index = (index + 1) & mask }
        slots[index] = Slot(hash: hash, value: value)
        count += 1
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(hash: 0, value: nil), count: old.count * 2)
        count = 0
        for slot in old { if let value = slot.value { insert(value, hash: slot.hash) } }
    }
}

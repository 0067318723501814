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
/// bytes are hashed with a cheap multiplicative hash, and only they and the font size feed the
/// hash (equal keys still hash equally); equality compares every other field with the request's
/// own `==`, so a field added to `TextRequest` is part of the key without a change here.
struct ByteExactKey: Hashable, Sendable {
    let request: TextRequest
    private let textHash: UInt64

    init(_ request: TextRequest) {
        self.request = request
        textHash = Self.hashBytes(request.text)
    }

    static func == (lhs: ByteExactKey, rhs: ByteExactKey) -> Bool {
        guard lhs.textHash == rhs.textHash, Self.sameBytes(lhs.request.text, rhs.request.text) else { return false }
        var left = lhs.request
        var right = rhs.request
        left.text = ""
        right.text = ""
        return left == right
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(textHash ^ request.font.size.bitPattern)
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

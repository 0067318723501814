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

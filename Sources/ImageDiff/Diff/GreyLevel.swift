/// Converts the grey background value to a byte the way pixelmatch's output does.
///
/// pixelmatch writes into a `Uint8Array`, whose store truncates toward zero
/// (rounding would change thousands of bytes of the reference diffs). Values
/// outside 0…255 can only arise from an `alpha` outside 0…1; they are clamped
/// rather than wrapped, because a wrapped grey would be meaningless.
enum GreyLevel {
    @inline(__always)
    static func byte(_ value: Double) -> UInt8 {
        guard value.isFinite else { return 255 }
        if value <= 0 { return 0 }
        if value >= 255 { return 255 }
        // Integer conversion truncates toward zero, exactly like a Uint8Array store.
        return UInt8(value)
    }
}

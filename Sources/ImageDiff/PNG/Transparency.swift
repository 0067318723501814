/// What a tRNS chunk says, resolved against the image's colour type.
enum Transparency: Equatable {
    case none
    /// Grey samples equal to this raw (unscaled) value are fully transparent.
    case greyKey(UInt16)
    /// RGB samples equal to these raw values are fully transparent.
    case rgbKey(UInt16, UInt16, UInt16)
    /// Alpha per palette index; indices past the end are opaque.
    case paletteAlpha([UInt8])

    /// Parses tRNS data for `colorType`. Colour types with an alpha channel
    /// cannot carry tRNS; it is ignored for them, as libpng does.
    init(_ bytes: [UInt8], _ range: Range<Int>, colorType: PNGHeader.ColorType) throws(PNGError) {
        func sample(_ index: Int) -> UInt16 {
            UInt16(bytes[range.lowerBound + 2 * index]) << 8
                | UInt16(bytes[range.lowerBound + 2 * index + 1])
        }
        switch colorType {
        case .grey:
            guard range.count == 2 else { throw .malformed("a grey tRNS chunk is not 2 bytes long") }
            self = .greyKey(sample(0))
        case .rgb:
            guard range.count == 6 else { throw .malformed("an RGB tRNS chunk is not 6 bytes long") }
            self = .rgbKey(sample(0), sample(1), sample(2))
        case .palette:
            guard range.count <= 256 else { throw .malformed("the tRNS chunk has over 256 entries") }
            self = .paletteAlpha(Array(bytes[range]))
        case .greyAlpha, .rgba:
            self = .none
        }
    }
}

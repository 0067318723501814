/// Turns unfiltered scanlines of any colour type and bit depth into RGBA8.
///
/// Samples deeper or shallower than 8 bits are rescaled as ⌊v·255/(2ᵈ−1) + ½⌋,
/// computed in integers so the result is exact.
struct PixelExpander {
    let header: PNGHeader
    /// Palette entries as RGBA8 (alpha from tRNS); empty for non-palette images.
    let palette: [RGBA]
    let transparency: Transparency

    /// Writes one pass's pixels (scanlines starting at `start` in `raw`) into `output`.
    ///
    /// - Throws: `.malformed` when a palette index has no palette entry.
    func expand(
        _ raw: [UInt8], start: Int, pass: InterlacePass, into output: inout [UInt8]
    ) throws(PNGError) {
        let rowBytes = header.rowBytes(pixels: pass.width)
        let channels = header.colorType.channels
        let depth = header.bitDepth
        let maxSample = (1 << depth) - 1
        let imageWidth = header.width
        // Resolved once: comparing enum payloads per pixel would dominate the loop.
        var greyKey = -1
        var rgbKey = (-1, -1, -1)
        switch transparency {
        case .greyKey(let v): greyKey = Int(v)
        case .rgbKey(let r, let g, let b): rgbKey = (Int(r), Int(g), Int(b))
        case .none, .paletteAlpha: break
        }

        for row in 0..<pass.height {
            let line = start + row * (rowBytes + 1) + 1
            let y = pass.y0 + row * pass.dy
            for column in 0..<pass.width {
                // Reads sample `channel` of this pixel at the file's own depth.
                func sample(_ channel: Int) -> Int {
                    let index = column * channels + channel
                    switch depth {
                    case 8: return Int(raw[line + index])
                    case 16: return Int(raw[line + 2 * index]) << 8 | Int(raw[line + 2 * index + 1])
                    default:
                        let bit = index * depth
                        let shift = 8 - depth - bit % 8
                        return Int(raw[line + bit / 8] >> UInt8(shift)) & maxSample
                    }
                }
                func scaled(_ value: Int) -> UInt8 {
                    depth == 8 ? UInt8(value) : UInt8((2 * value * 255 + maxSample) / (2 * maxSample))
                }

                let pixel: RGBA
                switch header.colorType {
                case .grey:
                    let v = sample(0)
                    let alpha: UInt8 = v == greyKey ? 0 : 255
                    pixel = RGBA(r: scaled(v), g: scaled(v), b: scaled(v), a: alpha)
                case .greyAlpha:
                    let v = scaled(sample(0))
                    pixel = RGBA(r: v, g: v, b: v, a: scaled(sample(1)))
                case .rgb:
                    let (r, g, b) = (sample(0), sample(1), sample(2))
                    let alpha: UInt8 = (r, g, b) == rgbKey ? 0 : 255
                    pixel = RGBA(r: scaled(r), g: scaled(g), b: scaled(b), a: alpha)
                case .rgba:
                    pixel = RGBA(
                        r: scaled(sample(0)), g: scaled(sample(1)), b: scaled(sample(2)), a: scaled(sample(3)))
                case .palette:
                    let index = sample(0)
                    guard index < palette.count else {
                        throw .malformed("palette index \(index) is past the end of the palette")
                    }
                    pixel = palette[index]
                }
                let offset = (y * imageWidth + pass.x0 + column * pass.dx) * 4
                output[offset] = pixel.r
                output[offset + 1] = pixel.g
                output[offset + 2] = pixel.b
                output[offset + 3] = pixel.a
            }
        }
    }
}

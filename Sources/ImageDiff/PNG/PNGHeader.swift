/// The validated contents of an IHDR chunk.
struct PNGHeader: Equatable {
    enum ColorType: UInt8 {
        case grey = 0
        case rgb = 2
        case palette = 3
        case greyAlpha = 4
        case rgba = 6

        var channels: Int {
            switch self {
            case .grey, .palette: return 1
            case .greyAlpha: return 2
            case .rgb: return 3
            case .rgba: return 4
            }
        }

        /// Bit depths the PNG specification allows for this colour type.
        var allowedBitDepths: Set<Int> {
            switch self {
            case .grey: return [1, 2, 4, 8, 16]
            case .palette: return [1, 2, 4, 8]
            case .rgb, .greyAlpha, .rgba: return [8, 16]
            }
        }
    }

    let width: Int
    let height: Int
    let bitDepth: Int
    let colorType: ColorType
    let interlaced: Bool

    /// Parses and validates IHDR data, applying `limits` before anything is allocated.
    init(_ bytes: [UInt8], _ range: Range<Int>, limits: PNGLimits) throws(PNGError) {
        guard range.count == 13 else { throw .malformed("the IHDR chunk is not 13 bytes long") }
        let base = range.lowerBound
        let width = Int(readUInt32(bytes, base))
        let height = Int(readUInt32(bytes, base + 4))
        guard width > 0, height > 0 else { throw .malformed("the image width or height is zero") }
        guard width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
            throw .malformed("the image width or height exceeds 2³¹ − 1")
        }
        guard limits.admits(width: width, height: height) else {
            throw .tooLarge(width: width, height: height)
        }
        guard let colorType = ColorType(rawValue: bytes[base + 9]) else {
            throw .malformed("colour type \(bytes[base + 9]) does not exist")
        }
        let bitDepth = Int(bytes[base + 8])
        guard colorType.allowedBitDepths.contains(bitDepth) else {
            throw .malformed("bit depth \(bitDepth) is not allowed for colour type \(colorType.rawValue)")
        }
        guard bytes[base + 10] == 0 else {
            throw .unsupported("compression method \(bytes[base + 10])")
        }
        guard bytes[base + 11] == 0 else { throw .unsupported("filter method \(bytes[base + 11])") }
        guard bytes[base + 12] <= 1 else { throw .unsupported("interlace method \(bytes[base + 12])") }
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.interlaced = bytes[base + 12] == 1
        // Caller-raised limits could admit sizes whose scanline total overflows;
        // refusing here keeps every later size computation overflow-free.
        guard decompressedSizeReportingOverflow() != nil else {
            throw .tooLarge(width: width, height: height)
        }
    }

    /// Bytes per complete pixel, at least 1: the distance the filters look back.
    var filterStride: Int { max(1, colorType.channels * bitDepth / 8) }

    /// Bytes in one scanline of `pixels` pixels, without the filter-type byte.
    func rowBytes(pixels: Int) -> Int { (pixels * colorType.channels * bitDepth + 7) / 8 }

    /// The sub-images that the scanlines are stored as: one for a plain image,
    /// up to seven Adam7 passes (empty passes are dropped; they store nothing).
    var passes: [InterlacePass] {
        guard interlaced else {
            return [InterlacePass(x0: 0, y0: 0, dx: 1, dy: 1, width: width, height: height)]
        }
        return InterlacePass.adam7.compactMap { pass in
            let w = (width - pass.x0 + pass.dx - 1) / pass.dx
            let h = (height - pass.y0 + pass.dy - 1) / pass.dy
            guard w > 0, h > 0 else { return nil }
            return InterlacePass(x0: pass.x0, y0: pass.y0, dx: pass.dx, dy: pass.dy, width: w, height: h)
        }
    }

    /// Total decompressed size: every pass's scanlines plus one filter byte each.
    /// Never overflows: `init` refuses headers for which it would.
    var decompressedSize: Int { decompressedSizeReportingOverflow() ?? Int.max }

    private func decompressedSizeReportingOverflow() -> Int? {
        var total = 0
        for pass in passes {
            let (bits, overflow1) = pass.width.multipliedReportingOverflow(
                by: colorType.channels * bitDepth)
            let (lines, overflow2) = pass.height.multipliedReportingOverflow(by: 1 + (bits + 7) / 8)
            let (sum, overflow3) = total.addingReportingOverflow(lines)
            if overflow1 || overflow2 || overflow3 { return nil }
            total = sum
        }
        return total
    }
}

/// Where one pass's pixels land in the full image.
struct InterlacePass: Equatable {
    let x0: Int
    let y0: Int
    let dx: Int
    let dy: Int
    let width: Int
    let height: Int

    /// Adam7's seven passes (sizes are filled in per image).
    static let adam7: [InterlacePass] = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
        (0, 1, 1, 2),
    ].map { InterlacePass(x0: $0.0, y0: $0.1, dx: $0.2, dy: $0.3, width: 0, height: 0) }
}

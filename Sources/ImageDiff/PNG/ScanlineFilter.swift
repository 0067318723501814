/// PNG's five scanline filters (PNG specification §9), in both directions.
enum ScanlineFilter {
    /// Reverses the filters in place over `data[start...]`, which holds `rows`
    /// scanlines of `1 + rowBytes` bytes each (the filter type comes first).
    /// Filter-type bytes are left as they are.
    static func unfilter(
        _ data: inout [UInt8], start: Int, rows: Int, rowBytes: Int, stride: Int
    ) throws(PNGError) {
        let lineLength = rowBytes + 1
        guard start >= 0, rows >= 0, start + rows * lineLength <= data.count else {
            throw PNGError.malformed("the image data is shorter than the header implies")
        }
        for row in 0..<rows where data[start + row * lineLength] > 4 {
            throw PNGError.malformed(
                "scanline filter type \(data[start + row * lineLength]) does not exist")
        }
        data.withUnsafeMutableBufferPointer { buffer in
            for row in 0..<rows {
                let line = start + row * lineLength
                let cur = line + 1
                // The first row of a pass has no row above; it reads as zeros, which
                // is the same as filtering against a zero row.
                let prev = cur - lineLength
                let hasPrev = row > 0
                switch buffer[line] {
                case 1:
                    for i in stride..<max(rowBytes, stride) { buffer[cur + i] &+= buffer[cur + i - stride] }
                case 2 where hasPrev:
                    for i in 0..<rowBytes { buffer[cur + i] &+= buffer[prev + i] }
                case 3:
                    for i in 0..<rowBytes {
                        let left = i >= stride ? Int(buffer[cur + i - stride]) : 0
                        let up = hasPrev ? Int(buffer[prev + i]) : 0
                        buffer[cur + i] &+= UInt8((left + up) >> 1)
                    }
                case 4:
                    for i in 0..<rowBytes {
                        let left = i >= stride ? Int(buffer[cur + i - stride]) : 0
                        let up = hasPrev ? Int(buffer[prev + i]) : 0
                        let upLeft = hasPrev && i >= stride ? Int(buffer[prev + i - stride]) : 0
                        buffer[cur + i] &+= UInt8(paeth(left, up, upLeft))
                    }
                default:
                    break  // None, or Up on the first row: nothing to add.
                }
            }
        }
    }

    /// The Paeth predictor: whichever neighbour is closest to `a + b − c`.
    @inline(__always)
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a)
        let pb = abs(p - b)
        let pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}

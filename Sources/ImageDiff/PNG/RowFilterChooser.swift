/// Chooses a PNG filter for each scanline and applies it, for the encoder.
///
/// Uses the usual minimum-sum-of-absolute-differences heuristic (libpng's
/// default): the filter whose output bytes, read as signed, sum smallest in
/// magnitude tends to compress best. Ties go to the lowest filter number,
/// which keeps the choice deterministic.
enum RowFilterChooser {
    /// Returns `rows` lines of `1 + rowBytes` bytes (filter type, then data).
    /// Missing input bytes read as zero.
    static func filter(_ pixels: [UInt8], rowBytes: Int, rows: Int) -> [UInt8] {
        let stride = 4
        var output = [UInt8](repeating: 0, count: rows * (rowBytes + 1))
        var candidate = [UInt8](repeating: 0, count: rowBytes)
        var best = [UInt8](repeating: 0, count: rowBytes)
        let zeroRow = [UInt8](repeating: 0, count: rowBytes)
        var previous = zeroRow
        var current = zeroRow

        for row in 0..<rows {
            let start = row * rowBytes
            for i in 0..<rowBytes { current[i] = start + i < pixels.count ? pixels[start + i] : 0 }
            var bestFilter: UInt8 = 0
            var bestScore = Int.max
            for filter: UInt8 in 0...4 {
                var score = 0
                for i in 0..<rowBytes {
                    let left = i >= stride ? Int(current[i - stride]) : 0
                    let up = Int(previous[i])
                    let upLeft = i >= stride ? Int(previous[i - stride]) : 0
                    let predictor: Int
                    switch filter {
                    case 0: predictor = 0
                    case 1: predictor = left
                    case 2: predictor = up
                    case 3: predictor = (left + up) >> 1
                    default: predictor = ScanlineFilter.paeth(left, up, upLeft)
                    }
                    let value = current[i] &- UInt8(truncatingIfNeeded: predictor)
                    candidate[i] = value
                    score += value < 128 ? Int(value) : 256 - Int(value)
                }
                if score < bestScore {
                    bestScore = score
                    bestFilter = filter
                    swap(&best, &candidate)
                }
            }
            let line = row * (rowBytes + 1)
            output[line] = bestFilter
            for i in 0..<rowBytes { output[line + 1 + i] = best[i] }
            swap(&previous, &current)
        }
        return output
    }
}

/// pixelmatch's anti-aliasing detector (Vyšniauskas, 2009) over 32-bit pixels.
///
/// The neighbour visiting order (x outer, y inner) is part of the contract:
/// ties between equally dark or bright neighbours go to the first one seen,
/// and that choice decides which neighbour's siblings are examined.
struct Neighbourhood {
    let width: Int
    let height: Int

    /// Whether the pixel at (`x1`, `y1`) of `image` looks like anti-aliasing,
    /// judged by its own neighbours and by sibling counts in both images.
    func antialiased(
        _ x1: Int, _ y1: Int, image: UnsafeBufferPointer<UInt32>, other: UnsafeBufferPointer<UInt32>
    ) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let centreIndex = y1 * width + x1
        let centre = image[centreIndex]
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        var darkest = 0.0
        var brightest = 0.0
        var darkestIndex = 0
        var brightestIndex = 0

        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                let index = y * width + x
                let delta = PixelColor.brightnessDelta(centre, image[index], byteOffset: centreIndex * 4)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < darkest {
                    darkest = delta
                    darkestIndex = index
                } else if delta > brightest {
                    brightest = delta
                    brightestIndex = index
                }
            }
        }
        if darkest == 0 || brightest == 0 { return false }
        return (hasManySiblings(darkestIndex, in: image) && hasManySiblings(darkestIndex, in: other))
            || (hasManySiblings(brightestIndex, in: image) && hasManySiblings(brightestIndex, in: other))
    }

    /// Whether the pixel at `index` has at least three identical neighbours
    /// (counting the image border as one).
    func hasManySiblings(_ index: Int, in image: UnsafeBufferPointer<UInt32>) -> Bool {
        let x1 = index % width
        let y1 = index / width
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let value = image[index]
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                if image[y * width + x] == value { zeroes += 1 }
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}

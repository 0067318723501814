import ImageDiff

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A PNG from disk, cut to its top `maxHeight` pixel rows.
enum RealRender {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func load(_ path: String, maxHeight: Int) throws -> RGBAImage {
        guard let file = fopen(path, "rb") else { throw Failure(description: "cannot open \(path)") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        let image = try PNGDecoder.decode(bytes)
        guard image.height > maxHeight else { return image }
        return RGBAImage(width: image.width, height: maxHeight, pixels: Array(image.pixels[0..<image.width * maxHeight * 4]))
    }
}

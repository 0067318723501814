import CPangoCairo

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Content digests of files (GLib's SHA-256), for recording which font files a render used.
public enum FileDigest {
    /// The lowercase hexadecimal SHA-256 of the file at `path`, or nil when it cannot be read.
    public static func sha256(path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else { return nil }
        defer { g_checksum_free(checksum) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            buffer.withUnsafeBufferPointer { g_checksum_update(checksum, $0.baseAddress, count) }
        }
        guard let text = g_checksum_get_string(checksum) else { return nil }
        return String(cString: text)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes output files so that the file at the path is always either the old one or the
/// complete new one: a temporary file in the same folder, flushed to disk, then renamed.
public enum OutputFile {
    /// Writes `bytes` to `path` atomically; on any failure the previous file is untouched and
    /// the temporary file removed.
    ///
    /// A symbolic link is followed: the file it points to is replaced, the link stays. An
    /// existing character device, pipe or socket (`/dev/stdout`, `/dev/full`) is written to
    /// directly, since it cannot be replaced; a folder is refused.
    public static func write(_ bytes: [UInt8], to given: String) throws(CellshotError) {
        var path = given
        var status = stat()
        if lstat(given, &status) == 0, status.st_mode & S_IFMT == S_IFLNK, let real = realpath(given, nil) {
            path = String(cString: real)
            free(real)
        }
        if stat(path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                throw .output(path: given, message: "it is a folder")
            case S_IFCHR, S_IFIFO, S_IFSOCK:
                return try writeToDevice(bytes, path: path, named: given)
            default:
                break
            }
        }
        do {
            try replace(path, with: bytes)
        } catch {
            guard case .output(_, let message) = error else { throw error }
            throw .output(path: given, message: message)
        }
    }

    /// Writes to an existing device or pipe, which has no previous contents to protect.
    static func writeToDevice(_ bytes: [UInt8], path: String, named given: String) throws(CellshotError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .output(path: given, message: errorText()) }
        do {
            try writeAll(bytes, to: descriptor, named: given)
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw .output(path: given, message: errorText()) }
    }

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, named path: String) throws(CellshotError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .output(path: path, message: errorText())
            }
            offset += written
        }
    }

    /// The temporary file, flush and rename.
    static func replace(_ path: String, with bytes: [UInt8]) throws(CellshotError) {
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array("\(folder.isEmpty ? "/" : folder)/.\(name).cellshot-XXXXXX".utf8CString)
        removeAbandonedTemporaries(folder: folder.isEmpty ? "/" : folder, name: name)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .output(path: path, message: errorText()) }
        // Held until the file is renamed or the process dies: tells a later writer it is alive.
        flock(descriptor, LOCK_EX)
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        func fail(_ message: String) -> CellshotError {
            close(descriptor)
            unlink(temporary)
            return .output(path: path, message: message)
        }
        // Fault-injection hook for the kill -9 test: small chunks with a pause between them widen
        // the window in which the file is half written, so that a kill lands in it.
        let slow = getenv("CELLSHOT_TEST_SLOW_WRITES") != nil
        var offset = 0
        while offset < bytes.count {
            let end = slow ? min(bytes.count, offset + 4096) : bytes.count
            let written = bytes[offset..<end].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw fail(errorText())
            }
            offset += written
            if slow { usleep(1_000) }
        }
        guard fsync(descriptor) == 0 else { throw fail(errorText()) }
        fchmod(descriptor, 0o644)
        guard close(descriptor) == 0 else {
            unlink(temporary)
            throw .output(path: path, message: errorText())
        }
        guard rename(temporary, path) == 0 else {
            let message = errorText()
            unlink(temporary)
            throw .output(path: path, message: message)
        }
    }

    /// Removes the temporary files (`.NAME.cellshot-XXXXXX`) that writers killed before their
    /// rename left beside `name`: those untouched for a minute that no live writer holds locked.
    static func removeAbandonedTemporaries(folder: String, name: String, olderThan seconds: Int = 60) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        let prefix = ".\(name).cellshot-"
        let now = time(nil)
        while let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard entryName.hasPrefix(prefix), entryName.utf8.count == prefix.utf8.count + 6 else { continue }
            let path = folder + "/" + entryName
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            #if canImport(Darwin)
                let modified = status.st_mtimespec.tv_sec
            #else
                let modified = status.st_mtim.tv_sec
            #endif
            guard now - modified > seconds else { continue }
            let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { unlink(path) }
            close(descriptor)
        }
    }

    /// Writes `bytes` to standard output.
    public static func writeToStandardOutput(_ bytes: [UInt8]) throws(CellshotError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { systemWrite(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .output(path: "standard output", message: errorText())
            }
            offset += written
        }
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

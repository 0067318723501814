import Graphics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written as a stream but published atomically: bytes go to a temporary file in the
/// same folder, which `commit()` flushes and renames over the path. Until then the path holds
/// its old file (or none); a file never committed is removed when this is released.
public final class AtomicFile: ByteSink {
    /// The path as given, for messages.
    public let path: String
    /// Where the file lands: `path`, or the file a symbolic link at `path` points to.
    private let target: String
    /// An existing device, pipe or socket at `target` is written to (not replaced) on commit.
    private let targetIsDevice: Bool
    private let temporary: String
    private var descriptor: Int32
    private var committed = false

    /// Opens a temporary file beside `path` (in the temporary folder when `path` is a device).
    ///
    /// A symbolic link is followed (the file it points to is replaced, the link stays); a folder
    /// is refused.
    public init(path: String) throws(CellshotError) {
        var target = path
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK, let real = realpath(path, nil) {
            target = String(cString: real)
            free(real)
        }
        var isDevice = false
        if stat(target, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFDIR: throw .output(path: path, message: "it is a folder")
            case S_IFCHR, S_IFIFO, S_IFSOCK: isDevice = true
            default: break
            }
        }
        let name = target.split(separator: "/").last.map(String.init) ?? target
        var folder = target.contains("/") ? String(target[..<target.lastIndex(of: "/")!]) : "."
        if isDevice {
            folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        }
        if folder.isEmpty { folder = "/" }
        var template = Array("\(folder)/.\(name).cellshot-XXXXXX".utf8CString)
        OutputFile.removeAbandonedTemporaries(folder: folder, name: name)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .output(path: path, message: OutputFile.errorText()) }
        // Held until the file is renamed or the process dies: tells a later writer it is alive.
        flock(descriptor, LOCK_EX)
        self.path = path
        self.target = target
        self.targetIsDevice = isDevice
        self.descriptor = descriptor
        self.temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    deinit { discard() }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let written = rawWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw CellshotError.output(path: path, message: OutputFile.errorText())
            }
            offset += written
        }
    }

    public func overwrite(at position: Int, _ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let written = pwrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset, off_t(position + offset))
            if written < 0 {
                if errno == EINTR { continue }
                throw CellshotError.output(path: path, message: OutputFile.errorText())
            }
            offset += written
        }
    }

    /// Flushes the file to disk and renames it over the target (a device gets the bytes copied).
    public func commit() throws(CellshotError) {
        guard !committed, descriptor >= 0 else { return }
        if targetIsDevice {
            try copy(toDevice: target)
            discard()
            return
        }
        guard fsync(descriptor) == 0 else { throw .output(path: path, message: OutputFile.errorText()) }
        fchmod(descriptor, 0o644)
        let closed = close(descriptor)
        descriptor = -1
        guard closed == 0 else { throw .output(path: path, message: OutputFile.errorText()) }
        guard rename(temporary, target) == 0 else { throw .output(path: path, message: OutputFile.errorText()) }
        committed = true
    }

    /// Writes the finished file into an existing device or pipe (which has nothing to protect).
    private func copy(toDevice device: String) throws(CellshotError) {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw .output(path: path, message: OutputFile.errorText()) }
        let output = open(device, O_WRONLY | O_CLOEXEC)
        guard output >= 0 else { throw .output(path: path, message: OutputFile.errorText()) }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .output(path: path, message: OutputFile.errorText()) }
            if count == 0 { break }
            try OutputFile.writeAll(Array(buffer[0..<count]), to: output, named: path)
        }
    }

    /// Copies the finished file to standard output instead of renaming it, then removes it.
    public func copyToStandardOutput() throws(CellshotError) {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw .output(path: path, message: OutputFile.errorText()) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .output(path: path, message: OutputFile.errorText()) }
            if count == 0 { break }
            try OutputFile.writeToStandardOutput(Array(buffer[0..<count]))
        }
    }

    /// Removes the temporary file unless committed.
    public func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        if !committed {
            unlink(temporary)
            committed = true
        }
    }
}

private func rawWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

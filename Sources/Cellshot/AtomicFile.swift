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
    public let path: String
    private let temporary: String
    private var descriptor: Int32
    private var committed = false

    /// Opens a temporary file beside `path`.
    public init(path: String) throws(CellshotError) {
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array("\(folder.isEmpty ? "/" : folder)/.\(name).cellshot-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .output(path: path, message: OutputFile.errorText()) }
        self.path = path
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

    /// Flushes the file to disk and renames it over `path`.
    public func commit() throws(CellshotError) {
        guard !committed, descriptor >= 0 else { return }
        guard fsync(descriptor) == 0 else { throw .output(path: path, message: OutputFile.errorText()) }
        fchmod(descriptor, 0o644)
        let closed = close(descriptor)
        descriptor = -1
        guard closed == 0 else { throw .output(path: path, message: OutputFile.errorText()) }
        guard rename(temporary, path) == 0 else { throw .output(path: path, message: OutputFile.errorText()) }
        committed = true
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

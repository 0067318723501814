import Foundation
import ImageDiff
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Output that cannot be written: a clear error, a non-zero exit, and the previous file untouched.
extension HardeningCLITests {
    // MARK: output

    @Test func missingOutputFolder() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("rows.json")
        try Data("[\"a\"]".utf8).write(to: data)
        let target = folder.appendingPathComponent("missing/out.png").path
        let result = try CLI.run(["render", "--style", "label", "--data", data.path, "-o", target])
        #expect(result.status == 1)
        #expect(result.stderr == "error: cannot write \(target): No such file or directory\n")
    }

    @Test func outputThatIsAFolderIsRefused() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("rows.json")
        try Data("[\"a\"]".utf8).write(to: data)
        let result = try CLI.run(["render", "--style", "label", "--data", data.path, "-o", folder.path])
        #expect(result.status == 1)
        #expect(result.stderr == "error: cannot write \(folder.path): it is a folder\n")
    }

    /// A full disk through a symbolic link to /dev/full: the link is followed, the write fails
    /// with ENOSPC, the link stays.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"))) func fullDiskThroughDevFull() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("rows.json")
        try Data("[\"a\"]".utf8).write(to: data)
        let link = folder.appendingPathComponent("out.png").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/full")
        let result = try CLI.run(["render", "--style", "label", "--data", data.path, "-o", link])
        #expect(result.status == 1)
        #expect(result.stderr == "error: cannot write \(link): No space left on device\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "/dev/full")
    }

    /// A file-size limit (`ulimit -f`, SIGXFSZ ignored) makes the write fail like a full disk
    /// would, on any machine.
    @Test func fileSizeLimitLeavesThePreviousFile() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("rows.json")
        try JSONSerialization.data(withJSONObject: (1...60).map { "Row \($0): some words to fill the line" }).write(to: data)
        let output = folder.appendingPathComponent("out.png")
        try Self.previous.write(to: output)
        let result = try CLI.run(
            [
                "-c", "trap '' XFSZ; ulimit -f 16; exec \"$0\" \"$@\"", CLI.binary.path, "render", "--style", "label", "--data",
                data.path, "-o", output.path,
            ], executable: "/bin/sh")
        #expect(result.status == 1)
        #expect(result.stderr == "error: cannot write \(output.path): File too large\n")
        let untouched = try Data(contentsOf: output) == Self.previous
        #expect(untouched, "the output file changed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["out.png", "rows.json"])
    }

    /// A small tmpfs in a private mount namespace (`unshare -rm`): full, then read-only. The
    /// shell prints the output file and the folder's names after cellshot ran, since the mount
    /// disappears with the namespace.
    @Test(arguments: ["full", "read-only"]) func smallTmpfs(_ mode: String) throws {
        guard Self.canUnshare else {
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("unshare -rm is not permitted and CI is set") }
            print("skipping: unshare -rm is not permitted here (the /dev/full and ulimit tests still run)")
            return
        }
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("rows.json")
        try JSONSerialization.data(withJSONObject: (1...60).map { "Row \($0): some words to fill the line" }).write(to: data)
        let mountPoint = folder.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let readOnly = mode == "read-only" ? "mount -o remount,ro \"$1\" || exit 90;" : ""
        let script = """
            mount -t tmpfs -o size=64k tmpfs "$1" || exit 90; printf 'previous contents' > "$1/out.png"; \(readOnly)
            "$2" render --style label --data "$3" -o "$1/out.png"; status=$?; cat "$1/out.png"; echo; ls -A "$1"; exit $status
            """
        let result = try CLI.run(
            ["-rm", "sh", "-c", script, "sh", mountPoint.path, CLI.binary.path, data.path], executable: "/usr/bin/unshare")
        let expected = mode == "full" ? "No space left on device" : "Read-only file system"
        #expect(result.status == 1)
        #expect(result.stderr == "error: cannot write \(mountPoint.path)/out.png: \(expected)\n")
        #expect(String(decoding: result.stdout, as: UTF8.self) == "previous contents\nout.png\n")
    }

    static let canUnshare: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
        let result = try? CLI.run(["-rm", "true"], executable: "/usr/bin/unshare")
        return result?.status == 0
    }()
}

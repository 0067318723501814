import Graphics
import TableCompositor

/// Writes each page of a streamed render to its own file, atomically, named by `naming`.
public final class FilePages: PageOutput {
    /// The file path of page `index` (0-based) whose first row is `firstRow`.
    public typealias Naming = (_ index: Int, _ firstRow: Int?) -> String

    private let naming: Naming
    private var open: AtomicFile?
    public private(set) var paths: [String] = []
    /// When set, the single page goes to standard output instead of a file.
    private let toStandardOutput: Bool

    public init(naming: @escaping Naming) {
        self.naming = naming
        self.toStandardOutput = false
    }

    /// One image, written to standard output once complete (through a temporary file).
    public init(standardOutputVia temporaryFolder: String) {
        self.naming = { _, _ in temporaryFolder + "/stdout.png" }
        self.toStandardOutput = true
    }

    public func beginPage(_ index: Int, firstRow: Int?) throws -> any ByteSink {
        let file = try AtomicFile(path: naming(index, firstRow))
        open = file
        return file
    }

    public func endPage(_ index: Int, pixelHeight: Int) throws {
        guard let file = open else { return }
        if toStandardOutput {
            try file.copyToStandardOutput()
            file.discard()
        } else {
            try file.commit()
            paths.append(file.path)
        }
        open = nil
    }

    public func abandon() {
        open?.discard()
        open = nil
    }

    /// `table.png` → `table-001.png`: the page number before the extension, three digits at least.
    public static func pagedName(_ path: String, page: Int) -> String {
        let number = String(page + 1)
        let padded = String(repeating: "0", count: max(0, 3 - number.count)) + number
        let slash = path.lastIndex(of: "/")
        if let dot = path.lastIndex(of: "."), slash.map({ dot > $0 }) ?? true {
            return "\(path[..<dot])-\(padded)\(path[dot...])"
        }
        return "\(path)-\(padded)"
    }
}

/// Keeps every page of a streamed render in memory (for small tables and tests).
public final class MemoryPages: PageOutput {
    public private(set) var sinks: [MemorySink] = []

    public init() {}

    public func beginPage(_ index: Int, firstRow: Int?) throws -> any ByteSink {
        let sink = MemorySink()
        sinks.append(sink)
        return sink
    }

    public func endPage(_ index: Int, pixelHeight: Int) throws {}
    public func abandon() { sinks = [] }
}

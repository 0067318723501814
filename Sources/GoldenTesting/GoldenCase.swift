import Foundation

/// One golden case: a table file and, beside it, its expected PNG and its snapshot sidecar.
public struct GoldenCase: Sendable, Hashable {
    public var name: String
    public var folder: String
    /// The table file: `NAME.yaml`, `NAME.yml` or `NAME.json`.
    public var tablePath: String

    public var goldenPath: String { folder + "/" + name + ".png" }
    public var snapshotPath: String { folder + "/" + name + ".golden.json" }

    public init(name: String, folder: String, tablePath: String) {
        self.name = name
        self.folder = folder
        self.tablePath = tablePath
    }
}

/// Which part of the cases a run takes: shard `index` of `count` (1-based).
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public static let all = Shard(index: 1, count: 1)

    /// Parses `i/n` with 1 ≤ i ≤ n.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index)
        else { return nil }
        self.init(index: index, count: count)
    }

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// The cases of this shard: sorted by name, every `count`-th starting at `index`, so the
    /// shards are disjoint, cover every case, and do not depend on the file system's order.
    public func select(_ cases: [GoldenCase]) -> [GoldenCase] {
        cases.sorted { $0.name < $1.name }.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}

/// The cases of a goldens folder.
public enum GoldenFolder {
    /// Every table file directly in `folder` (not in its subfolders) is a case.
    ///
    /// Also returns the names of PNGs in the folder with no table file: goldens no case checks.
    public static func cases(in folder: String) throws(GoldenError) -> (cases: [GoldenCase], orphans: [String]) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw .folder(path: folder, message: "cannot list the goldens folder (\(error.localizedDescription))")
        }
        var cases: [GoldenCase] = []
        var seen = Set<String>()
        for file in names.sorted() where !file.hasPrefix(".") && !file.hasSuffix(".golden.json") {
            guard let dot = file.lastIndex(of: "."), ["yaml", "yml", "json"].contains(file[file.index(after: dot)...]) else {
                continue
            }
            let name = String(file[..<dot])
            guard seen.insert(name).inserted else {
                throw .folder(path: folder, message: "two table files for the case `\(name)`")
            }
            cases.append(GoldenCase(name: name, folder: folder, tablePath: folder + "/" + file))
        }
        let orphans = names.filter { $0.hasSuffix(".png") }.map { String($0.dropLast(4)) }.filter { !seen.contains($0) }
        return (cases, orphans.sorted())
    }
}

/// Why the golden machinery could not do what it was asked (not a failing comparison).
public enum GoldenError: Error, Sendable, CustomStringConvertible, Equatable {
    case folder(path: String, message: String)
    case refused(String)
    case render(name: String, message: String)
    case io(path: String, message: String)

    public var description: String {
        switch self {
        case .folder(let path, let message): "\(path): \(message)"
        case .refused(let message): message
        case .render(let name, let message): "\(name): \(message)"
        case .io(let path, let message): "\(path): \(message)"
        }
    }
}

import Foundation

/// A verify run over a goldens folder: the cases of a shard, verified, with reports written.
public struct GoldenRun: Sendable {
    public var folder: String
    public var verifier: GoldenVerifier
    public var shard: Shard
    /// Only these case names, when not empty.
    public var only: [String]

    public init(folder: String, verifier: GoldenVerifier, shard: Shard = .all, only: [String] = []) {
        self.folder = folder
        self.verifier = verifier
        self.shard = shard
        self.only = only
    }

    /// Verifies the shard's cases and writes the merged reports.
    ///
    /// Returns this run's results (orphan PNGs, goldens without a table file, fail too).
    public func run() throws(GoldenError) -> [CaseResult] {
        try Self.checkSeparate(artifacts: verifier.artifactsFolder, goldens: folder)
        let (all, orphans) = try GoldenFolder.cases(in: folder)
        let cases = try Self.select(all, only: only, folder: folder)
        var results = shard.select(cases).map { verifier.verify($0) }
        if only.isEmpty {
            // Orphans go to the first shard, so that merged shards report each once.
            results += (shard.index == 1 ? orphans : []).map { name in
                CaseResult(
                    name: name, status: .failed,
                    message: "\(name).png has no table file beside it (\(name).yaml), so nothing checks it", time: 0)
            }
        }
        try GoldenReport.write(results, shard: shard, to: verifier.artifactsFolder)
        return results
    }

    /// The cases named by `only` (all when empty); an unknown name is an error.
    public static func select(_ cases: [GoldenCase], only: [String], folder: String) throws(GoldenError) -> [GoldenCase] {
        guard !only.isEmpty else { return cases }
        for name in only where !cases.contains(where: { $0.name == name }) {
            throw .folder(path: folder, message: "no case named `\(name)` (cases: \(cases.map(\.name).joined(separator: ", ")))")
        }
        return cases.filter { only.contains($0.name) }
    }

    /// Artifacts never go into the goldens folder (nor the goldens into the artifacts).
    static func checkSeparate(artifacts: String, goldens: String) throws(GoldenError) {
        let a = URL(fileURLWithPath: artifacts).standardizedFileURL.resolvingSymlinksInPath().path
        let g = URL(fileURLWithPath: goldens).standardizedFileURL.resolvingSymlinksInPath().path
        if a == g || a.hasPrefix(g + "/") {
            throw .refused(
                "the artifacts folder \(artifacts) is inside the goldens folder \(goldens); choose another with --artifacts")
        }
    }
}

import CellCore
import Yams

/// Reads composed YAML nodes, recording every problem with its location instead of stopping at
/// the first, and bounding the work an alias bomb can cause.
final class NodeReader {
    let source: String
    private(set) var diagnostics: [StyleDiagnostic] = []
    /// Font families named by the style, checked against the font set once it is known.
    var familyUses: [(family: String, node: Node?, path: String)] = []
    private var budget: Int

    init(source: String, nodeBudget: Int = 100_000) {
        self.source = source
        self.budget = nodeBudget
    }

    /// The most diagnostics kept: aliases can repeat one bad mapping up to the node budget, and
    /// 100,000 "did you mean" hints took over 30 s (found by fuzzing).
    static let maxDiagnostics = 1_000

    /// Whether no more diagnostics are kept.
    var isSaturated: Bool { diagnostics.count >= Self.maxDiagnostics }

    func report(_ node: Node?, _ path: String, _ message: String) {
        guard !isSaturated else { return }
        if diagnostics.count == Self.maxDiagnostics - 1 {
            diagnostics.append(
                StyleDiagnostic(
                    source: source, line: node?.mark?.line, column: node?.mark?.column, path: path,
                    message: "over \(Self.maxDiagnostics) problems; the rest are not listed"))
            return
        }
        diagnostics.append(
            StyleDiagnostic(source: source, line: node?.mark?.line, column: node?.mark?.column, path: path, message: message))
    }

    /// Spends one unit of the visit budget; false (with one diagnostic) once it is exhausted.
    func spend(_ node: Node, _ path: String) -> Bool {
        budget -= 1
        if budget == 0 { report(node, path, "the style is too large or expands too many aliases (over 100,000 nodes)") }
        return budget > 0
    }

    /// The pairs of a mapping, reporting keys outside `allowed` (with the nearest valid key).
    func mapping(_ node: Node, _ path: String, allowed: [String]) -> [String: Node]? {
        guard spend(node, path) else { return nil }
        guard case .mapping(let mapping) = node else {
            report(
                node, path,
                "expected a mapping with keys \(allowed.map { "`\($0)`" }.joined(separator: ", ")), found \(describe(node))")
            return nil
        }
        var pairs: [String: Node] = [:]
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key else {
                report(key, path, "keys must be plain names")
                continue
            }
            let name = scalar.string
            guard allowed.contains(name) else {
                guard !isSaturated else { continue }
                let hint =
                    nearest(to: name, in: allowed).map { "; did you mean `\($0)`?" }
                    ?? "; expected one of \(allowed.joined(separator: ", "))"
                report(key, join(path, name), "unknown key `\(name)`\(hint)")
                continue
            }
            pairs[name] = value
        }
        return pairs
    }

    func string(_ node: Node, _ path: String) -> String? {
        guard spend(node, path) else { return nil }
        guard case .scalar(let scalar) = node else {
            report(node, path, "expected a text, found \(describe(node))")
            return nil
        }
        return scalar.string
    }

    func number(_ node: Node, _ path: String, range: ClosedRange<Double>) -> Double? {
        guard let text = string(node, path) else { return nil }
        guard let value = Double(text), value.isFinite else {
            report(node, path, "expected a number, found `\(text)`")
            return nil
        }
        guard range.contains(value) else {
            report(
                node, path,
                "\(formatPoints(value)) is out of range; expected \(formatPoints(range.lowerBound)) to \(formatPoints(range.upperBound))"
            )
            return nil
        }
        return value
    }

    func integer(_ node: Node, _ path: String, range: ClosedRange<Int>) -> Int? {
        guard let text = string(node, path) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            report(node, path, "expected a whole number from \(range.lowerBound) to \(range.upperBound), found `\(text)`")
            return nil
        }
        return value
    }

    func bool(_ node: Node, _ path: String) -> Bool? {
        guard let text = string(node, path) else { return nil }
        switch text {
        case "true", "yes": return true
        case "false", "no": return false
        default:
            report(node, path, "expected true or false, found `\(text)`")
            return nil
        }
    }

    /// A value from a fixed set of names, suggesting the nearest on a typo.
    func choice<T>(_ node: Node, _ path: String, _ options: [(String, T)]) -> T? {
        guard let text = string(node, path) else { return nil }
        if let match = options.first(where: { $0.0 == text }) { return match.1 }
        let names = options.map(\.0)
        let hint =
            nearest(to: text, in: names).map { "; did you mean `\($0)`?" } ?? "; expected one of \(names.joined(separator: ", "))"
        report(node, path, "unknown value `\(text)`\(hint)")
        return nil
    }

    func sequence(_ node: Node, _ path: String) -> [Node]? {
        guard spend(node, path) else { return nil }
        guard case .sequence(let sequence) = node else {
            report(node, path, "expected a list, found \(describe(node))")
            return nil
        }
        return Array(sequence)
    }

    func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): "`\(scalar.string)`"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }
}

func join(_ path: String, _ key: String) -> String {
    path.isEmpty ? key : path + "." + key
}

/// "Did you mean" suggestions for names a person typed: keys, tokens, styles, fields.
public enum NameSuggestion {
    /// The candidate closest to `name` by edit distance (case-insensitive), when it is close
    /// enough to be a likely typo: within `tolerance` edits (default: 2, or a third of the name).
    public static func nearest(to name: String, in candidates: [String], tolerance: Int? = nil) -> String? {
        let scored = candidates.map { ($0, editDistance(name.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }) else { return nil }
        return best.1 <= (tolerance ?? max(2, name.count / 3)) ? best.0 : nil
    }

    /// The Levenshtein distance between `a` and `b`, by characters.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

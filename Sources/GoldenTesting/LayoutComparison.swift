import CellCore

/// A row whose layout or pixels changed between the golden and a fresh render.
public struct RowChange: Codable, Sendable, Equatable {
    public var row: Int
    /// Phrases like "height 64 → 86", "body wrapped 2 → 3 lines".
    public var details: [String]
    /// The row's band in the expected and actual images, in device pixels (y, height); nil when absent.
    public var expectedBand: [Int]?
    public var actualBand: [Int]?

    /// "row 17: height 64 → 86; body wrapped 2 → 3 lines".
    public var summary: String { "row \(row): " + details.joined(separator: "; ") }
}

/// Compares two layout snapshots row by row and element by element.
enum LayoutComparison {
    static func changes(expected: GoldenSnapshot, actual: GoldenSnapshot) -> [RowChange] {
        let old = Dictionary(expected.rows.map { ($0.row, $0) }, uniquingKeysWith: { a, _ in a })
        let new = Dictionary(actual.rows.map { ($0.row, $0) }, uniquingKeysWith: { a, _ in a })
        var result: [RowChange] = []
        for number in Set(old.keys).union(new.keys).sorted() {
            let before = old[number]
            let after = new[number]
            var details: [String] = []
            switch (before, after) {
            case (nil, _): details.append("added")
            case (_, nil): details.append("removed")
            case (let before?, let after?): details = rowDetails(before, after)
            }
            guard !details.isEmpty else { continue }
            result.append(
                RowChange(
                    row: number, details: details, expectedBand: before.map { band($0, scale: expected.image.scale) },
                    actualBand: after.map { band($0, scale: actual.image.scale) }))
        }
        return result
    }

    /// The row's pixel band: its top and its height rounded up to device pixels.
    static func band(_ row: GoldenSnapshot.RowSnapshot, scale: Int) -> [Int] {
        [Int((row.y * Double(scale)).rounded()), PixelGrid.pixels(row.height, scale: scale)]
    }

    static func rowDetails(_ before: GoldenSnapshot.RowSnapshot, _ after: GoldenSnapshot.RowSnapshot) -> [String] {
        var details: [String] = []
        if before.height != after.height { details.append("height \(points(before.height)) → \(points(after.height))") }
        let old = Dictionary(before.elements.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let new = Dictionary(after.elements.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        for element in before.elements {
            guard let now = new[element.path] else {
                details.append("\(element.name) removed")
                continue
            }
            details += elementDetails(element, now, before: before, after: after)
        }
        for element in after.elements where old[element.path] == nil { details.append("\(element.name) added") }
        return details
    }

    static func elementDetails(
        _ old: GoldenSnapshot.ElementSnapshot, _ new: GoldenSnapshot.ElementSnapshot, before: GoldenSnapshot.RowSnapshot,
        after: GoldenSnapshot.RowSnapshot
    ) -> [String] {
        // Containers move whenever their content does; only leaves (and the cell) are worth naming.
        guard ["text", "badge", "avatar", "image", "divider", "cellAccessory"].contains(old.kind) else { return [] }
        var details: [String] = []
        if let was = old.lines, let now = new.lines, was != now {
            details.append("\(old.name) \(now > was ? "wrapped" : "unwrapped") \(was) → \(now) lines")
        }
        let (o, n) = (old.rect, new.rect)
        // An element as tall as its row (an accessory column) only follows the row's height.
        let followsRow = o.count == 4 && n.count == 4 && o[3] == before.height && n[3] == after.height && o[0...1] == n[0...1]
        if o.count == 4, n.count == 4, o != n, !followsRow {
            if let relation = relocation(old, new, before: before, after: after) {
                details.append("\(old.name) moved from \(relation)")
            } else if o[0] != n[0] || o[1] != n[1] {
                details.append("\(old.name) moved (\(points(o[0])), \(points(o[1]))) → (\(points(n[0])), \(points(n[1])))")
            }
            if o[2] != n[2] || o[3] != n[3], old.lines == new.lines || old.kind != "text" {
                details.append("\(old.name) resized \(points(o[2]))×\(points(o[3])) → \(points(n[2]))×\(points(n[3]))")
            }
        }
        return details
    }

    /// "last line of body to below it" when an element beside a text's last line now sits under it.
    static func relocation(
        _ old: GoldenSnapshot.ElementSnapshot, _ new: GoldenSnapshot.ElementSnapshot, before: GoldenSnapshot.RowSnapshot,
        after: GoldenSnapshot.RowSnapshot
    ) -> String? {
        guard old.kind != "text" else { return nil }
        for text in before.elements where text.kind == "text" && text.path != old.path {
            guard let moved = after.elements.first(where: { $0.path == text.path }) else { continue }
            let (a, b, t, m) = (old.rect, new.rect, text.rect, moved.rect)
            guard a.count == 4, b.count == 4, t.count == 4, m.count == 4 else { continue }
            let besideBefore = a[1] < t[1] + t[3] && a[1] + a[3] > t[1]
            let belowAfter = b[1] >= m[1] + m[3] - 0.001
            let belowBefore = a[1] >= t[1] + t[3] - 0.001
            let besideAfter = b[1] < m[1] + m[3] && b[1] + b[3] > m[1]
            if besideBefore, belowAfter { return "the last line of \(text.name) to below it" }
            if belowBefore, besideAfter { return "below \(text.name) into its last line" }
        }
        return nil
    }

    static func points(_ value: Double) -> String { formatPoints(value) }
}

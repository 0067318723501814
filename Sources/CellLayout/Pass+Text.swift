import CellCore

extension Pass {
    /// The bound text of slot `slot` made ready for measuring: repaired when the policy says
    /// so, cut at the limits, and with its control characters reported.
    ///
    /// Markup cannot be cut safely (a cut could fall inside a tag), so markup over a limit is
    /// an error naming the row and slot rather than a silent change.
    func prepare(_ value: String, slot: String, markup: Bool = false) throws(LayoutError) -> String {
        var text = value
        if engine.textPolicy.repairCP1252 {
            let (repaired, count) = CP1252Repair.repair(text)
            if count > 0 {
                text = repaired
                log.record(TextDiagnostic(row: row.number, slot: slot, problem: .repairedCP1252(count: count)))
            }
        }
        let (limited, cuts) = engine.textPolicy.limits.apply(text)
        if markup, let cut = cuts.first {
            throw .measurement(
                row: row.number,
                message: "element `\(slot)`: markup over a limit, it would be \(cut); markup cannot be cut safely")
        }
        for cut in cuts {
            log.record(TextDiagnostic(row: row.number, slot: slot, problem: .cut(cut)))
        }
        for (scalar, count) in Self.occurrences(in: limited, where: \.isReportedControl) {
            log.record(
                TextDiagnostic(row: row.number, slot: slot, problem: .controlCharacter(scalar), occurrences: count))
        }
        return limited
    }

    /// Measures `request` for slot `slot`: reports the glyphs no pinned font has, and keeps the
    /// laid-out text within `TextLimits.maximumExtent` (Pango's sizes wrap around silently past
    /// about 2,097,151 points).
    func measure(_ request: TextRequest, width: Double?, slot: String) throws(LayoutError) -> MeasuredText {
        guard !request.text.isEmpty else { return MeasuredText(size: .zero, lines: [], prepared: nil) }
        let limit = engine.textPolicy.limits.maximumExtent
        var request = request
        // The table's locale is the text's language: Pango picks glyph variants (Japanese or
        // Chinese forms of a CJK character) and line-break rules by it.
        request.language = engine.style.environment.locale
        var width = width.map { min(max(0, $0), limit) }
        var measured = try measureOnce(request, width: width, slot: slot)
        if !(measured.size.width <= limit) || measured.size.width < 0 {
            width = limit
            measured = try measureOnce(request, width: width, slot: slot)
        }
        if !(measured.size.height <= limit) || measured.size.height < 0 {
            let fitting = measured.lines.prefix { $0.frame.y >= 0 && $0.frame.maxY <= limit }.count
            request.maxLines = max(1, request.maxLines == 0 ? fitting : min(request.maxLines, fitting))
            measured = try measureOnce(request, width: width, slot: slot)
            log.record(
                TextDiagnostic(
                    row: row.number, slot: slot, problem: .cut(.extent(limit: limit, keptLines: measured.lineCount))))
        }
        let missing = Set(measured.missingGlyphs.filter { !$0.isReportedControl })
        if !missing.isEmpty {
            for (scalar, count) in Self.occurrences(in: request.text, where: missing.contains) {
                log.record(TextDiagnostic(row: row.number, slot: slot, problem: .missingGlyph(scalar), occurrences: count))
            }
        }
        return measured
    }

    private func measureOnce(_ request: TextRequest, width: Double?, slot: String) throws(LayoutError) -> MeasuredText {
        do {
            return try engine.measurer.measure(request, width: width)
        } catch {
            throw .measurement(row: row.number, message: "element `\(slot)`: \(error)")
        }
    }

    /// The scalars of `text` that satisfy `include`, each once in text order, with their counts.
    static func occurrences(in text: String, where include: (Unicode.Scalar) -> Bool) -> [(Unicode.Scalar, Int)] {
        var order: [Unicode.Scalar] = []
        var counts: [Unicode.Scalar: Int] = [:]
        for scalar in text.unicodeScalars where include(scalar) {
            if counts[scalar] == nil { order.append(scalar) }
            counts[scalar, default: 0] += 1
        }
        return order.map { ($0, counts[$0]!) }
    }
}

import CPangoCairo

/// Pieces of pairwise characters (`PairwiseGlyphs`), summed instead of shaped.
extension ShapingSession {
    /// A piece of pairwise characters (`PairwiseGlyphs`) of two or more characters: the sum of
    /// its characters' advances and of the kerning of each adjacent pair, each shaped once per
    /// session and analysis (one or two characters, by `shapeDirectly`). Equal to shaping the
    /// piece whole, by the analysis of the font's lookups; nil when the piece has another
    /// character or the analysis cannot be shaped directly.
    func shapePairwise(_ bytes: UnsafeBufferPointer<UInt8>, analysisID: Int32, analysis: PangoAnalysis) -> PieceShape? {
        guard bytes.count >= 2, analysis.level == 0, analysis.extra_attrs == nil else { return nil }
        let table = pairwiseTable(analysisID, analysis: analysis)
        if table.extents == nil, let font = analysis.font { table.extents = fontExtents[UInt(bitPattern: font)] }
        guard let extents = table.extents, table.glyphs.covers(bytes) else { return nil }
        let advances = table.advances
        let kerning = table.kerning
        var width: Int32 = 0
        var previous = -1
        for byte in bytes {
            let index = Int(byte) - 0x20
            var advance = advances[index]
            if advance == PairwiseTable.unknown {
                guard let shaped = self.advance(byte, table: table, analysis: analysis) else { return nil }
                advance = shaped
            }
            width += advance
            if previous >= 0 {
                var pair = kerning[previous * 95 + index]
                if pair == PairwiseTable.unknown {
                    guard let shaped = self.kerning(UInt8(previous + 0x20), byte, table: table, analysis: analysis) else {
                        return nil
                    }
                    pair = shaped
                }
                width += pair
            }
            previous = index
        }
        let last = bytes.last == 0x20 ? advances[0] : 0
        return PieceShape(width: width, lastCharacterWidth: last, top: extents.top, bottom: extents.bottom)
    }

    /// The pairwise characters of an analysis and the advances and kerning learnt so far.
    private func pairwiseTable(_ analysisID: Int32, analysis: PangoAnalysis) -> PairwiseTable {
        while pairwiseTables.count <= Int(analysisID) { pairwiseTables.append(nil) }
        if let known = pairwiseTables[Int(analysisID)] { return known }
        var glyphs = PairwiseGlyphs.none
        if let font = analysis.font, let hbFont = pango_font_get_hb_font(font) {
            let iso = g_unicode_script_to_iso15924(GUnicodeScript(rawValue: numericCast(analysis.script)))
            glyphs = PairwiseGlyphs.of(
                font: hbFont, script: hb_script_t(rawValue: numericCast(iso)),
                language: hb_language_from_string(pango_language_to_string(analysis.language), -1))
        }
        let table = PairwiseTable(glyphs: glyphs, sharedAnalysis: shared == nil ? nil : sharedAnalyses[Int(analysisID)])
        pairwiseTables[Int(analysisID)] = table
        return table
    }

    private func advance(_ byte: UInt8, table: PairwiseTable, analysis: PangoAnalysis) -> Int32? {
        let index = Int(byte - 0x20)
        if table.advances[index] != PairwiseTable.unknown { return table.advances[index] }
        let key = table.sharedKey(byte, 0xFF)
        if let key, let known = shared?.pairwiseValue(key) {
            table.advances[index] = known
            return known
        }
        guard let shape = shapeDirectly(pair: [byte], analysis: analysis) else { return nil }
        table.advances[index] = shape.width
        if let key { shared?.setPairwiseValue(key, shape.width) }
        return shape.width
    }

    private func kerning(_ left: UInt8, _ right: UInt8, table: PairwiseTable, analysis: PangoAnalysis) -> Int32? {
        let index = Int(left - 0x20) * 95 + Int(right - 0x20)
        if table.kerning[index] != PairwiseTable.unknown { return table.kerning[index] }
        let key = table.sharedKey(left, right)
        if let key, let known = shared?.pairwiseValue(key) {
            table.kerning[index] = known
            return known
        }
        guard let together = shapeDirectly(pair: [left, right], analysis: analysis),
            let first = advance(left, table: table, analysis: analysis),
            let second = advance(right, table: table, analysis: analysis)
        else { return nil }
        table.kerning[index] = together.width - first - second
        if let key { shared?.setPairwiseValue(key, together.width - first - second) }
        return table.kerning[index]
    }

    /// One or two characters shaped by `shapeDirectly` after a space (the context pieces have).
    private func shapeDirectly(pair bytes: [UInt8], analysis: PangoAnalysis) -> PieceShape? {
        shapedCount += 1
        scratch.removeAll(keepingCapacity: true)
        scratch.append(0x20)
        scratch.append(contentsOf: bytes)
        scratch.append(0)
        return bytes.withUnsafeBufferPointer { shapeDirectly($0, analysis: analysis, skip: 1) }
    }

    /// Whether pieces of pairwise characters are summed from their characters and pairs (tests
    /// turn it off to compare with shaping each piece whole).
    nonisolated(unsafe) static var pairwiseShapingEnabled = true
}

/// One analysis's pairwise characters, with the advances and kerning values shaped so far
/// (`unknown` until then), indexed from the space (0x20).
final class PairwiseTable {
    static let unknown = Int32.min
    let glyphs: PairwiseGlyphs
    /// The analysis's number among the engine's sessions (`SharedShapes`), if shared.
    let sharedAnalysis: Int32?
    /// The font's logical top and bottom, once a piece in it was shaped through Pango.
    var extents: (top: Int32, bottom: Int32)?
    /// Plain memory, read on every piece: no exclusivity check or copy on write per read.
    let advances = UnsafeMutablePointer<Int32>.allocate(capacity: 95)
    let kerning = UnsafeMutablePointer<Int32>.allocate(capacity: 95 * 95)

    init(glyphs: PairwiseGlyphs, sharedAnalysis: Int32?) {
        self.glyphs = glyphs
        self.sharedAnalysis = sharedAnalysis
        advances.initialize(repeating: Self.unknown, count: 95)
        kerning.initialize(repeating: Self.unknown, count: 95 * 95)
    }

    deinit {
        advances.deallocate()
        kerning.deallocate()
    }

    /// The key of a character's advance (`right` 0xFF) or a pair's kerning in `SharedShapes`.
    func sharedKey(_ left: UInt8, _ right: UInt8) -> UInt64? {
        sharedAnalysis.map { UInt64(UInt32(bitPattern: $0)) << 16 | UInt64(left) << 8 | UInt64(right) }
    }
}

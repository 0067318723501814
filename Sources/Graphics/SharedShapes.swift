import CPangoCairo

/// Shaped pieces and joins shared by the shaping sessions of one engine, so that parallel
/// preparation shapes a word once rather than once per thread (two threads shaped a third more
/// pieces than one when each kept its own cache).
///
/// A session's cache keys name an analysis by a number of its own, tied to its thread's font
/// objects; here an analysis is named by its font's description (family, style, weight, size,
/// variations) and the rest of the analysis, so a key means the same glyphs on every thread.
/// Only short pieces and joins are shared (`ShortKey`, `ShortJoinKey`): nearly all of them.
/// A shape depends only on its key, so which thread shaped it never changes a preparation.
final class SharedShapes: @unchecked Sendable {
    private let lock = Mutex()
    private var analyses: [SharedAnalysisKey: Int32] = [:]
    private var pieces = WordTable<PieceShape>()
    private var joins = WordTable<Int32>()
    /// Pairwise advances and kerning (`ShapingSession.shapePairwise`), by shared analysis
    /// number and the one or two characters.
    private var pairwise: [UInt64: Int32] = [:]

    /// The shared number of `analysis`.
    func analysisID(_ analysis: PangoAnalysis) -> Int32 {
        var font = ""
        if let pangoFont = analysis.font, let description = pango_font_describe_with_absolute_size(pangoFont) {
            if let text = pango_font_description_to_string(description) {
                font = String(cString: text)
                g_free(text)
            }
            pango_font_description_free(description)
        }
        let key = SharedAnalysisKey(
            font: font, language: UInt(bitPattern: analysis.language), script: analysis.script, level: analysis.level,
            gravity: analysis.gravity, flags: analysis.flags)
        return lock.withLock {
            if let known = analyses[key] { return known }
            let id = Int32(analyses.count)
            analyses[key] = id
            return id
        }
    }

    func piece(_ key: (UInt64, UInt64, UInt64)) -> PieceShape? { lock.withLock { pieces[key] } }

    func setPiece(_ key: (UInt64, UInt64, UInt64), _ shape: PieceShape) { lock.withLock { pieces[key] = shape } }

    func join(_ key: (UInt64, UInt64, UInt64)) -> Int32? { lock.withLock { joins[key] } }

    func setJoin(_ key: (UInt64, UInt64, UInt64), _ width: Int32) { lock.withLock { joins[key] = width } }

    func pairwiseValue(_ key: UInt64) -> Int32? { lock.withLock { pairwise[key] } }

    func setPairwiseValue(_ key: UInt64, _ value: Int32) { lock.withLock { pairwise[key] = value } }
}

private struct SharedAnalysisKey: Hashable {
    var font: String
    var language: UInt
    var script: UInt8
    var level: UInt8
    var gravity: UInt8
    var flags: UInt8
}

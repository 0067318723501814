import CPangoCairo
import CellCore

/// One thread's Pango context for preparing texts, with the shaped widths it has already paid for.
///
/// The context is configured exactly as `TextEngine`'s (no hinting, metrics off, glyph positions
/// not rounded, resolution 72), so a piece shaped here has the widths Pango's own layout gives it.
/// A session MUST be used from one thread at a time; parallel preparation makes one per worker.
final class ShapingSession {
    private let fonts: FontLibrary
    /// Shaping settings met so far (font, script, language, level), by their number in `pieces` keys.
    private var analyses: [AnalysisKey: Int32] = [:]
    private var retainedFonts: [UnsafeMutablePointer<PangoFont>] = []
    /// Per analysis number: the baselines its runs are aligned by.
    private(set) var baselines: [RunBaselines] = []
    private var pieces: [PieceKey: PieceShape] = [:]
    private var joins: [JoinKey: Int32] = [:]
    private var shortPieces = WordTable<PieceShape>()
    private var shortJoins = WordTable<Int32>()
    private var emptyLines: [FontSpec: PieceShape] = [:]
    /// Which characters the fonts met so far draw.
    let coverage = GlyphCoverage()
    /// The analysis of a printable-ASCII paragraph per font and script (see `itemize`).
    var asciiAnalyses: [AsciiKey: PangoAnalysis] = [:]
    private let glyphs: UnsafeMutablePointer<PangoGlyphString>
    /// The bytes being shaped, with their context (here and in ShapingSession+Pairwise.swift).
    var scratch: [UInt8] = []
    private let hbBuffer: OpaquePointer
    /// The logical top and bottom of a line of each font's glyphs, by font address.
    var fontExtents: [UInt: (top: Int32, bottom: Int32)] = [:]
    /// Per analysis number: its pairwise characters, advances and kerning (nil until needed).
    var pairwiseTables: [PairwiseTable?] = []
    /// How many pieces were shaped (cache misses), for the benchmark's account.
    var shapedCount = 0

    /// Pieces and joins shaped by this session's siblings (one engine's sessions), if any.
    let shared: SharedShapes?
    /// Per analysis number of this session: its number in `shared`.
    private(set) var sharedAnalyses: [Int32] = []

    init(fonts: FontLibrary, shared: SharedShapes? = nil) throws(GraphicsError) {
        self.shared = shared
        guard let glyphs = pango_glyph_string_new() else { throw .pango("could not allocate a glyph string") }
        guard let hbBuffer = hb_buffer_create(), hb_buffer_allocation_successful(hbBuffer) != 0 else {
            pango_glyph_string_free(glyphs)
            throw .pango("could not allocate a HarfBuzz buffer")
        }
        self.fonts = fonts
        self.glyphs = glyphs
        self.hbBuffer = hbBuffer
    }

    deinit {
        hb_buffer_destroy(hbBuffer)
        pango_glyph_string_free(glyphs)
        for font in retainedFonts { g_object_unref(font) }
    }

    /// The calling thread's Pango context (see `ThreadContext`).
    var context: OpaquePointer {
        get throws(GraphicsError) { try ThreadContext.current(fonts).context }
    }

    /// Makes `spec` the font every later itemization starts from (as a layout's font description).
    func use(_ spec: FontSpec) throws(GraphicsError) {
        let thread = try ThreadContext.current(fonts)
        guard spec != thread.fontSpec else { return }
        let context = thread.context
        let description = pango_font_description_new()
        pango_font_description_set_family(description, spec.family)
        pango_font_description_set_absolute_size(description, spec.size * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, PangoWeight(UInt32(spec.weight.rawValue)))
        pango_font_description_set_style(description, spec.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_context_set_font_description(context, description)
        pango_font_description_free(description)
        thread.fontSpec = spec
    }

    /// The number under which `analysis`'s shaping settings are cached; keeps the font alive so
    /// its address is never reused for another font while the session lives.
    func analysisID(_ analysis: PangoAnalysis) -> Int32 {
        let key = AnalysisKey(
            font: UInt(bitPattern: analysis.font), language: UInt(bitPattern: analysis.language),
            script: analysis.script, level: analysis.level, gravity: analysis.gravity, flags: analysis.flags)
        if let id = analyses[key] { return id }
        let id = Int32(analyses.count)
        analyses[key] = id
        if let font = analysis.font {
            g_object_ref(font)
            retainedFonts.append(font)
        }
        baselines.append(RunBaselines(analysis))
        sharedAnalyses.append(shared?.analysisID(analysis) ?? id)
        return id
    }

    /// The shaped width and vertical extents of `bytes` (one piece of one item), shaped once per
    /// session, analysis and context: at the start of the text (where HarfBuzz may insert a dotted
    /// circle before a mark) or after other text, and with or without the hyphen Pango adds at a
    /// break that asks for one.
    func shape(
        _ bytes: UnsafeBufferPointer<UInt8>, analysisID: Int32, analysis: inout PangoAnalysis, startsText: Bool = false,
        hyphen: Bool = false
    ) -> PieceShape {
        // Pairwise pieces are summed every time: cheaper than a cache lookup, and not kept.
        if !hyphen, Self.directShapingEnabled, Self.pairwiseShapingEnabled,
            let sum = shapePairwise(bytes, analysisID: analysisID, analysis: analysis)
        {
            return sum
        }
        let flags: UInt8 = (startsText ? 1 : 0) | (hyphen ? 2 : 0)
        if let key = ShortKey(analysis: analysisID, flags: flags, bytes) {
            if let known = shortPieces[key.words] { return known }
            let sharedKey =
                shared == nil ? nil : ShortKey(analysis: sharedAnalyses[Int(analysisID)], flags: flags, bytes)?.words
            if let sharedKey, let known = shared?.piece(sharedKey) {
                shortPieces[key.words] = known
                return known
            }
            let shape = shapeUncached(bytes, analysisID: analysisID, analysis: &analysis, startsText: startsText, hyphen: hyphen)
            shortPieces[key.words] = shape
            if let sharedKey { shared?.setPiece(sharedKey, shape) }
            return shape
        }
        let key = PieceKey(analysis: analysisID, flags: flags, bytes: Array(bytes))
        if let known = pieces[key] { return known }
        let shape = shapeUncached(bytes, analysisID: analysisID, analysis: &analysis, startsText: startsText, hyphen: hyphen)
        pieces[key] = shape
        return shape
    }

    /// The width Pango adds (kerning, a contextual form) when `left` and `right` are shaped
    /// together rather than apart.
    func join(
        _ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>, analysisID: Int32,
        analysis: inout PangoAnalysis
    ) -> Int32 {
        let short = ShortJoinKey(analysis: analysisID, left, right)
        if let short, let known = shortJoins[short.words] { return known }
        // The same two graphemes under the analysis's shared number (short exactly when `short` is).
        let sharedKey =
            shared == nil ? nil : ShortJoinKey(analysis: sharedAnalyses[Int(analysisID)], left, right)?.words
        if let short, let sharedKey, let known = shared?.join(sharedKey) {
            shortJoins[short.words] = known
            return known
        }
        let key = JoinKey(analysis: analysisID, left: Array(left), right: Array(right))
        if short == nil, let known = joins[key] { return known }
        let both = key.left + key.right
        let together = both.withUnsafeBufferPointer {
            shapeUncached($0, analysisID: analysisID, analysis: &analysis, startsText: false, hyphen: false).width
        }
        let apart =
            key.left.withUnsafeBufferPointer { shape($0, analysisID: analysisID, analysis: &analysis).width }
            + key.right.withUnsafeBufferPointer { shape($0, analysisID: analysisID, analysis: &analysis).width }
        if let short {
            shortJoins[short.words] = together - apart
            if let sharedKey { shared?.setJoin(sharedKey, together - apart) }
        } else {
            joins[key] = together - apart
        }
        return together - apart
    }

    /// Shapes part of an item as Pango's line breaker does (`pango_shape_item`, which appends a
    /// hyphen when the analysis asks for one), in the context of the whole text.
    func shapeItem(
        _ item: inout PangoItem, text: UnsafeBufferPointer<UInt8>, attributes: UnsafeMutablePointer<PangoLogAttr>
    ) -> PieceShape {
        shapedCount += 1
        let base = UnsafeRawPointer(text.baseAddress!).assumingMemoryBound(to: CChar.self)
        pango_shape_item(&item, base, Int32(text.count - 1), attributes, glyphs, PANGO_SHAPE_NONE)
        return readShape(text: base + Int(item.offset), length: item.length, analysis: item.analysis)
    }

    /// The logical width of each character of part of an item, shaped as `shapeItem` does.
    func characterWidths(
        _ item: inout PangoItem, text: UnsafeBufferPointer<UInt8>, attributes: UnsafeMutablePointer<PangoLogAttr>
    ) -> [Int32] {
        shapedCount += 1
        let base = UnsafeRawPointer(text.baseAddress!).assumingMemoryBound(to: CChar.self)
        pango_shape_item(&item, base, Int32(text.count - 1), attributes, glyphs, PANGO_SHAPE_NONE)
        var widths = [Int32](repeating: 0, count: Int(item.num_chars))
        pango_glyph_string_get_logical_widths(
            glyphs, base + Int(item.offset), item.length, Int32(item.analysis.level), &widths)
        return widths
    }

    private func shapeUncached(
        _ bytes: UnsafeBufferPointer<UInt8>, analysisID: Int32, analysis: inout PangoAnalysis, startsText: Bool, hyphen: Bool
    ) -> PieceShape {
        if !hyphen, Self.directShapingEnabled, Self.pairwiseShapingEnabled,
            let sum = shapePairwise(bytes, analysisID: analysisID, analysis: analysis)
        {
            return sum
        }
        shapedCount += 1
        var shaping = analysis
        if hyphen { shaping.flags |= UInt8(PANGO_ANALYSIS_FLAG_NEED_HYPHEN) }
        // Pango shapes a run inside its paragraph: only at the very start of the text does
        // HarfBuzz see the beginning of text. A space before the piece stands for that context.
        scratch.removeAll(keepingCapacity: true)
        if !startsText { scratch.append(0x20) }
        scratch.append(contentsOf: bytes)
        scratch.append(0)
        let skip = startsText ? 0 : 1
        if !hyphen, Self.directShapingEnabled, let direct = shapeDirectly(bytes, analysis: analysis, skip: skip) {
            return direct
        }
        let shape = scratch.withUnsafeBufferPointer { buffer in
            let whole = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            let length = Int32(bytes.count)
            pango_shape_with_flags(whole + skip, length, whole, length + Int32(skip), &shaping, glyphs, PANGO_SHAPE_NONE)
            return readShape(text: whole + skip, length: length, analysis: shaping)
        }
        if !hyphen, let font = analysis.font, glyphs.pointee.num_glyphs > 0 {
            fontExtents[UInt(bitPattern: font)] = (shape.top, shape.bottom)
        }
        return shape
    }

    /// Whether printable-ASCII pieces are shaped by HarfBuzz directly (tests turn it off to
    /// compare with Pango's own shaping).
    nonisolated(unsafe) static var directShapingEnabled = true

    /// Shapes a printable-ASCII piece with HarfBuzz exactly as `pango_hb_shape` does (same
    /// buffer settings, the font's own `hb_font`, no features), skipping Pango's per-call
    /// wrapper font. Every character has a glyph in the font (the itemizer chose it), none is
    /// invisible or unknown, so Pango's wrapper would answer as the font does. The vertical
    /// extents are the font's, learnt from a piece Pango shaped before; nil until then.
    func shapeDirectly(_ bytes: UnsafeBufferPointer<UInt8>, analysis: PangoAnalysis, skip: Int) -> PieceShape? {
        guard let font = analysis.font, let extents = fontExtents[UInt(bitPattern: font)], analysis.level == 0,
            analysis.extra_attrs == nil, bytes.allSatisfy({ $0 >= 0x20 && $0 <= 0x7E }), let hbFont = pango_font_get_hb_font(font)
        else { return nil }
        hb_buffer_reset(hbBuffer)
        hb_buffer_set_direction(hbBuffer, HB_DIRECTION_LTR)
        let iso = g_unicode_script_to_iso15924(GUnicodeScript(rawValue: numericCast(analysis.script)))
        hb_buffer_set_script(hbBuffer, hb_script_t(rawValue: numericCast(iso)))
        hb_buffer_set_language(hbBuffer, hb_language_from_string(pango_language_to_string(analysis.language), -1))
        hb_buffer_set_cluster_level(hbBuffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        hb_buffer_set_flags(hbBuffer, hb_buffer_flags_t(rawValue: HB_BUFFER_FLAG_BOT.rawValue | HB_BUFFER_FLAG_EOT.rawValue))
        hb_buffer_set_invisible_glyph(hbBuffer, hb_codepoint_t(PANGO_GLYPH_EMPTY))
        scratch.withUnsafeBufferPointer { buffer in
            let whole = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            hb_buffer_add_utf8(hbBuffer, whole, Int32(bytes.count + skip), UInt32(skip), Int32(bytes.count))
        }
        hb_shape(hbFont, hbBuffer, nil, 0)
        var count: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(hbBuffer, &count), count > 0 else { return nil }
        var width: Int32 = 0
        for index in 0..<Int(count) { width += positions[index].x_advance }
        // The last character is its own cluster (ASCII has no marks); its width is its glyph's.
        let last = bytes.last == 0x20 ? positions[Int(count) - 1].x_advance : 0
        return PieceShape(width: width, lastCharacterWidth: last, top: extents.top, bottom: extents.bottom)
    }

    private func readShape(text base: UnsafePointer<CChar>, length: Int32, analysis: PangoAnalysis) -> PieceShape {
        var logical = PangoRectangle()
        pango_glyph_string_extents(glyphs, analysis.font, nil, &logical)
        let characters = Int(g_utf8_strlen(base, Int(length)))
        var lastWidth: Int32 = 0
        if characters > 0 {
            var widths = [Int32](repeating: 0, count: characters)
            pango_glyph_string_get_logical_widths(glyphs, base, length, Int32(analysis.level), &widths)
            lastWidth = widths[characters - 1]
        }
        return PieceShape(
            width: pango_glyph_string_get_width(glyphs), lastCharacterWidth: lastWidth, top: logical.y,
            bottom: logical.y + logical.height)
    }

    /// The extents of an empty line in `spec` (Pango takes them from the font's metrics).
    func emptyLine(_ spec: FontSpec, context: OpaquePointer) -> PieceShape {
        if let known = emptyLines[spec] { return known }
        var shape = PieceShape(width: 0, lastCharacterWidth: 0, top: 0, bottom: 0)
        if let description = pango_context_get_font_description(context),
            let font = pango_context_load_font(context, description)
        {
            if let metrics = pango_font_get_metrics(font, pango_context_get_language(context)) {
                let ascent = pango_font_metrics_get_ascent(metrics)
                shape.top = -ascent
                shape.bottom = pango_font_metrics_get_descent(metrics)
                pango_font_metrics_unref(metrics)
            }
            g_object_unref(font)
        }
        emptyLines[spec] = shape
        return shape
    }
}

private struct AnalysisKey: Hashable {
    var font: UInt
    var language: UInt
    var script: UInt8
    var level: UInt8
    var gravity: UInt8
    var flags: UInt8
}

private struct PieceKey: Hashable {
    var analysis: Int32
    var flags: UInt8
    var bytes: [UInt8]
}

private struct JoinKey: Hashable {
    var analysis: Int32
    var left: [UInt8]
    var right: [UInt8]
}

/// A piece of at most 16 bytes as a key of plain integers (no allocation, fast hashing).
private struct ShortKey: Hashable {
    var low: UInt64
    var high: UInt64
    /// The analysis number, the flags and the length.
    var meta: UInt64

    init?(analysis: Int32, flags: UInt8, _ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= 16 else { return nil }
        var low: UInt64 = 0
        var high: UInt64 = 0
        for (index, byte) in bytes.enumerated() {
            if index < 8 { low |= UInt64(byte) << (8 * UInt64(index)) } else { high |= UInt64(byte) << (8 * UInt64(index - 8)) }
        }
        self.low = low
        self.high = high
        meta = UInt64(UInt32(bitPattern: analysis)) << 16 | UInt64(flags) << 8 | UInt64(bytes.count)
    }

    var words: (UInt64, UInt64, UInt64) { (low, high, meta) }
}

/// Two graphemes of at most 8 bytes each as a key of plain integers.
private struct ShortJoinKey: Hashable {
    var left: UInt64
    var right: UInt64
    var meta: UInt64

    init?(analysis: Int32, _ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) {
        guard left.count <= 8, right.count <= 8 else { return nil }
        self.left = Self.pack(left)
        self.right = Self.pack(right)
        meta = UInt64(UInt32(bitPattern: analysis)) << 16 | UInt64(left.count) << 8 | UInt64(right.count)
    }

    var words: (UInt64, UInt64, UInt64) { (left, right, meta) }

    private static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var value: UInt64 = 0
        for (index, byte) in bytes.enumerated() { value |= UInt64(byte) << (8 * UInt64(index)) }
        return value
    }
}

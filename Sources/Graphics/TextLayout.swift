import CPangoCairo
import CellCore

/// One laid-out paragraph, owned: measured once and drawn as it is.
///
/// A layout belongs to the engine's thread; it is `Sendable` only so that it can travel in a
/// layout tree to the painter on that same thread.
public final class TextLayout: PreparedText, @unchecked Sendable {
    let layout: OpaquePointer
    /// The measurement, carrying this layout as its prepared text.
    ///
    /// Built on access: a stored measurement holding `self` would be a retain cycle that leaks
    /// every Pango layout (memory then grows with the row count).
    public var measurement: MeasuredText {
        var measured = storedMeasurement
        measured.prepared = self
        return measured
    }
    private var storedMeasurement = MeasuredText(size: .zero, lines: [], prepared: nil)

    init(layout: OpaquePointer) {
        self.layout = layout
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    var pointer: OpaquePointer { layout }

    func configure(_ request: TextRequest, width: Double?) throws(GraphicsError) {
        let description = pango_font_description_new()
        pango_font_description_set_family(description, request.font.family)
        pango_font_description_set_absolute_size(description, request.font.size * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, PangoWeight(UInt32(request.font.weight.rawValue)))
        pango_font_description_set_style(description, request.font.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_layout_set_font_description(pointer, description)
        pango_font_description_free(description)

        // A NUL would end the text inside Pango; show it as the visible NUL symbol instead.
        let source = request.text.contains("\u{0}") ? request.text.replacingNUL() : request.text
        let attributes: OpaquePointer?
        let text: String
        if request.markup {
            (text, attributes) = try Self.parseMarkup(source)
        } else {
            (text, attributes) = (source, pango_attr_list_new())
        }
        defer { if let attributes { pango_attr_list_unref(attributes) } }
        pango_layout_set_text(pointer, text, Int32(text.utf8.count))
        if let width {
            // A width computed by subtracting insets from a measured width can land a hair under it;
            // the epsilon keeps such a text on the line it was measured on.
            let units = (min(max(width, 0), 1_000_000) * Double(PANGO_SCALE) + 1e-6).rounded(.down)
            pango_layout_set_width(pointer, Int32(units))
        }
        pango_layout_set_wrap(pointer, request.wrap == .word ? PANGO_WRAP_WORD_CHAR : PANGO_WRAP_CHAR)
        // Pango detects each paragraph's direction and mirrors LEFT/RIGHT for right-to-left
        // paragraphs: exactly `natural`. `leading`/`trailing` follow the table's direction, so
        // they are un-mirrored for a right-to-left paragraph.
        let tableRTL = request.direction == .rightToLeft
        let baseDirection = pango_find_base_dir(text, Int32(text.utf8.count))
        let paragraphRTL = baseDirection == PANGO_DIRECTION_RTL
        let left = paragraphRTL ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT
        let right = paragraphRTL ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT
        // A text with no strong direction (digits, punctuation) takes the table's direction.
        let neutralInRTL = tableRTL && baseDirection == PANGO_DIRECTION_NEUTRAL
        switch request.alignment {
        case .natural: pango_layout_set_alignment(pointer, neutralInRTL ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        case .leading: pango_layout_set_alignment(pointer, tableRTL ? right : left)
        case .center: pango_layout_set_alignment(pointer, PANGO_ALIGN_CENTER)
        case .trailing: pango_layout_set_alignment(pointer, tableRTL ? left : right)
        case .justified:
            pango_layout_set_alignment(pointer, PANGO_ALIGN_LEFT)
            pango_layout_set_justify(pointer, 1)
        }
        if request.lineSpacing != 0 {
            pango_layout_set_spacing(pointer, Int32((request.lineSpacing * Double(PANGO_SCALE)).rounded()))
        }
        if request.lineHeightMultiple != 1 {
            pango_layout_set_line_spacing(pointer, Float(request.lineHeightMultiple))
        }
        if request.letterSpacing != 0, let attributes,
            let spacing = pango_attr_letter_spacing_new(Int32((request.letterSpacing * Double(PANGO_SCALE)).rounded()))
        {
            pango_attr_list_insert_before(attributes, spacing)
        }
        if let language = request.language, let attributes,
            let attribute = pango_attr_language_new(pango_language_from_string(language))
        {
            pango_attr_list_insert_before(attributes, attribute)
        }
        pango_layout_set_attributes(pointer, attributes)
        if request.maxLines > 0 {
            pango_layout_set_height(pointer, -Int32(clamping: request.maxLines))
            let mode: PangoEllipsizeMode =
                switch request.truncation {
                case .head: PANGO_ELLIPSIZE_START
                case .middle: PANGO_ELLIPSIZE_MIDDLE
                case .tail: PANGO_ELLIPSIZE_END
                }
            pango_layout_set_ellipsize(pointer, mode)
        }
        let cutAcrossParagraphs = limitLinesAcrossParagraphs(request.maxLines, text: text)
        storedMeasurement = readMeasurement(truncating: request.maxLines > 0, cut: cutAcrossParagraphs)
        storedMeasurement.measuredWidth = width
    }

    private func readMeasurement(truncating: Bool, cut: Bool = false) -> MeasuredText {
        var logical = PangoRectangle()
        pango_layout_get_extents(pointer, nil, &logical)
        var lines: [LineMetrics] = []
        if let iterator = pango_layout_get_iter(pointer) {
            repeat {
                var lineRect = PangoRectangle()
                pango_layout_iter_get_line_extents(iterator, nil, &lineRect)
                let baseline = pango_layout_iter_get_baseline(iterator)
                lines.append(LineMetrics(frame: Rect(pango: lineRect), baseline: Double(baseline) / Double(PANGO_SCALE)))
            } while pango_layout_iter_next_line(iterator) != 0
            pango_layout_iter_free(iterator)
        }
        let truncated = cut || (truncating && pango_layout_is_ellipsized(pointer) != 0)
        let size = Size(width: Double(logical.width) / Double(PANGO_SCALE), height: Double(logical.height) / Double(PANGO_SCALE))
        return MeasuredText(
            size: size, lines: lines, isTruncated: truncated, prepared: nil, missingGlyphs: missingGlyphScalars())
    }

    /// Splits Pango markup into plain text and attributes, refusing malformed markup.
    ///
    /// `pango_layout_set_markup` would print a warning and keep the previous text on error;
    /// parsing first turns the error into a value.
    static func parseMarkup(_ markup: String) throws(GraphicsError) -> (String, OpaquePointer?) {
        var attributes: OpaquePointer?
        var plain: UnsafeMutablePointer<CChar>?
        var error: UnsafeMutablePointer<GError>?
        let ok = pango_parse_markup(markup, Int32(markup.utf8.count), 0, &attributes, &plain, nil, &error)
        guard ok != 0, let plain else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            if let attributes { pango_attr_list_unref(attributes) }
            throw .pango("malformed markup: \(message)")
        }
        defer { g_free(plain) }
        return (String(cString: plain), attributes)
    }

    /// Characters Pango could not find a glyph for in the pinned fonts.
    public var unknownGlyphCount: Int { Int(pango_layout_get_unknown_glyphs_count(pointer)) }
}

extension Rect {
    init(pango rect: PangoRectangle) {
        let scale = Double(PANGO_SCALE)
        self.init(
            x: Double(rect.x) / scale, y: Double(rect.y) / scale,
            width: Double(rect.width) / scale, height: Double(rect.height) / scale)
    }
}

extension String {
    fileprivate func replacingNUL() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\u{0}" ? "\u{2400}" : $0 }))
    }
}

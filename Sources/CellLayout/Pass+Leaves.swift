import CellCore
import CellStyle

extension Pass {
    /// A text fills `width` (like a label pinned to both edges) unless `natural`, when it takes
    /// its one-line width, capped at `width`.
    func text(_ text: ResolvedText, _ common: ElementCommon, width: Double, natural: Bool) throws(LayoutError) -> LayoutNode {
        let slot = common.id ?? "text"
        var value = try bind(text.value, common)
        if text.trim { value = value.trimmingWhitespace() }
        let request = TextRequest(
            text: try prepare(value, slot: slot, markup: text.markup), font: text.font, alignment: text.alignment,
            wrap: text.wrap, maxLines: text.maxLines, truncation: text.truncation, lineSpacing: text.lineSpacing,
            lineHeightMultiple: text.lineHeightMultiple, letterSpacing: text.letterSpacing, markup: text.markup,
            direction: text.direction)
        var measured = try measure(request, width: natural ? nil : width, slot: slot)
        var frameWidth = width
        if natural {
            if measured.size.width > width {
                measured = try measure(request, width: width, slot: slot)
            } else {
                frameWidth = measured.size.width
            }
        }
        let frame = Rect(x: 0, y: 0, width: frameWidth, height: measured.size.height)
        return LayoutNode(kind: .text, id: common.id, frame: frame, content: .text(measured, color: text.color, origin: .zero))
    }

    /// A badge takes its natural size, wrapping its text only when it is wider than `width`.
    func badge(_ badge: ResolvedBadge, _ common: ElementCommon, width: Double) throws(LayoutError) -> LayoutNode {
        let slot = common.id ?? "badge"
        let value = try prepare(bind(badge.value, common).trimmingWhitespace(), slot: slot)
        let request = TextRequest(text: value, font: badge.font)
        var measured = try measure(request, width: nil, slot: slot)
        if measured.size.width + badge.insets.horizontal > width {
            measured = try measure(request, width: width - badge.insets.horizontal, slot: slot)
        }
        let size = Size(
            width: measured.size.width + badge.insets.horizontal, height: measured.size.height + badge.insets.vertical)
        return LayoutNode(
            kind: .badge, id: common.id, frame: Rect(origin: .zero, size: size),
            content: .badge(
                measured, textColor: badge.color, fill: badge.fill, cornerRadius: badge.cornerRadius,
                textOrigin: Point(x: badge.insets.leading, y: badge.insets.top)))
    }

    /// A circle of the avatar's size with the initials of its name centred in it.
    func avatar(_ avatar: ResolvedAvatar, _ common: ElementCommon, width: Double) throws(LayoutError) -> LayoutNode {
        let slot = common.id ?? "avatar"
        let name = try bind(avatar.name, common)
        let initials = try prepare(Initials.of(name), slot: slot)
        let measured = try measure(TextRequest(text: initials, font: avatar.font), width: nil, slot: slot)
        let fill = avatar.palette.isEmpty ? Color.black : avatar.palette[Initials.stableHash(name) % avatar.palette.count]
        let origin = Point(x: (avatar.size - measured.size.width) / 2, y: (avatar.size - measured.size.height) / 2)
        return LayoutNode(
            kind: .avatar, id: common.id, frame: Rect(x: 0, y: 0, width: avatar.size, height: avatar.size),
            content: .avatar(measured, textColor: avatar.color, fill: fill, textOrigin: origin))
    }

    /// The one-line width of an element that has one, else nil: texts and badges, fixed sizes,
    /// and padding around an element that has one.
    func naturalWidth(_ element: ResolvedElement) throws(LayoutError) -> Double? {
        if let fixed = element.common.width { return fixed }
        switch element {
        case .avatar(let avatar, _):
            return avatar.size
        case .image(let image, _):
            return image.size.width
        case .padding(let insets, let child, _):
            return try naturalWidth(child).map { $0 + insets.horizontal }
        case .text(let text, let common):
            return try self.text(text, common, width: .greatestFiniteMagnitude, natural: true).frame.width
        case .badge(let badge, let common):
            return try self.badge(badge, common, width: .greatestFiniteMagnitude).frame.width
        default:
            return nil
        }
    }
}

/// Initials and colour choice for avatar placeholders.
enum Initials {
    /// Up to two letters: the first letters of the first and last words, uppercased.
    static func of(_ name: String) -> String {
        let words = name.split(whereSeparator: { $0.isWhitespace || $0 == "-" }).filter { $0.first?.isLetter == true }
        guard let first = words.first?.first else { return "" }
        guard words.count > 1, let last = words.last?.first else { return String(first).uppercased() }
        return (String(first) + String(last)).uppercased()
    }

    /// FNV-1a over the UTF-8 bytes: the same name gets the same colour on every run and machine.
    static func stableHash(_ name: String) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return Int(hash)
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }
}

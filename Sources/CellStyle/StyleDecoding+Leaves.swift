import CellCore
import Foundation
import Yams

extension StyleDecoding {
    static let textKeys = [
        "value", "textStyle", "font", "color", "alignment", "wrap", "maxLines", "truncation", "lineSpacing", "lineHeightMultiple",
        "letterSpacing", "markup", "trim",
    ]
    static let fontKeys = ["textStyle", "font"]

    func text(_ node: Node, _ path: String, colors: [String: DynamicColor]) -> ElementSpec? {
        guard let keys = reader.mapping(node, path, allowed: Self.textKeys + commonKeys) else { return nil }
        guard let value = required(keys, "value", node, path).flatMap({ template($0, join(path, "value")) }) else { return nil }
        let color = keys["color"].flatMap { self.color($0, join(path, "color"), colors: colors) } ?? .token("label")
        let alignment =
            keys["alignment"].flatMap {
                reader.choice($0, join(path, "alignment"), TextAlignment.allCases.map { ($0.rawValue, $0) })
            } ?? .leading
        let wrap =
            keys["wrap"].flatMap { reader.choice($0, join(path, "wrap"), WrapMode.allCases.map { ($0.rawValue, $0) }) } ?? .word
        let maxLines = keys["maxLines"].flatMap { reader.integer($0, join(path, "maxLines"), range: 0...10_000) } ?? 0
        let trim = keys["trim"].flatMap { reader.bool($0, join(path, "trim")) } ?? false
        let truncation =
            keys["truncation"].flatMap {
                reader.choice($0, join(path, "truncation"), TruncationMode.allCases.map { ($0.rawValue, $0) })
            } ?? .tail
        let lineSpacing = keys["lineSpacing"].flatMap { reader.number($0, join(path, "lineSpacing"), range: 0...1_000) } ?? 0
        let multiple =
            keys["lineHeightMultiple"].flatMap { reader.number($0, join(path, "lineHeightMultiple"), range: 0.5...10) } ?? 1
        let letterSpacing =
            keys["letterSpacing"].flatMap { reader.number($0, join(path, "letterSpacing"), range: -100...1_000) } ?? 0
        let markup = keys["markup"].flatMap { reader.bool($0, join(path, "markup")) } ?? false
        let spec = TextSpec(
            value: value, font: font(keys, path), color: color, alignment: alignment, wrap: wrap, maxLines: maxLines,
            truncation: truncation, lineSpacing: lineSpacing, lineHeightMultiple: multiple, letterSpacing: letterSpacing,
            markup: markup,
            trim: trim)
        return .text(spec, common(keys, path, colors: colors))
    }

    func badge(_ node: Node, _ path: String, colors: [String: DynamicColor]) -> ElementSpec? {
        let allowed = ["value", "color", "fill", "cornerRadius", "insets"] + Self.fontKeys + commonKeys
        guard let keys = reader.mapping(node, path, allowed: allowed) else { return nil }
        guard let value = required(keys, "value", node, path).flatMap({ template($0, join(path, "value")) }) else { return nil }
        let color = keys["color"].flatMap { self.color($0, join(path, "color"), colors: colors) } ?? .token("white")
        let fill = keys["fill"].flatMap { self.color($0, join(path, "fill"), colors: colors) } ?? .token("label")
        let radius = keys["cornerRadius"].flatMap { reader.number($0, join(path, "cornerRadius"), range: 0...1_000) } ?? 4
        let insets =
            keys["insets"].flatMap { self.insets($0, join(path, "insets")) }
            ?? EdgeInsets(top: 2, leading: 6, bottom: 2, trailing: 6)
        var font = font(keys, path)
        if font.weight == nil { font.weight = .bold }
        let spec = BadgeSpec(value: value, font: font, color: color, fill: fill, cornerRadius: radius, insets: insets)
        return .badge(spec, common(keys, path, colors: colors))
    }

    func avatar(_ node: Node, _ path: String, colors: [String: DynamicColor]) -> ElementSpec? {
        let allowed = ["name", "size", "color"] + Self.fontKeys + commonKeys
        guard let keys = reader.mapping(node, path, allowed: allowed) else { return nil }
        guard let name = required(keys, "name", node, path).flatMap({ template($0, join(path, "name")) }) else { return nil }
        let size = keys["size"].flatMap { reader.number($0, join(path, "size"), range: 1...1_000) } ?? 40
        let color = keys["color"].flatMap { self.color($0, join(path, "color"), colors: colors) } ?? .token("white")
        var font = font(keys, path)
        if font.size == nil && font.textStyle == nil { font.size = (size * 0.4).rounded() }
        if font.weight == nil { font.weight = .semibold }
        return .avatar(AvatarSpec(name: name, size: size, font: font, color: color), common(keys, path, colors: colors))
    }
}

extension StyleDecoding {
    func image(_ node: Node, _ path: String, colors: [String: DynamicColor]) -> ElementSpec? {
        guard let keys = reader.mapping(node, path, allowed: ["file", "size", "contentMode"] + commonKeys) else { return nil }
        guard let file = required(keys, "file", node, path).flatMap({ template($0, join(path, "file")) }) else { return nil }
        if file.fields.isEmpty {
            let absolute = file.source.hasPrefix("/") ? file.source : baseFolder + "/" + file.source
            let lower = file.source.lowercased()
            if ![".png", ".jpg", ".jpeg"].contains(where: { lower.hasSuffix($0) }) {
                reader.report(keys["file"], join(path, "file"), "`\(file.source)` is not a PNG or JPEG file")
            } else if !FileManager.default.fileExists(atPath: absolute) {
                reader.report(keys["file"], join(path, "file"), "image file `\(file.source)` not found (looked for \(absolute))")
            }
        }
        var size = Size(width: 40, height: 40)
        if let sizeNode = keys["size"] {
            if case .scalar = sizeNode, let side = reader.number(sizeNode, join(path, "size"), range: 1...10_000) {
                size = Size(width: side, height: side)
            } else if let pair = reader.mapping(sizeNode, join(path, "size"), allowed: ["width", "height"]) {
                size.width =
                    pair["width"].flatMap { reader.number($0, join(path, "size.width"), range: 1...10_000) } ?? size.width
                size.height =
                    pair["height"].flatMap { reader.number($0, join(path, "size.height"), range: 1...10_000) } ?? size.height
            }
        }
        let mode =
            keys["contentMode"].flatMap {
                reader.choice($0, join(path, "contentMode"), ContentMode.allCases.map { ($0.rawValue, $0) })
            } ?? .fill
        let spec = ImageSpec(file: file, size: size, contentMode: mode, baseFolder: baseFolder)
        return .image(spec, common(keys, path, colors: colors))
    }
}

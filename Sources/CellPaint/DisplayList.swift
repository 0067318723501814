import CellCore
import CellLayout
import CellStyle

/// Turns laid-out rows into draw commands: the painter then only interprets them.
public enum DisplayList {
    /// The commands that draw `row` in a cell `height` points tall (the row's height rounded to
    /// device pixels), with the debug overlay when `debugBorders`.
    public static func commands(for row: RowLayout, height: Double, debugBorders: Bool) -> [DrawCommand] {
        let bounds = Rect(x: 0, y: 0, width: row.root.frame.width, height: height)
        var commands: [DrawCommand] = []
        switch row.background {
        case .solid(let color): commands.append(.fill(bounds, color))
        case .gradient(let stops, let angle): commands.append(.gradient(bounds, stops: stops, angle: angle))
        case nil: break
        }
        var root = row.root
        root.frame = bounds
        append(root, to: &commands)
        if debugBorders {
            for node in root.allNodes {
                commands.append(.border(node.frame, debugColor(node.kind)))
            }
        }
        return commands
    }

    /// A node's decoration, content and children, in painting order.
    static func append(_ node: LayoutNode, to commands: inout [DrawCommand]) {
        let radius = node.decoration?.cornerRadius ?? 0
        switch node.decoration?.background {
        case .solid(let color): commands.append(.roundedRect(node.frame, radius: radius, color))
        case .gradient(let stops, let angle): commands.append(.gradient(node.frame, stops: stops, angle: angle))
        case nil: break
        }
        let clips = node.clips || (radius > 0 && node.kind == .image)
        if clips { commands.append(.pushClip(node.frame, radius: radius)) }
        switch node.content {
        case .none: break
        case .text(let text, let color, let origin):
            if text.prepared != nil { commands.append(.text(text, origin: origin, color)) }
        case .badge(let text, let textColor, let fill, let cornerRadius, let textOrigin):
            commands.append(.roundedRect(node.frame, radius: cornerRadius, fill))
            if text.prepared != nil { commands.append(.text(text, origin: textOrigin, textColor)) }
        case .avatar(let text, let textColor, let fill, let textOrigin):
            commands.append(.ellipse(node.frame, fill))
            if text.prepared != nil { commands.append(.text(text, origin: textOrigin, textColor)) }
        case .image(let path, let mode):
            commands.append(.image(path: path, node.frame, fill: mode == .fill, cornerRadius: radius))
        case .divider(let color):
            commands.append(.fill(node.frame, color))
        case .cellAccessory(let accessory, let color, let mirrored):
            if let glyph = AccessoryGlyph(rawValue: accessory.rawValue) {
                commands.append(.accessory(glyph, node.frame, color, mirrored: mirrored))
            }
        }
        for child in node.children { append(child, to: &commands) }
        if clips { commands.append(.popClip) }
        if let decoration = node.decoration, let borderColor = decoration.borderColor, decoration.borderWidth > 0 {
            commands.append(.strokeRoundedRect(node.frame, radius: radius, width: decoration.borderWidth, borderColor))
        }
    }

    /// The debug-overlay colour of each element kind.
    public static func debugColor(_ kind: NodeKind) -> Color {
        switch kind {
        case .cell: Color(r: 255, g: 0, b: 0)
        case .padding: Color(r: 255, g: 149, b: 0)
        case .stack: Color(r: 52, g: 199, b: 89)
        case .overlay: Color(r: 48, g: 176, b: 199)
        case .inline: Color(r: 0, g: 199, b: 190)
        case .accessory: Color(r: 175, g: 82, b: 222)
        case .text: Color(r: 0, g: 122, b: 255)
        case .badge: Color(r: 255, g: 45, b: 85)
        case .avatar: Color(r: 162, g: 132, b: 94)
        case .image: Color(r: 88, g: 86, b: 214)
        case .divider: Color(r: 255, g: 204, b: 0)
        case .spacer: Color(r: 142, g: 142, b: 147)
        case .cellAccessory: Color(r: 255, g: 59, b: 48)
        }
    }
}

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
        for node in row.root.allNodes {
            switch node.content {
            case .none: break
            case .text(let text, let color, let origin):
                commands.append(.text(text, origin: origin, color))
            case .badge(let text, let textColor, let fill, let radius, let textOrigin):
                commands.append(.roundedRect(node.frame, radius: radius, fill))
                commands.append(.text(text, origin: textOrigin, textColor))
            case .avatar(let text, let textColor, let fill, let textOrigin):
                commands.append(.ellipse(node.frame, fill))
                commands.append(.text(text, origin: textOrigin, textColor))
            }
        }
        if debugBorders {
            for node in row.root.allNodes {
                let frame = node.kind == .cell ? bounds : node.frame
                commands.append(.border(frame, debugColor(node.kind)))
            }
        }
        return commands.filter { command in
            if case .text(let text, _, _) = command { return text.prepared != nil }
            return true
        }
    }

    /// The debug-overlay colour of each element kind.
    public static func debugColor(_ kind: NodeKind) -> Color {
        switch kind {
        case .cell: Color(r: 255, g: 0, b: 0)
        case .padding: Color(r: 255, g: 149, b: 0)
        case .stack: Color(r: 52, g: 199, b: 89)
        case .inline: Color(r: 0, g: 199, b: 190)
        case .accessory: Color(r: 175, g: 82, b: 222)
        case .text: Color(r: 0, g: 122, b: 255)
        case .badge: Color(r: 255, g: 45, b: 85)
        case .avatar: Color(r: 162, g: 132, b: 94)
        case .spacer: Color(r: 142, g: 142, b: 147)
        }
    }
}

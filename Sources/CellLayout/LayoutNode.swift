import CellCore
import CellStyle

/// The kinds of laid-out frames, as the debug overlay colours them and dumps name them.
public enum NodeKind: String, Hashable, Sendable, CaseIterable {
    case cell, padding, stack, overlay, inline, accessory, text, badge, avatar, image, divider, spacer, cellAccessory
}

/// What a laid-out frame draws, with everything the painter needs already settled.
public enum NodeContent: Sendable {
    case none
    /// A paragraph drawn with its top-left corner at `origin` (cell coordinates).
    case text(MeasuredText, color: Color, origin: Point)
    /// A rounded rectangle with a paragraph inside.
    case badge(MeasuredText, textColor: Color, fill: Color, cornerRadius: Double, textOrigin: Point)
    /// A filled circle with initials centred in it.
    case avatar(MeasuredText, textColor: Color, fill: Color, textOrigin: Point)
    /// An image file drawn into the frame.
    case image(path: String, contentMode: ContentMode)
    /// A filled rule across the frame.
    case divider(Color)
    /// An iOS accessory glyph at the trailing edge of the frame: its right edge, or its left
    /// one when `mirrored` (a right-to-left table, where the disclosure chevron points left).
    case cellAccessory(CellAccessory, Color, mirrored: Bool = false)
}

/// A laid-out element: its frame in the cell's coordinates, its content and its children.
public struct LayoutNode: Sendable {
    public var kind: NodeKind
    public var id: String?
    public var frame: Rect
    public var content: NodeContent
    public var children: [LayoutNode]
    /// The element's own background, corner radius and border, drawn under its content.
    public var decoration: Decoration?
    /// Whether drawing is clipped to the frame (an element cut by `maxHeight`).
    public var clips: Bool = false

    public init(kind: NodeKind, id: String? = nil, frame: Rect, content: NodeContent = .none, children: [LayoutNode] = []) {
        self.kind = kind
        self.id = id
        self.frame = frame
        self.content = content
        self.children = children
    }

    /// The same subtree moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> LayoutNode {
        guard dx != 0 || dy != 0 else { return self }
        var moved = self
        moved.frame = frame.offsetBy(dx: dx, dy: dy)
        switch content {
        case .none, .image, .divider, .cellAccessory: break
        case .text(let m, let color, let origin):
            moved.content = .text(m, color: color, origin: Point(x: origin.x + dx, y: origin.y + dy))
        case .badge(let m, let textColor, let fill, let radius, let origin):
            moved.content = .badge(
                m, textColor: textColor, fill: fill, cornerRadius: radius, textOrigin: Point(x: origin.x + dx, y: origin.y + dy))
        case .avatar(let m, let textColor, let fill, let origin):
            moved.content = .avatar(m, textColor: textColor, fill: fill, textOrigin: Point(x: origin.x + dx, y: origin.y + dy))
        }
        moved.children = children.map { $0.offsetBy(dx: dx, dy: dy) }
        return moved
    }

    /// Whether the node shows nothing of its own: an empty text, badge or avatar, or a
    /// container whose children all collapsed.
    public var isEmpty: Bool {
        switch content {
        case .none: children.isEmpty
        case .text(let m, _, _), .badge(let m, _, _, _, _), .avatar(let m, _, _, _): m.prepared == nil && m.lines.isEmpty
        case .image, .divider, .cellAccessory: false
        }
    }

    /// The subtree flipped horizontally in a cell `width` points wide, for right-to-left layout:
    /// each frame moves to the other side; contents keep their offsets inside their frames.
    public func mirrored(inWidth width: Double) -> LayoutNode {
        var flipped = self
        flipped.frame.origin.x = width - frame.maxX
        let shift = flipped.frame.x - frame.x
        switch content {
        case .none, .image, .divider: break
        case .cellAccessory(let accessory, let color, let mirrored):
            flipped.content = .cellAccessory(accessory, color, mirrored: !mirrored)
        case .text(let m, let color, let origin):
            flipped.content = .text(m, color: color, origin: Point(x: origin.x + shift, y: origin.y))
        case .badge(let m, let textColor, let fill, let radius, let origin):
            flipped.content = .badge(
                m, textColor: textColor, fill: fill, cornerRadius: radius, textOrigin: Point(x: origin.x + shift, y: origin.y))
        case .avatar(let m, let textColor, let fill, let origin):
            flipped.content = .avatar(m, textColor: textColor, fill: fill, textOrigin: Point(x: origin.x + shift, y: origin.y))
        }
        flipped.children = children.map { $0.mirrored(inWidth: width) }
        return flipped
    }

    /// Every node of the subtree, depth first, parents before children.
    public var allNodes: [LayoutNode] {
        [self] + children.flatMap(\.allNodes)
    }

    /// The measured text of a text, badge or avatar node.
    public var measuredText: MeasuredText? {
        switch content {
        case .none, .image, .divider, .cellAccessory: nil
        case .text(let m, _, _), .badge(let m, _, _, _, _), .avatar(let m, _, _, _): m
        }
    }

    /// A stable, indented text dump of the subtree: kind, id, frame and line counts.
    public func dump(indent: Int = 0) -> String {
        var line = String(repeating: "  ", count: indent) + kind.rawValue
        if let id { line += "#\(id)" }
        line += " \(frame)"
        if let text = measuredText { line += " lines=\(text.lineCount)" + (text.isTruncated ? " truncated" : "") }
        return ([line] + children.map { $0.dump(indent: indent + 1) }).joined(separator: "\n")
    }
}

/// One laid-out row: its height in points (before pixel rounding) and its frame tree.
public struct RowLayout: Sendable {
    public var rowNumber: Int
    /// The content height in points; the table rounds it up to device pixels.
    public var height: Double
    public var root: LayoutNode
    public var background: ResolvedFill?
    /// What the row's text does not show faithfully or what Cellshot changed, each once.
    public var diagnostics: [TextDiagnostic] = []
}

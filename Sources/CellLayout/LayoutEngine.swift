import CellCore
import CellStyle

/// Lays rows out in a resolved style: pure computation of every frame from the style, the row,
/// the width and the text measurements.
///
/// The engine sees text only through `TextMeasuring`, so it runs without Pango in tests.
/// Frames are in points, in the cell's coordinates, with the origin at its top-left corner.
public struct LayoutEngine {
    public let style: ResolvedStyle
    let measurer: any TextMeasuring
    /// Repair and limits applied to every bound text before it is measured.
    public var textPolicy = TextPolicy()
    /// Where image paths bound from data resolve, and the folder they must stay inside.
    public var imagePolicy: ImagePolicy

    public init(style: ResolvedStyle, measurer: any TextMeasuring, imagePolicy: ImagePolicy = ImagePolicy()) {
        self.style = style
        self.measurer = measurer
        self.imagePolicy = imagePolicy
    }

    /// Lays `row` out at `width` points.
    ///
    /// Throws `LayoutError.missingField` when a shown element needs a field the row lacks.
    public func layout(_ row: RowInput, width: Double) throws(LayoutError) -> RowLayout {
        let pass = Pass(engine: self, row: row)
        let accessoryWidth = min(style.accessory.width, width)
        let content = try pass.layout(style.content, width: width - accessoryWidth)
        let height = content?.frame.height ?? 0
        var children = content.map { [$0] } ?? []
        if style.accessory != .none {
            children.append(
                LayoutNode(
                    kind: .cellAccessory, frame: Rect(x: width - accessoryWidth, y: 0, width: accessoryWidth, height: height),
                    content: .cellAccessory(style.accessory, style.accessoryColor)))
        }
        var root = LayoutNode(kind: .cell, frame: Rect(x: 0, y: 0, width: width, height: height), children: children)
        if style.environment.layoutDirection == .rightToLeft {
            // UIKit mirrors a right-to-left interface: leading is on the right. Text inside
            // each frame is not mirrored (Pango aligns it by the table's direction).
            root = root.mirrored(inWidth: width)
        }
        return RowLayout(
            rowNumber: row.number, height: height, root: root, background: style.background, diagnostics: pass.log.items)
    }
}

/// One row's layout: the recursive walk over the element tree.
struct Pass {
    let engine: LayoutEngine
    let row: RowInput
    let log = DiagnosticLog()

    /// Whether an element is shown: its `when` field is present and not blank.
    func isShown(_ common: ElementCommon) -> Bool {
        guard let field = common.when else { return true }
        guard let value = row.fields[field] else { return false }
        return value.contains { !$0.isWhitespace }
    }

    func bind(_ template: Template, _ common: ElementCommon) throws(LayoutError) -> String {
        do {
            return try template.render(fields: row.fields, row: row.number)
        } catch {
            throw .missingField(row: row.number, field: error.name, element: common.id)
        }
    }

    func measure(_ request: TextRequest, width: Double?) throws(LayoutError) -> MeasuredText {
        try measure(request, width: width, slot: "text")
    }

    /// Lays `element` out in `width` points, frames relative to its own top-left corner;
    /// nil when the element collapses.
    func layout(_ element: ResolvedElement, width: Double) throws(LayoutError) -> LayoutNode? {
        let common = element.common
        guard isShown(common) else { return nil }
        guard var node = try layoutContent(element, width: common.width ?? width) else { return nil }
        if common.collapseWhenEmpty && node.isEmpty { return nil }
        if let fixed = common.width { node.frame.size.width = fixed }
        if let fixed = common.height { node = fixed >= node.frame.height ? grow(node, to: fixed) : clip(node, to: fixed) }
        if let minimum = common.minHeight, node.frame.height < minimum {
            node = grow(node, to: minimum)
        }
        if let maximum = common.maxHeight, node.frame.height > maximum {
            node = clip(node, to: maximum)
        }
        node.decoration = common.decoration
        return node
    }

    /// Cuts a node to `height`; drawing is clipped to its frame.
    func clip(_ node: LayoutNode, to height: Double) -> LayoutNode {
        var clipped = node
        clipped.frame.size.height = height
        clipped.clips = true
        return clipped
    }

    /// Makes a node taller; a text keeps its paragraph centred vertically, as UILabel draws it.
    func grow(_ node: LayoutNode, to height: Double) -> LayoutNode {
        var grown = node
        let extra = height - node.frame.height
        grown.frame.size.height = height
        if case .text(let measured, let color, let origin) = node.content {
            grown.content = .text(measured, color: color, origin: Point(x: origin.x, y: origin.y + extra / 2))
        }
        return grown
    }

    func layoutContent(_ element: ResolvedElement, width: Double) throws(LayoutError) -> LayoutNode? {
        switch element {
        case .text(let text, let common):
            return try self.text(text, common, width: width, natural: false)
        case .badge(let badge, let common):
            return try self.badge(badge, common, width: width)
        case .avatar(let avatar, let common):
            return try self.avatar(avatar, common, width: width)
        case .spacer(let size, let common):
            return LayoutNode(kind: .spacer, id: common.id, frame: Rect(x: 0, y: 0, width: width, height: size ?? 0))
        case .stack(let axis, let spacing, let alignment, let distribution, let children, let common):
            return axis == .vertical
                ? try vstack(children, spacing: spacing, alignment: alignment, common, width: width)
                : try hstack(children, spacing: spacing, alignment: alignment, distribution: distribution, common, width: width)
        case .overlay(let children, let alignment, let common):
            return try overlay(children, alignment: alignment, common, width: width)
        case .image(let image, let common):
            return try self.image(image, common, width: width)
        case .divider(let color, let thickness, let common):
            return LayoutNode(
                kind: .divider, id: common.id, frame: Rect(x: 0, y: 0, width: width, height: thickness), content: .divider(color))
        case .padding(let insets, let child, let common):
            guard let inner = try layout(child, width: width - insets.horizontal) else { return nil }
            let frame = Rect(x: 0, y: 0, width: width, height: inner.frame.height + insets.vertical)
            return LayoutNode(
                kind: .padding, id: common.id, frame: frame, children: [inner.offsetBy(dx: insets.leading, dy: insets.top)])
        case .inlineOrStacked(let first, let second, let spacing, let stackedSpacing, let common):
            return try inline(first, second, spacing: spacing, stackedSpacing: stackedSpacing, common, width: width)
        case .textWithAccessory(let text, let accessory, let spacing, let stackedSpacing, let common):
            return try self.accessory(text, accessory, spacing: spacing, stackedSpacing: stackedSpacing, common, width: width)
        }
    }
}

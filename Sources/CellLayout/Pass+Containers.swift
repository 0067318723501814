import CellCore
import CellStyle

extension Pass {
    func vstack(
        _ children: [ResolvedElement], spacing: Double, alignment: StackAlignment, _ common: ElementCommon, width: Double
    ) throws(LayoutError) -> LayoutNode? {
        var placed: [LayoutNode] = []
        var y = 0.0
        for child in children {
            guard let node = try layout(child, width: width) else { continue }
            if !placed.isEmpty { y += spacing }
            let free = width - node.frame.width
            let x: Double =
                switch alignment {
                case .center: free / 2
                case .trailing: free
                default: 0
                }
            placed.append(node.offsetBy(dx: x, dy: y))
            y += node.frame.height
        }
        guard !placed.isEmpty else { return nil }
        return LayoutNode(kind: .stack, id: common.id, frame: Rect(x: 0, y: 0, width: width, height: y), children: placed)
    }

    /// `natural`: fixed-size children (avatars, badges, images, sized spacers, fixed widths)
    /// take their own width, hugging children their one-line width (capped by what is left),
    /// and the others share the rest equally. `equal`: every child gets the same width.
    func hstack(
        _ children: [ResolvedElement], spacing: Double, alignment: StackAlignment, distribution: StackDistribution,
        _ common: ElementCommon, width: Double
    ) throws(LayoutError) -> LayoutNode? {
        let shown = children.filter { isShown($0.common) }
        guard !shown.isEmpty else { return nil }
        var nodes: [LayoutNode?] = Array(repeating: nil, count: shown.count)
        var used = spacing * Double(shown.count - 1)
        var flexible: [Int] = []
        var hugging: [Int] = []
        for (index, child) in shown.enumerated() {
            if distribution == .equal {
                flexible.append(index)
                continue
            }
            switch child {
            case .avatar, .badge, .image:
                nodes[index] = try layout(child, width: width)
            case .spacer(let size, _):
                guard let size else {
                    flexible.append(index)
                    continue
                }
                nodes[index] = LayoutNode(kind: .spacer, id: child.common.id, frame: Rect(x: 0, y: 0, width: size, height: 0))
            default:
                if child.common.hugsContent {
                    hugging.append(index)
                    continue
                }
                guard child.common.width != nil else {
                    flexible.append(index)
                    continue
                }
                nodes[index] = try layout(child, width: width)
            }
            used += nodes[index]?.frame.width ?? 0
        }
        for index in hugging {
            let available = max(0, width - used)
            let natural = try naturalWidth(shown[index]) ?? available
            nodes[index] = try layoutNatural(shown[index], width: min(natural, available))
            used += nodes[index]?.frame.width ?? 0
        }
        let share = flexible.isEmpty ? 0 : max(0, width - used) / Double(flexible.count)
        for index in flexible {
            if case .spacer(nil, let c) = shown[index] {
                nodes[index] = LayoutNode(kind: .spacer, id: c.id, frame: Rect(x: 0, y: 0, width: share, height: 0))
            } else {
                nodes[index] = try layout(shown[index], width: share)
            }
        }
        let laid = nodes.compactMap { $0 }
        let height = laid.map(\.frame.height).max() ?? 0
        var x = 0.0
        var placed: [LayoutNode] = []
        for node in laid {
            if !placed.isEmpty { x += spacing }
            // Equal distribution gives every child a slot of the same width, whatever its own.
            defer { if distribution == .equal { x += max(0, share - node.frame.width) } }
            let free = height - node.frame.height
            let y: Double =
                switch alignment {
                case .center: free / 2
                case .bottom: free
                default: 0
                }
            placed.append(node.offsetBy(dx: x, dy: y))
            x += node.frame.width
        }
        return LayoutNode(kind: .stack, id: common.id, frame: Rect(x: 0, y: 0, width: width, height: height), children: placed)
    }

    /// Side by side when both one-line widths fit with `spacing` between; else stacked.
    func inline(
        _ first: ResolvedElement, _ second: ResolvedElement, spacing: Double, stackedSpacing: Double, _ common: ElementCommon,
        width: Double
    ) throws(LayoutError) -> LayoutNode? {
        let showFirst = isShown(first.common)
        let showSecond = isShown(second.common)
        guard showFirst || showSecond else { return nil }
        guard showFirst && showSecond else {
            guard let only = try layout(showFirst ? first : second, width: width) else { return nil }
            return LayoutNode(
                kind: .inline, id: common.id, frame: Rect(x: 0, y: 0, width: width, height: only.frame.height), children: [only])
        }
        if let firstWidth = try naturalWidth(first), let secondWidth = try naturalWidth(second),
            firstWidth + spacing + secondWidth <= width,
            let a = try layoutNatural(first, width: firstWidth), let b = try layoutNatural(second, width: secondWidth)
        {
            let height = max(a.frame.height, b.frame.height)
            return LayoutNode(
                kind: .inline, id: common.id, frame: Rect(x: 0, y: 0, width: width, height: height),
                children: [a, b.offsetBy(dx: firstWidth + spacing, dy: 0)])
        }
        guard let a = try layout(first, width: width), let b = try layout(second, width: width) else { return nil }
        return LayoutNode(
            kind: .inline, id: common.id,
            frame: Rect(x: 0, y: 0, width: width, height: a.frame.height + stackedSpacing + b.frame.height),
            children: [a, b.offsetBy(dx: 0, dy: a.frame.height + stackedSpacing)])
    }

    func layoutNatural(_ element: ResolvedElement, width: Double) throws(LayoutError) -> LayoutNode? {
        guard case .text(let text, let common) = element else { return try layout(element, width: width) }
        var node = try self.text(text, common, width: width, natural: true)
        if let minimum = common.minHeight, node.frame.height < minimum { node = grow(node, to: minimum) }
        return node
    }

    /// The text at full width; the accessory sinks into the end of the last line when the line
    /// leaves `spacing` plus the accessory's width free, else goes below, trailing-aligned.
    func accessory(
        _ text: ResolvedElement, _ accessory: ResolvedElement, spacing: Double, stackedSpacing: Double, _ common: ElementCommon,
        width: Double
    ) throws(LayoutError) -> LayoutNode? {
        let textNode = try layout(text, width: width)
        guard let badge = try layout(accessory, width: width) else {
            return textNode.map { node in
                LayoutNode(
                    kind: .accessory, id: common.id, frame: Rect(x: 0, y: 0, width: width, height: node.frame.height),
                    children: [node])
            }
        }
        guard let textNode else {
            let placed = badge.offsetBy(dx: width - badge.frame.width, dy: 0)
            return LayoutNode(
                kind: .accessory, id: common.id, frame: Rect(x: 0, y: 0, width: width, height: badge.frame.height),
                children: [placed])
        }
        let badgeX = width - badge.frame.width
        if case .text(let measured, _, let origin) = textNode.content, let last = measured.lines.last,
            origin.x + last.frame.maxX + spacing <= badgeX
        {
            let lineTop = origin.y + last.frame.y
            let y = lineTop + (last.frame.height - badge.frame.height) / 2
            let placed = badge.offsetBy(dx: badgeX, dy: y)
            let top = min(0, y)
            let bottom = max(textNode.frame.height, placed.frame.maxY)
            return LayoutNode(
                kind: .accessory, id: common.id, frame: Rect(x: 0, y: 0, width: width, height: bottom - top),
                children: [textNode, placed].map { $0.offsetBy(dx: 0, dy: -top) })
        }
        let placed = badge.offsetBy(dx: badgeX, dy: textNode.frame.height + stackedSpacing)
        return LayoutNode(
            kind: .accessory, id: common.id, frame: Rect(x: 0, y: 0, width: width, height: placed.frame.maxY),
            children: [textNode, placed])
    }
}

extension StyleSpec {
    /// Every data field the style reads: placeholders (with or without a fallback) and `when`
    /// conditions; `row` is not a data field.
    public var boundFields: Set<String> {
        var fields = Set<String>()
        collect(content, into: &fields)
        fields.remove("row")
        return fields
    }

    private func collect(_ element: ElementSpec, into fields: inout Set<String>) {
        func add(_ common: ElementCommon, _ templates: [Template]) {
            if let when = common.when { fields.insert(when) }
            for template in templates { fields.formUnion(template.fields) }
        }
        switch element {
        case .text(let t, let c): add(c, [t.value])
        case .badge(let b, let c): add(c, [b.value])
        case .avatar(let a, let c): add(c, [a.name])
        case .image(let i, let c): add(c, [i.file])
        case .spacer(_, let c), .divider(_, _, let c): add(c, [])
        case .stack(let s, let c):
            add(c, [])
            for child in s.children { collect(child, into: &fields) }
        case .overlay(let children, _, let c):
            add(c, [])
            for child in children { collect(child, into: &fields) }
        case .padding(_, let child, let c):
            add(c, [])
            collect(child, into: &fields)
        case .inlineOrStacked(let i, let c):
            add(c, [])
            collect(i.first, into: &fields)
            collect(i.second, into: &fields)
        case .textWithAccessory(let a, let c):
            add(c, [])
            collect(a.text, into: &fields)
            collect(a.accessory, into: &fields)
        }
    }
}

extension StyleSpec {
    /// The data fields the style binds unconditionally: placeholders without a fallback, except
    /// inside an element shown only `when` that same field is present (an optional field).
    /// `row` is not a data field.
    public var boundFields: Set<String> {
        var fields = Set<String>()
        collect(content, guards: [], into: &fields)
        fields.remove("row")
        return fields
    }

    private func collect(_ element: ElementSpec, guards: Set<String>, into fields: inout Set<String>) {
        func visit(_ common: ElementCommon, _ templates: [Template], _ children: [ElementSpec]) {
            var guarded = guards
            if let when = common.when { guarded.insert(when) }
            for template in templates {
                fields.formUnion(template.requiredFields.filter { !guarded.contains($0) })
            }
            for child in children { collect(child, guards: guarded, into: &fields) }
        }
        switch element {
        case .text(let t, let c): visit(c, [t.value], [])
        case .badge(let b, let c): visit(c, [b.value], [])
        case .avatar(let a, let c): visit(c, [a.name], [])
        case .image(let i, let c): visit(c, [i.file], [])
        case .spacer(_, let c), .divider(_, _, let c): visit(c, [], [])
        case .stack(let s, let c): visit(c, [], s.children)
        case .overlay(let children, _, let c): visit(c, [], children)
        case .padding(_, let child, let c): visit(c, [], [child])
        case .inlineOrStacked(let i, let c): visit(c, [], [i.first, i.second])
        case .textWithAccessory(let a, let c): visit(c, [], [a.text, a.accessory])
        }
    }
}

import CellLayout

/// One horizontal strip of a table, in order: the table header, section headers and footers,
/// the gaps of grouped styles, and the rows.
public enum TableItem: Sendable {
    case tableHeader(String)
    case sectionHeader(String)
    case sectionFooter(String)
    /// Empty table background, in points.
    case gap(Double)
    case row(RowInput, TableRowPosition)

    /// The row number of a row item.
    public var rowNumber: Int? {
        if case .row(let row, _) = self { return row.number }
        return nil
    }
}

/// Where a row sits in its section: separators and inset-grouped corners follow from it.
public struct TableRowPosition: Sendable, Hashable {
    public var isFirstInSection: Bool
    public var isLastInSection: Bool
}

extension TableItem {
    /// The items of a table of `rows` under `design`.
    ///
    /// A section starts where the section field's value changes (consecutive rows, as a table
    /// view's data source would group them); rows without the field share the empty section.
    /// `rowsOnly` gives the rows alone, each as a section of one, for one image per row.
    public static func items(for rows: [RowInput], design: TableDesign, rowsOnly: Bool = false) -> [TableItem] {
        if rowsOnly {
            return rows.map { .row($0, TableRowPosition(isFirstInSection: true, isLastInSection: true)) }
        }
        var sections: [[RowInput]] = []
        var previousKey: String?
        for row in rows {
            let key = design.sectionField.map { row.fields[$0] ?? "" }
            if sections.isEmpty || key != previousKey {
                sections.append([])
            }
            sections[sections.count - 1].append(row)
            previousKey = key
        }
        let grouped = design.style != .plain
        var items: [TableItem] = []
        if let header = design.headerText { items.append(.tableHeader(header)) }
        for section in sections {
            let header = design.sectionField.flatMap { section.first?.fields[$0] }.flatMap { $0.isEmpty ? nil : $0 }
            if let header {
                items.append(.sectionHeader(header))
            } else if grouped {
                items.append(.gap(35))
            }
            for (index, row) in section.enumerated() {
                let position = TableRowPosition(isFirstInSection: index == 0, isLastInSection: index == section.count - 1)
                items.append(.row(row, position))
            }
            let footer = design.footerField.flatMap { section.first?.fields[$0] }.flatMap { $0.isEmpty ? nil : $0 }
            if let footer { items.append(.sectionFooter(footer)) }
        }
        if grouped { items.append(.gap(20)) }
        return items
    }
}

import CellCore
import CellStyle

/// How the table around the cells is built: style, sections, separators, row states.
///
/// Pure options with no defaults left unsettled; the command line fills it today, the table
/// file of the style language will fill it later.
public struct TableDesign: Sendable, Hashable {
    /// UITableView's styles.
    public enum Style: String, CaseIterable, Sendable, Hashable {
        /// Rows edge to edge on the table background; section headers on a grey bar.
        case plain
        /// Sections of rows on a grouped background with gaps and small uppercase headers.
        case grouped
        /// Grouped, with sections inset from the sides and rounded corners.
        case insetGrouped = "inset-grouped"
    }

    public var style: Style
    /// A text above the first section.
    public var headerText: String?
    /// The field whose value starts a new section when it changes; it is the section's header text.
    public var sectionField: String?
    /// The field whose value (in a section's first row) is the section's footer text.
    public var footerField: String?
    public var showsSeparators: Bool
    /// Separator insets from the cell's leading and trailing edges, in points (iOS: 16 and 0).
    public var separatorLeadingInset: Double
    public var separatorTrailingInset: Double
    /// Rows (by row number) drawn with the selected background.
    public var selectedRows: Set<Int>
    /// Rows (by row number) drawn with the highlighted (pressed) background.
    public var highlightedRows: Set<Int>
    /// A disclosure chevron at the trailing edge of every row.
    public var disclosure: Bool
    /// The separators' colour; nil: the system `separator` colour.
    public var separatorColor: Color?

    public init(
        style: Style = .plain, headerText: String? = nil, sectionField: String? = nil, footerField: String? = nil,
        showsSeparators: Bool = true, separatorLeadingInset: Double = 16, separatorTrailingInset: Double = 0,
        selectedRows: Set<Int> = [], highlightedRows: Set<Int> = [], disclosure: Bool = false
    ) {
        self.style = style
        self.headerText = headerText
        self.sectionField = sectionField
        self.footerField = footerField
        self.showsSeparators = showsSeparators
        self.separatorLeadingInset = separatorLeadingInset
        self.separatorTrailingInset = separatorTrailingInset
        self.selectedRows = selectedRows
        self.highlightedRows = highlightedRows
        self.disclosure = disclosure
    }

    /// The horizontal inset of the cells from the table's sides, in points.
    public var cellInset: Double { style == .insetGrouped ? 16 : 0 }
    /// The corner radius of an inset-grouped section.
    public var sectionCornerRadius: Double { style == .insetGrouped ? 10 : 0 }
    /// The width the disclosure accessory takes from the cell's content.
    public var accessoryWidth: Double { disclosure ? 34 : 0 }

    /// The width rows are laid out at, in a table `width` points wide.
    public func contentWidth(tableWidth width: Double) -> Double {
        max(1, width - 2 * cellInset - accessoryWidth)
    }
}

/// The colours of a table, settled for one appearance.
public struct TablePalette: Sendable, Hashable {
    public var tableBackground: Color
    public var cellBackground: Color
    public var separator: Color
    public var headerText: Color
    public var plainHeaderBackground: Color
    public var selectedBackground: Color
    public var highlightedBackground: Color
    public var chevron: Color
    public var label: Color

    /// iOS's system colours for `style` in `appearance`.
    public init(style: TableDesign.Style, appearance: Appearance) {
        func token(_ name: String) -> Color { SystemColors.tokens[name]?.resolved(for: appearance) ?? .black }
        let grouped = style != .plain
        tableBackground = token(grouped ? "systemGroupedBackground" : "systemBackground")
        cellBackground = token(grouped ? "secondarySystemGroupedBackground" : "systemBackground")
        separator = token("separator")
        headerText = token("secondaryLabel")
        plainHeaderBackground = token("secondarySystemBackground")
        selectedBackground = appearance == .light ? Color(r: 209, g: 209, b: 214) : Color(r: 58, g: 58, b: 60)
        highlightedBackground = appearance == .light ? Color(r: 229, g: 229, b: 234) : Color(r: 44, g: 44, b: 46)
        chevron = token("tertiaryLabel")
        label = token("label")
    }
}

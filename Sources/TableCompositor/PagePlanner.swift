/// Decides where every item goes: which page, at which pixel row — in item order, from heights
/// alone, so the result never depends on the thread count.
///
/// Without a page height everything is on page 0. With one, an item that does not fit below
/// the page's last item starts a new page; an item taller than a page is the only item cut,
/// across as many pages as it needs. With `pagePerItem` every item is a page of its own.
struct PagePlanner {
    struct Placement: Equatable {
        var page: Int
        /// The item's top in the page, in pixels (negative on the continuation pages of a cut item).
        var y: Int
    }

    let pageHeight: Int?
    let pagePerItem: Bool
    private var page = 0
    private var y = 0
    private var placedAny = false

    init(pageHeight: Int?, pagePerItem: Bool) {
        self.pageHeight = pageHeight
        self.pagePerItem = pagePerItem
    }

    /// The placements of an item `height` pixels tall (one unless it is cut across pages).
    mutating func place(height: Int) -> [Placement] {
        defer { placedAny = true }
        if pagePerItem {
            if placedAny { page += 1 }
            return [Placement(page: page, y: 0)]
        }
        guard let pageHeight else {
            defer { y += height }
            return [Placement(page: 0, y: y)]
        }
        if y > 0 && y + height > pageHeight {
            page += 1
            y = 0
        }
        guard height > pageHeight else {
            defer { y += height }
            return [Placement(page: page, y: y)]
        }
        let count = (height + pageHeight - 1) / pageHeight
        let placements = (0..<count).map { Placement(page: page + $0, y: -$0 * pageHeight) }
        page += count - 1
        y = height - (count - 1) * pageHeight
        return placements
    }
}

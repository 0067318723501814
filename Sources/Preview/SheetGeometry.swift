import CellCore
import CellStyle

/// Where everything goes on a contact sheet of a given number of rows: pure arithmetic in points.
///
/// Every constant is a whole number of points and every height is rounded to device pixels, so
/// tables land on whole pixels at any scale.
struct SheetGeometry {
    static let margin = 24.0
    static let blockPadding = 16.0
    static let blockGap = 20.0
    static let contentSizeColumn = 80.0
    static let gutter = 26.0
    static let columnGap = 20.0
    static let rowGap = 20.0

    struct Block {
        var frame: Rect
        var labelOrigin: Point
        var columnLabelY: Double
        var contentSizeLabelYs: [Double]
    }

    let grid: PreviewGrid
    /// Heights of the fixed labels: block heading, column heading, and the header above the blocks.
    let blockLabelHeight: Double
    let columnLabelHeight: Double
    let headerHeight: Double

    /// The x of each width's table (after its gutter).
    var tableXs: [Double] {
        var x = Self.margin + Self.blockPadding + Self.contentSizeColumn
        var xs: [Double] = []
        for width in grid.widths {
            x += Self.gutter
            xs.append(x)
            x += width + Self.columnGap
        }
        return xs
    }

    var width: Double {
        let columns =
            grid.widths.reduce(0, +) + Double(grid.widths.count) * Self.gutter
            + Double(max(0, grid.widths.count - 1)) * Self.columnGap
        return 2 * (Self.margin + Self.blockPadding) + Self.contentSizeColumn + columns
    }

    /// Lays the blocks out for tables of the given heights (indexed like `grid.variants`);
    /// returns each block, each variant's table origin and the sheet's height.
    func arrange(tableHeights: [Double]) -> (blocks: [Block], origins: [Point], height: Double) {
        let xs = tableXs
        var blocks: [Block] = []
        var origins: [Point] = []
        var y = Self.margin + headerHeight
        var index = 0
        for _ in grid.blocks {
            let top = y
            y += Self.blockPadding
            let labelOrigin = Point(x: Self.margin + Self.blockPadding, y: y)
            y += blockLabelHeight + 8
            let columnLabelY = y
            y += columnLabelHeight + 6
            var sizeYs: [Double] = []
            for _ in grid.contentSizes {
                sizeYs.append(y)
                var tallest = 0.0
                for x in xs {
                    origins.append(Point(x: x, y: y))
                    tallest = max(tallest, tableHeights[index])
                    index += 1
                }
                y += tallest + Self.rowGap
            }
            y += Self.blockPadding - Self.rowGap
            blocks.append(
                Block(
                    frame: Rect(x: Self.margin, y: top, width: width - 2 * Self.margin, height: y - top),
                    labelOrigin: labelOrigin, columnLabelY: columnLabelY, contentSizeLabelYs: sizeYs))
            y += Self.blockGap
        }
        return (blocks, origins, y - Self.blockGap + Self.margin)
    }
}

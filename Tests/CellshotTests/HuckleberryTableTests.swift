import CellCore
import CellStyle
import Testing

@testable import Cellshot

@Suite struct HuckleberryTableTests {
    /// The first 200 rows at scale 1: the PNG is exactly as tall as the sum of the heights that
    /// the measure API reports, each rounded to device pixels.
    @Test func tableHeightIsTheSumOfMeasuredRowHeights() throws {
        guard let path = SharedData.require(SharedData.huckleberry) else { return }
        let input = try DataInput.load(path: path)
        #expect(input.rows.count == 1997)
        let rows = Array(input.rows.prefix(200))
        let style = try #require(try BuiltinStyles.spec(named: "numbered-line"))
        let renderer = try TableRenderer(style: style, options: RenderOptions(width: 375, scale: 1))
        let heights = try renderer.measure(rows)
        let sum = heights.map(\.roundedHeight).reduce(0, +)
        let table = try renderer.render(rows)
        #expect(table.pixelHeight == Int(sum))
        #expect(pngHeight(table.png) == Int(sum))
        #expect((17_000...21_000).contains(table.pixelHeight))
        for measurement in heights {
            #expect(measurement.roundedHeight == measurement.roundedHeight.rounded(.up))
            #expect(measurement.roundedHeight - measurement.height < 1)
        }
    }

    func pngHeight(_ bytes: [UInt8]) -> Int? {
        guard bytes.count > 24 else { return nil }
        return bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
    }
}

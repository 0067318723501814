import CellLayout
import CellStyle
import Foundation
import ImageDiff
import Testing

@testable import Cellshot

@Suite struct ImageElementTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    func render(file: String, in folder: URL) throws -> RGBAImage {
        let yaml = "name: pic\ncontent: { image: { file: \"\(file)\", size: 58 } }"
        let spec = try StyleDecoder.decode(yaml, source: "pic.yaml", baseFolder: folder.path)
        let table = try TableRenderer(style: spec, options: RenderOptions(width: 100, scale: 1)).render([
            RowInput(number: 1, fields: [:])
        ])
        return try PNGDecoder.decode(table.png)
    }

    @Test func drawsAJPEGFile() throws {
        let image = try render(file: "focus.jpg", in: Self.fixtures)
        #expect(image.width == 100 && image.height == 58)
        // The icon's purple (88, 86, 214) away from its white glyph, within JPEG's error.
        let pixel = try #require(image.pixel(x: 8, y: 29))
        #expect(abs(Int(pixel.r) - 88) < 12 && abs(Int(pixel.g) - 86) < 12 && abs(Int(pixel.b) - 214) < 12, "\(pixel)")
        // Right of the image: the white cell background.
        #expect(image.pixel(x: 80, y: 29) == RGBA(r: 255, g: 255, b: 255, a: 255))
    }

    @Test func drawsAPNGFileWithItsTransparency() throws {
        let icons = Self.fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Goldens/data/icons")
        let image = try render(file: "wifi.png", in: icons)
        #expect(image.pixel(x: 29, y: 5) == RGBA(r: 0, g: 122, b: 255, a: 255))
        // The icon's rounded corner is transparent: the white background shows through.
        #expect(image.pixel(x: 0, y: 0) == RGBA(r: 255, g: 255, b: 255, a: 255))
    }

    @Test func refusesAFileThatIsNotAnImage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cellshot-img-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not a png".utf8).write(to: folder.appendingPathComponent("bad.png"))
        #expect(throws: CellshotError.self) { try render(file: "bad.png", in: folder) }
        do {
            _ = try render(file: "bad.png", in: folder)
        } catch {
            #expect("\(error)".contains("bad.png: not a readable PNG or JPEG file"), "\(error)")
        }
    }
}

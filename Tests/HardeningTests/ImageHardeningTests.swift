import Foundation
import ImageDiff
import Testing

@testable import Graphics

/// Hostile image files (Fixtures/, written by make_fixtures.py): every one is decoded correctly or
/// refused with its path, before any large allocation, by both decoders Cellshot has: gdk-pixbuf
/// for images in cells (RasterImage) and ImageDiff's own decoder for goldens.
@Suite(.timeLimit(.minutes(1)), .failsOnLibraryWarnings) struct ImageHardeningTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func path(_ name: String) -> String { fixtures.appendingPathComponent(name).path }
    static func bytes(_ name: String) throws -> [UInt8] { try [UInt8](Data(contentsOf: fixtures.appendingPathComponent(name))) }

    func rasterError(_ name: String) -> String? {
        do {
            _ = try RasterImage(path: Self.path(name))
            return nil
        } catch {
            return error.description
        }
    }

    /// 0x12 0x34 0x56, opaque, as Cairo's ARGB32.
    static let expected: UInt32 = 0xFF12_3456

    @Test func goodImageDecodes() throws {
        let image = try RasterImage(path: Self.path("good.png"))
        #expect(image.pixelWidth == 4 && image.pixelHeight == 4)
        #expect(image.argb(x: 3, y: 3) == Self.expected)
    }

    @Test func truncatedIsRefused() throws {
        let message = try #require(rasterError("truncated.png"))
        #expect(message.hasPrefix("image: \(Self.path("truncated.png")): "), "\(message)")
        #expect(throws: PNGError.self) { try PNGDecoder.decode(Self.bytes("truncated.png")) }
    }

    @Test func badChecksumIsRefused() throws {
        let message = try #require(rasterError("bad-crc.png"))
        #expect(message.hasPrefix("image: \(Self.path("bad-crc.png")): "), "\(message)")
        #expect(throws: PNGError.self) { try PNGDecoder.decode(Self.bytes("bad-crc.png")) }
    }

    /// Refused from the header: 10¹² pixels would be 4 TB.
    @Test func millionByMillionClaimIsRefusedFromTheHeader() throws {
        #expect(
            rasterError("huge-claim.png")
                == "image: \(Self.path("huge-claim.png")): 1000000 × 1000000 pixels is larger than the 50000000-pixel limit")
        #expect(throws: PNGError.self) { try PNGDecoder.decode(Self.bytes("huge-claim.png")) }
    }

    /// A zTXt chunk inflating to 256 MB: the pixels decode, the text is never expanded in full.
    @Test func textChunkDecompressionBombIsNotExpanded() throws {
        let image = try RasterImage(path: Self.path("ztxt-bomb.png"))
        #expect(image.argb(x: 0, y: 0) == Self.expected)
        let decoded = try PNGDecoder.decode(Self.bytes("ztxt-bomb.png"))
        #expect(decoded.pixel(x: 0, y: 0) == RGBA(r: 0x12, g: 0x34, b: 0x56))
    }

    /// 16 bits a channel: both decoders keep the high byte of each sample.
    @Test func sixteenBitDecodesToTheHighBytes() throws {
        let image = try RasterImage(path: Self.path("rgba16.png"))
        #expect(image.argb(x: 2, y: 1) == Self.expected)
        let decoded = try PNGDecoder.decode(Self.bytes("rgba16.png"))
        #expect(decoded.pixel(x: 2, y: 1) == RGBA(r: 0x12, g: 0x34, b: 0x56))
    }

    /// An animated PNG shows its default image (the IDAT frame), not a later frame.
    @Test func apngShowsItsDefaultImage() throws {
        let image = try RasterImage(path: Self.path("apng.png"))
        #expect(image.argb(x: 1, y: 1) == Self.expected)
        let decoded = try PNGDecoder.decode(Self.bytes("apng.png"))
        #expect(decoded.pixel(x: 1, y: 1) == RGBA(r: 0x12, g: 0x34, b: 0x56))
    }
}

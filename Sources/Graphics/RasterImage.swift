import CGdkPixbuf
import CPangoCairo

/// A decoded PNG or JPEG, owned as a Cairo image surface ready to paint.
public final class RasterImage {
    /// The largest image Cellshot decodes, in pixels (checked from the header, before decoding).
    public static let maximumPixels = 50_000_000

    public let pixelWidth: Int
    public let pixelHeight: Int
    let surface: OpaquePointer

    /// Decodes the file at `path`; refuses files that are not PNG or JPEG, malformed, or larger
    /// than `maximumPixels`, before allocating their pixels.
    public init(path: String) throws(GraphicsError) {
        var width: Int32 = 0
        var height: Int32 = 0
        guard let format = gdk_pixbuf_get_file_info(path, &width, &height) else {
            throw .image("\(path): not a readable PNG or JPEG file")
        }
        let name = gdk_pixbuf_format_get_name(format).map { pointer -> String in
            defer { g_free(pointer) }
            return String(cString: pointer)
        }
        guard name == "png" || name == "jpeg" else {
            throw .image("\(path): \(name ?? "unknown") images are not supported; use PNG or JPEG")
        }
        guard width > 0, height > 0, Int(width) * Int(height) <= Self.maximumPixels else {
            throw .image("\(path): \(width) × \(height) pixels is larger than the \(Self.maximumPixels)-pixel limit")
        }
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file(path, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw .image("\(path): \(message)")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        self.surface = try Self.surface(from: pixbuf)
        self.pixelWidth = Int(gdk_pixbuf_get_width(pixbuf))
        self.pixelHeight = Int(gdk_pixbuf_get_height(pixbuf))
    }

    deinit { cairo_surface_destroy(surface) }

    /// The premultiplied ARGB32 value of one pixel (for tests that check what was decoded).
    func argb(x: Int, y: Int) -> UInt32? {
        guard (0..<pixelWidth).contains(x), (0..<pixelHeight).contains(y), let data = cairo_image_surface_get_data(surface)
        else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        return UnsafeRawPointer(data).load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    }

    /// Copies a pixbuf (RGB or RGBA, straight alpha) into a premultiplied ARGB32 surface.
    static func surface(from pixbuf: OpaquePointer) throws(GraphicsError) -> OpaquePointer {
        let width = Int(gdk_pixbuf_get_width(pixbuf))
        let height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let sourceStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels == 3 || channels == 4,
            let source = gdk_pixbuf_read_pixels(pixbuf),
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else { throw .image("unsupported pixel layout") }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let target = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            throw .image("could not allocate \(width) × \(height) pixels")
        }
        let targetStride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<height {
            let row = source.advanced(by: y * sourceStride)
            let out = UnsafeMutableRawPointer(target.advanced(by: y * targetStride)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let p = row.advanced(by: x * channels)
                let a = channels == 4 ? UInt32(p[3]) : 255
                let premultiply = { (c: UInt8) in (UInt32(c) * a + 127) / 255 }
                out[x] = a << 24 | premultiply(p[0]) << 16 | premultiply(p[1]) << 8 | premultiply(p[2])
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}

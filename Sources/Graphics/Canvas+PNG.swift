import CPangoCairo

extension Canvas {
    /// The canvas encoded as an 8-bit RGB PNG (no timestamps: same pixels, same bytes).
    ///
    /// Throws if any earlier drawing failed or the encoder reports an error.
    public func encodePNG() throws(GraphicsError) -> [UInt8] {
        try checkStatus("draw")
        cairo_surface_flush(surface)
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let unmanaged = Unmanaged.passRetained(sink)
        defer { unmanaged.release() }
        let status = cairo_surface_write_to_png_stream(
            surface,
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, unmanaged.toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .cairo(operation: "encode PNG", status: String(cString: cairo_status_to_string(status)))
        }
        return sink.bytes
    }

    /// The pixels as RGBA8, row-major (alpha always 255: canvases are opaque).
    public func rgbaPixels() -> [UInt8] {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var out = [UInt8](repeating: 255, count: pixelWidth * pixelHeight * 4)
        for y in 0..<pixelHeight {
            let row = data.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: pixelWidth) { $0 }
            for x in 0..<pixelWidth {
                let value = row[x]
                let o = (y * pixelWidth + x) * 4
                out[o] = UInt8(truncatingIfNeeded: value >> 16)
                out[o + 1] = UInt8(truncatingIfNeeded: value >> 8)
                out[o + 2] = UInt8(truncatingIfNeeded: value)
            }
        }
        return out
    }
}

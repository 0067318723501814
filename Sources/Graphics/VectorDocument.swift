import CPangoCairo

/// A PDF or SVG document drawn through the same `Canvas` API as PNG bands.
///
/// The canvas works in "pixels" of the chosen scale, so row heights and hairlines fall where
/// they fall in the PNG at that scale; a device scale of 1/scale makes the document's own unit
/// the point. PDFs carry fixed creation and modification dates: same input, same bytes.
/// Owns its surface (through the canvas); `finish()` MUST be called before the sink is committed.
public final class VectorDocument {
    public enum Format: String, Sendable, CaseIterable {
        case pdf, svg
    }

    public let format: Format
    public let canvas: Canvas
    private let stream: Unmanaged<StreamBox>

    final class StreamBox {
        let sink: any ByteSink
        var failure: String?
        init(_ sink: any ByteSink) { self.sink = sink }
    }

    /// Starts a document whose first page is `pixelWidth` × `pixelHeight` pixels at `scale`.
    public init(format: Format, sink: any ByteSink, pixelWidth: Int, pixelHeight: Int, scale: Int) throws(GraphicsError) {
        let box = Unmanaged.passRetained(StreamBox(sink))
        let write: cairo_write_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            let box = Unmanaged<StreamBox>.fromOpaque(closure).takeUnretainedValue()
            do {
                try box.sink.write(UnsafeRawBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            } catch {
                box.failure = "\(error)"
                return CAIRO_STATUS_WRITE_ERROR
            }
        }
        let points = (Double(pixelWidth) / Double(scale), Double(pixelHeight) / Double(scale))
        let made: OpaquePointer? =
            switch format {
            case .pdf: cairo_pdf_surface_create_for_stream(write, box.toOpaque(), points.0, points.1)
            case .svg: cairo_svg_surface_create_for_stream(write, box.toOpaque(), points.0, points.1)
            }
        guard let surface = made else {
            box.release()
            throw .cairo(operation: "create a \(format.rawValue) surface", status: "no surface")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            box.release()
            throw .cairo(
                operation: "create a \(format.rawValue) surface", status: String(cString: cairo_status_to_string(status)))
        }
        if format == .pdf {
            // cairo 1.16 writes the current time unless told otherwise.
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, "2000-01-01T00:00:00Z")
        }
        cairo_surface_set_device_scale(surface, 1 / Double(scale), 1 / Double(scale))
        self.format = format
        self.stream = box
        self.canvas = Canvas(surface: surface, cr: cr, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
    }

    deinit { stream.release() }

    /// Ends the current page and starts a PDF page `pixelHeight` pixels tall.
    public func startPage(pixelHeight: Int) throws(GraphicsError) {
        cairo_show_page(canvas.cr)
        if format == .pdf {
            cairo_pdf_surface_set_size(
                canvas.surface, Double(canvas.pixelWidth) / Double(canvas.scale), Double(pixelHeight) / Double(canvas.scale))
        }
        try check("start a page")
    }

    /// Writes everything out; throws the first drawing or writing error.
    public func finish() throws(GraphicsError) {
        try check("draw")
        cairo_surface_finish(canvas.surface)
        try check("finish the document")
    }

    private func check(_ operation: String) throws(GraphicsError) {
        if let failure = stream.takeUnretainedValue().failure { throw .output(failure) }
        let status = cairo_surface_status(canvas.surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .cairo(operation: operation, status: String(cString: cairo_status_to_string(status)))
        }
        try canvas.checkStatus(operation)
    }
}

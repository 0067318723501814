import CPangoCairo
import CellCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The straightforward C pipeline the compositor is measured against, written as described and
/// deliberately untuned: one Pango layout per text of each row, measured, kept, then drawn into
/// 16,384-pixel Cairo pages written with `cairo_surface_write_to_png` (libpng's defaults).
///
/// It draws the numbered-line cell: "Line N" (12 pt, right-aligned, grey) above the sentence
/// (17 pt), 16 pt side margins, 8 pt above, between and below, a hairline separator.
public enum NaiveBaseline {
    public struct Result: Sendable {
        public var files: [String]
        public var bytes: Int
        public var pixelHeight: Int
    }

    public static func render(
        texts: [String], width: Double, scale: Int, pageHeight: Int = 16_384, pathPrefix: String
    ) throws(GraphicsError) -> Result {
        let engine = try TextEngine(fonts: FontLibrary.shared())
        let inner = width - 32
        var rows: [(caption: TextLayout, body: TextLayout, pixels: Int)] = []
        for (index, text) in texts.enumerated() {
            let caption = try engine.layout(
                TextRequest(text: "Line \(index + 1)", font: FontSpec(size: 12), alignment: .trailing), width: inner)
            let body = try engine.layout(TextRequest(text: text, font: FontSpec(size: 17)), width: inner)
            let height = 8 + caption.measurement.size.height + 8 + body.measurement.size.height + 8
            rows.append((caption, body, Int((height * Double(scale)).rounded(.up))))
        }
        var files: [String] = []
        var bytes = 0
        var total = 0
        var start = 0
        while start < rows.count {
            var end = start
            var pagePixels = 0
            while end < rows.count && (end == start || pagePixels + rows[end].pixels <= pageHeight) {
                pagePixels += rows[end].pixels
                end += 1
            }
            let canvas = try Canvas(pixelWidth: Int(width) * scale, pixelHeight: pagePixels, scale: scale)
            canvas.fill(Rect(x: 0, y: 0, width: width, height: Double(pagePixels) / Double(scale)), color: .white)
            var y = 0
            for index in start..<end {
                let top = Double(y) / Double(scale)
                let row = rows[index]
                canvas.draw(row.caption, at: Point(x: 16, y: top + 8), color: Color(r: 60, g: 60, b: 67, a: 0.6))
                canvas.draw(
                    row.body, at: Point(x: 16, y: top + 16 + row.caption.measurement.size.height), color: .black)
                y += row.pixels
                if index < rows.count - 1 {
                    canvas.hairline(
                        fromX: 16, toX: width, bottom: Double(y) / Double(scale), color: Color(r: 60, g: 60, b: 67, a: 0.29))
                }
            }
            try canvas.checkStatus("draw a baseline page")
            let path = "\(pathPrefix)-\(files.count + 1).png"
            let status = cairo_surface_write_to_png(canvas.surface, path)
            guard status == CAIRO_STATUS_SUCCESS else {
                throw .cairo(operation: "write \(path)", status: String(cString: cairo_status_to_string(status)))
            }
            files.append(path)
            bytes += fileSize(path)
            total += pagePixels
            start = end
        }
        return Result(files: files, bytes: bytes, pixelHeight: total)
    }

    private static func fileSize(_ path: String) -> Int {
        guard let file = fopen(path, "rb") else { return 0 }
        defer { fclose(file) }
        fseek(file, 0, SEEK_END)
        return ftell(file)
    }
}

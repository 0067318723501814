import CellCore
import CellStyle
import Graphics

/// Options of a streamed render.
public struct StreamOptions: Sendable {
    public var width: Double
    public var scale: Int
    public var debugBorders: Bool
    /// Worker threads laying out, painting and compressing (at least 1).
    public var threads: Int
    /// Pages of at most this many device pixels; nil: one image of any height.
    public var pageHeight: Int?
    /// One image per item (with `TableItem.items(rowsOnly:)`: one per row).
    public var pagePerItem: Bool
    /// Items laid out together by one worker; fixed, so chunking never depends on threads.
    public var chunkItems: Int
    /// The most pixels one band surface holds (memory per worker ≈ 7 bytes a pixel).
    public var bandPixels: Int
    /// How bands are compressed (the bytes differ, the pixels never do).
    public var compression: BandCompression
    /// How workers measure and lay out text (engine, fonts, policies).
    public var layoutSetup: LayoutSetup = .pango

    public init(
        width: Double, scale: Int, debugBorders: Bool = false, threads: Int = 1, pageHeight: Int? = nil,
        pagePerItem: Bool = false, chunkItems: Int = 16, bandPixels: Int = 1 << 21,
        compression: BandCompression = PNGBandEncoder.defaultCompression
    ) {
        self.width = width
        self.scale = scale
        self.debugBorders = debugBorders
        self.threads = threads
        self.pageHeight = pageHeight
        self.pagePerItem = pagePerItem
        self.chunkItems = chunkItems
        self.bandPixels = bandPixels
        self.compression = compression
    }
}

/// Renders a table of any length as streamed PNG pages with bounded memory, on several threads,
/// with bytes identical to a one-thread render.
///
/// Items are cut into fixed chunks; a worker lays a chunk out with its own Pango objects, waits
/// until every earlier chunk has been placed (placement needs only heights), paints the chunk
/// in bands no larger than `bandPixels` and compresses each band into a joinable piece of its
/// page's zlib stream. Pieces are written in order by whichever worker finds the next one ready.
public enum StreamingCompositor {
    public static func render(
        _ items: [TableItem], style: ResolvedStyle, design: TableDesign, options: StreamOptions, output: any PageOutput,
        progress: (@Sendable (RenderProgress) -> Void)? = nil
    ) throws(CompositorError) -> StreamReport {
        guard !items.isEmpty else { throw .empty }
        let pixelWidth = PixelGrid.pixels(options.width, scale: options.scale)
        guard pixelWidth >= 1, pixelWidth <= Canvas.maximumSide else {
            throw .graphics("the table is \(pixelWidth) pixels wide; it must be 1 to \(Canvas.maximumSide)")
        }
        if let pageHeight = options.pageHeight, pageHeight < 1 {
            throw .graphics("the page height must be at least 1 pixel, got \(pageHeight)")
        }
        do {
            _ = try FontLibrary.shared()  // fontconfig is initialised here, before any worker starts
        } catch {
            throw .graphics(error.description)
        }
        let job = StreamJob(
            items: items, style: style, design: design, options: options, pixelWidth: pixelWidth, output: output,
            progress: progress)
        let threads = max(1, min(options.threads, (items.count + options.chunkItems - 1) / options.chunkItems))
        Workers.run(count: threads) { _ in job.work() }
        return try job.result()
    }
}

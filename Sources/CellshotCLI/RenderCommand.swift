import ArgumentParser
import Cellshot
import TableCompositor

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Renders the table of the data's rows in a style as PNG: one image of any height, pages, or one per row.")

    @OptionGroup var table: TableOptions
    @OptionGroup var design: TableDesignOptions

    @Option(help: "The table width in points (default 375).")
    var width: Double?

    @Flag(help: "Draw a one-device-pixel border around every laid-out frame.")
    var debugBorders = false

    @Option(name: .shortAndLong, help: "The PNG to write (`-` writes to standard output); with --page-height, NAME-001.png ….")
    var output: String?

    @Option(
        help:
            "The image format written: png, pdf or svg (default: the -o extension, else png). Not --format, which is the data's.")
    var outputFormat: String?

    @Option(help: "Pages of at most N device pixels, never cutting a row unless it is taller than a page.")
    var pageHeight: Int?

    @Option(help: "Write one PNG per row into this folder, named by row number (or --name-field).")
    var eachRow: String?

    @Option(help: "With --each-row: the data field that names each file.")
    var nameField: String?

    @Option(help: "Render part i of n of the selected rows, like 2/4, so several machines can share a batch.")
    var shard: String?

    @Option(help: "Worker threads (default: one per core); the output bytes are the same for any count.")
    var threads: Int?

    @Flag(name: .shortAndLong, help: "No progress bar and no summary line.")
    var quiet = false

    func run() throws {
        do {
            try render()
        } catch let error as CellshotError {
            throw fail(error)
        }
    }

    private func render() throws(CellshotError) {
        guard (output == nil) != (eachRow == nil) else {
            throw .invalidOption("give exactly one of -o FILE and --each-row DIR")
        }
        let format =
            outputFormat ?? output.flatMap { $0.split(separator: ".").count > 1 ? $0.split(separator: ".").last : nil }
            .map { String($0).lowercased() } ?? "png"
        guard let imageFormat = ImageFormat(rawValue: format) else {
            throw .invalidOption("--output-format must be png, pdf or svg (or an -o FILE with that extension), got `\(format)`")
        }
        if imageFormat != .png && eachRow != nil {
            throw .invalidOption("--each-row writes PNG files; it does not take --output-format \(format)")
        }
        if pageHeight != nil && imageFormat != .pdf && (output == "-" || eachRow != nil) {
            throw .invalidOption("--page-height writes several files: give -o NAME.png, not `-` or --each-row")
        }
        var widths: [Double]?
        if let width { widths = [width] }
        let settings = try table.settings(width: widths, debugBorders: debugBorders)
        var tableDesign = try design.design()
        if !design.separatorsGiven {
            // The table file's separators, unless the command line set them.
            let separators = settings.options.separators
            tableDesign.showsSeparators = separators.visible
            tableDesign.separatorLeadingInset = separators.leadingInset
            tableDesign.separatorTrailingInset = separators.trailingInset
            if separators.color != nil {
                tableDesign.separatorColor = separators.resolvedColor(for: settings.options.environment.appearance)
            }
        }
        if let file = settings.file {
            // The table file's table design, for whatever the command line left unsaid.
            if design.tableStyle == nil, let style = file.tableStyle {
                tableDesign.style = style == .insetGrouped ? .insetGrouped : style == .grouped ? .grouped : .plain
            }
            if design.sectionField == nil { tableDesign.sectionField = file.sectionField }
            if design.footerField == nil { tableDesign.footerField = file.footerField }
            if design.tableHeader == nil { tableDesign.headerText = file.header }
        }
        let spec = settings.spec
        var input = settings.input
        if let shard {
            input.rows = try RowShard(parsing: shard).slice(input.rows)
            guard !input.rows.isEmpty else { throw .invalidOption("--shard \(shard) selects no rows") }
        }
        let renderer = try TableRenderer(style: spec, options: settings.options)
        let pages = try pageOutput(input: input, format: imageFormat)
        let bar = ProgressBar(quiet: quiet)
        let report = try renderer.renderStream(
            input.rows, source: input.source,
            stream: StreamRenderOptions(
                threads: threads ?? Self.coreCount, pageHeight: pageHeight, eachRow: eachRow != nil, design: tableDesign,
                format: imageFormat),
            output: pages, progress: { bar.update($0) })
        bar.clear()
        for line in DiagnosticSummary.lines(report.diagnostics, source: input.source) { printError(line) }
        if !quiet {
            let files = output == "-" ? "standard output" : pages.paths.count == 1 ? pages.paths[0] : "\(pages.paths.count) files"
            let seconds = (bar.elapsed * 100).rounded() / 100
            printError(
                "wrote \(files): \(report.rows) rows, \(report.pixelWidth) × \(report.pageHeights.reduce(0, +)) px "
                    + "(\(report.pixelCount / 1_000_000) Mpx) in \(seconds) s")
        }
    }

    private func pageOutput(input: DataInput, format: ImageFormat) throws(CellshotError) -> FilePages {
        if let eachRow {
            let names = input.rows.map { row in nameField.flatMap { row.fields[$0] }.map(Self.safeFileName) ?? "row-\(row.number)"
            }
            return FilePages { index, _ in "\(eachRow)/\(names[index]).png" }
        }
        guard let output else { throw .invalidOption("give -o FILE") }
        if output == "-" {
            let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
            return FilePages(standardOutputVia: folder)
        }
        if pageHeight != nil && format != .pdf {
            return FilePages { index, _ in FilePages.pagedName(output, page: index) }
        }
        return FilePages { _, _ in output }
    }

    static func safeFileName(_ text: String) -> String {
        let cleaned = String(text.map { $0 == "/" || $0 == "\u{0}" || $0.isNewline ? "_" : $0 }.prefix(100))
        return cleaned.isEmpty || cleaned == "." || cleaned == ".." ? "_" : cleaned
    }

    static var coreCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}

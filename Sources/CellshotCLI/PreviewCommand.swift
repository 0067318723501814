import ArgumentParser
import Cellshot
import Dispatch
import Foundation
import Preview

/// The options `preview` and `serve` share: what to show, and on which grid of variants.
struct PreviewOptions: ParsableArguments {
    @Option(help: "A built-in style name (see `cellshot styles`) or a style file (YAML or JSON).")
    var style: String

    @Option(help: "The data file: .json, .yaml/.yml, .csv, .plist or .txt.")
    var data: String

    @Option(help: "The data format when the extension does not say it (json, yaml, csv, plist, text).")
    var format: String?

    @Option(help: "Table widths in points, comma-separated (default 320,375,414,768).")
    var widths: String?

    @Option(help: "Content size categories, comma-separated (default xSmall,large,xxxLarge,AX3; up to AX5).")
    var contentSizes: String?

    @Option(help: "light, dark or light,dark (default both).")
    var appearances: String?

    @Flag(help: "Add right-to-left variants of every appearance.")
    var rtl = false

    @Option(help: "Only these rows, 1-based and inclusive, like 1..6 (default: the first 12).")
    var rows: String?

    @Option(help: "Device pixels per point of the sheet: 1, 2 or 3 (default 2; serve: 1, and 2 for single variants).")
    var scale: Int?

    @Flag(help: "Draw a one-device-pixel border around every laid-out frame.")
    var debugBorders = false

    @Flag(help: "Let image paths in the data point outside the data file's folder.")
    var allowImagesOutsideData = false

    func inputs(defaultScale: Int = 2) throws(CellshotError) -> PreviewInputs {
        if let scale, ![1, 2, 3].contains(scale) {
            throw .invalidOption("--scale must be 1, 2 or 3 (device pixels per point), got \(scale)")
        }
        var grid = PreviewGrid()
        do {
            if let widths { grid.widths = try PreviewGrid.parseWidths(widths) }
            if let contentSizes { grid.contentSizes = try PreviewGrid.parseContentSizes(contentSizes) }
            if let appearances { grid.appearances = try PreviewGrid.parseAppearances(appearances) }
        } catch {
            throw .invalidOption(error.description)
        }
        if rtl { grid.directions = [.leftToRight, .rightToLeft] }
        var range: ClosedRange<Int>?
        if let rows {
            let parsed = try RowRange(parsing: rows)
            range = parsed.lower...parsed.upper
        }
        return PreviewInputs(
            style: style, data: data, format: format, rows: range, grid: grid, scale: scale ?? defaultScale,
            debugBorders: debugBorders,
            allowImagesOutsideData: allowImagesOutsideData)
    }
}

struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Renders a contact sheet: the same rows under every width, text size, appearance and direction.")

    @OptionGroup var preview: PreviewOptions

    @Option(name: .shortAndLong, help: "The PNG to write (default sheet.png).")
    var output = "sheet.png"

    @Flag(help: "Render again whenever the style or data file changes; keeps the last good image on errors.")
    var watch = false

    func run() throws {
        let inputs: PreviewInputs
        do {
            inputs = try preview.inputs()
        } catch {
            throw fail(error)
        }
        let succeeded = renderOnce(inputs)
        guard watch else {
            if !succeeded { throw ExitCode(1) }
            return
        }
        let paths = inputs.watchedPaths
        guard !paths.isEmpty else {
            printError(
                "error: --watch needs a style file or a data file to watch; built-in styles and standard input never change")
            throw ExitCode(1)
        }
        Signals.unblockTermination()
        printError("watching \(paths.joined(separator: ", ")); press Ctrl-C to stop")
        let watcher = FileWatcher(paths: paths)
        while let changed = watcher.waitForChange() {
            printError("changed: \(changed.joined(separator: ", "))")
            _ = renderOnce(inputs)
        }
    }

    /// Renders and writes the sheet; prints the time it took, or the error (the old image stays).
    private func renderOnce(_ inputs: PreviewInputs) -> Bool {
        let start = DispatchTime.now()
        do {
            let (request, warnings) = try inputs.load()
            for warning in warnings { printError("warning: \(warning)") }
            let sheet = try Previewer.contactSheet(request)
            try OutputFile.write(sheet.png, to: output)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
            for note in sheet.notes { printError("note: \(note)") }
            let flagged = sheet.flaggedTiles.count
            printError(
                "wrote \(output): \(sheet.variants.count) variants × \(sheet.rowNumbers.count) rows, "
                    + "\(sheet.pixelWidth) × \(sheet.pixelHeight) px, \(flagged) flagged cell\(flagged == 1 ? "" : "s"), "
                    + "in \(String(format: "%.0f", elapsed)) ms")
            return true
        } catch let error as PreviewError {
            printError("error: \(error)" + (watch ? " (kept the previous \(output))" : ""))
        } catch {
            printError("error: \(error)")
        }
        return false
    }
}

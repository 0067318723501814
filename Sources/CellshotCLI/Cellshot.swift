import ArgumentParser
import Cellshot

@main
struct CellshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cellshot",
        abstract: "Renders rows of data into pictures of variable-height table cells.",
        version: CellshotVersion.string,
        subcommands: [
            RenderCommand.self, MeasureCommand.self, StylesCommand.self, SchemaCommand.self, FontsCommand.self,
            DiffCommand.self, VerifyCommand.self, RecordCommand.self, ReportCommand.self,
            PreviewCommand.self, ServeCommand.self,
        ],
        defaultSubcommand: nil)
}

/// Prints `error` as one line on standard error and exits with status 1.
func fail(_ error: CellshotError) -> ExitCode {
    if case .strict(let source, let warnings) = error {
        for line in DiagnosticSummary.lines(warnings, source: source) { printError(line) }
    }
    printError("error: \(error)")
    return ExitCode(1)
}

func printError(_ message: String) {
    var standardError = StandardError()
    print(message, to: &standardError)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileDescriptorOutput.write(string, to: 2)
    }
}

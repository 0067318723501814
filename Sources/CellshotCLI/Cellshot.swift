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
            PreviewCommand.self, ServeCommand.self,
        ],
        defaultSubcommand: nil)
}

/// Prints `error` as one line on standard error and exits with status 1.
func fail(_ error: CellshotError) -> ExitCode {
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

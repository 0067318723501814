import ArgumentParser
import CellStyle
import Cellshot

struct StylesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "styles", abstract: "Lists the built-in styles, or prints one as a starting point for your own.")

    @Option(help: "Print the source of this built-in style.")
    var show: String?

    func run() throws {
        if let show {
            guard let source = BuiltinStyles.source(named: show) else {
                throw fail(
                    .invalidOption(
                        "no built-in style `\(show)`; built-in styles are \(BuiltinStyles.names.joined(separator: ", "))"))
            }
            print(source, terminator: "")
            return
        }
        let width = BuiltinStyles.names.map(\.count).max() ?? 0
        for name in BuiltinStyles.names {
            let description = (try? BuiltinStyles.spec(named: name))??.description ?? ""
            print(name.padding(to: width) + "  " + description)
        }
    }
}

struct FontsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts", abstract: "Lists the pinned font files and the library versions Cellshot renders with.")

    func run() throws {
        do {
            let report = try EnvironmentReport.current()
            print(report.text)
        } catch let error as CellshotError {
            throw fail(error)
        }
    }
}

extension String {
    func padding(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}

import ArgumentParser
import CellStyle

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Prints the JSON Schema of style files (or of table files), for editors' YAML/JSON language servers.")

    @Flag(help: "Print the schema of table files instead of style files.")
    var table = false

    func run() throws {
        print(table ? StyleSchema.tableJSON : StyleSchema.styleJSON, terminator: "")
    }
}

import Foundation

/// The styles that ship with Cellshot, written in the style language as resource files.
public enum BuiltinStyles {
    /// The names of the built-in styles, sorted.
    public static let names = ["caption-text", "label", "numbered-line", "quotation", "tagged"]

    /// The source text of a built-in style, or nil when there is no such style.
    public static func source(named name: String) -> String? {
        guard names.contains(name),
            let url = Bundle.module.url(forResource: name, withExtension: "yaml", subdirectory: "Styles"),
            let data = try? Data(contentsOf: url)
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The parsed built-in style `name`.
    public static func spec(named name: String) throws(StyleError) -> StyleSpec? {
        guard let text = source(named: name) else { return nil }
        return try StyleDecoder.decode(text, source: "built-in style \(name)")
    }
}

extension StyleSpec {
    /// Loads a style by built-in name, or from a YAML/JSON file at `path`.
    public static func load(nameOrPath: String) throws(StyleError) -> StyleSpec {
        if let builtin = try BuiltinStyles.spec(named: nameOrPath) { return builtin }
        guard FileManager.default.fileExists(atPath: nameOrPath) else {
            var message = "no built-in style or file named `\(nameOrPath)`"
            if let near = nearest(to: nameOrPath, in: BuiltinStyles.names) {
                message += "; did you mean `\(near)`?"
            } else {
                message += "; built-in styles are \(BuiltinStyles.names.joined(separator: ", "))"
            }
            throw StyleError(source: nameOrPath, message: message)
        }
        guard let data = FileManager.default.contents(atPath: nameOrPath) else {
            throw StyleError(source: nameOrPath, message: "cannot read the style file")
        }
        guard data.count <= 4 << 20 else {
            throw StyleError(source: nameOrPath, message: "the style file is larger than 4 MiB")
        }
        let folder = URL(fileURLWithPath: nameOrPath).deletingLastPathComponent().path
        return try StyleDecoder.decode(String(decoding: data, as: UTF8.self), source: nameOrPath, baseFolder: folder)
    }
}

/// The formats a data set can be read from.
///
/// A format is either given by the caller or inferred from a file's extension;
/// there is no content sniffing, so the same bytes always parse the same way.
public enum DataFormat: String, CaseIterable, Sendable {
    /// A JSON array of objects or of strings.
    case json
    /// A YAML sequence of mappings or of scalars.
    case yaml
    /// RFC 4180 comma-separated values with a header row.
    case csv
    /// An XML or binary property list holding an array of dictionaries or strings.
    case plist
    /// Plain text, one row per line in the field `text`.
    case text

    /// Infers a format from a file extension, ignoring case.
    ///
    /// Accepts `json`; `yaml`, `yml`; `csv`; `plist`; `txt`, `text`. A leading dot
    /// is allowed. Returns nil for anything else, so the caller MUST report the
    /// unknown extension rather than guess.
    public init?(pathExtension: String) {
        var ext = pathExtension.lowercased()
        if ext.hasPrefix(".") { ext.removeFirst() }
        switch ext {
        case "json": self = .json
        case "yaml", "yml": self = .yaml
        case "csv": self = .csv
        case "plist": self = .plist
        case "txt", "text": self = .text
        default: return nil
        }
    }

    /// The extensions accepted by `init(pathExtension:)`, for error messages.
    public static let knownExtensions = ["json", "yaml", "yml", "csv", "plist", "txt", "text"]
}

import Foundation

/// Reads rows from JSON, YAML, CSV, property lists or plain text.
///
/// Guarantees, for every format:
/// - a leading UTF-8 byte-order mark is dropped; LF, CRLF and CR all end a
///   line, and line numbers count them the same way;
/// - invalid UTF-8 becomes U+FFFD with a `DataWarning` naming the row (and
///   field), never an error and never a silent loss;
/// - NUL and other control characters are kept in values as they are;
/// - every syntax error carries a line and column (property lists: the line
///   Foundation reports, when it reports one);
/// - an empty array (or a CSV header with no records, or an empty text file)
///   is an empty `DataSet`, not an error.
public enum DataLoader {
    /// Loads the file at `path`, inferring the format from its extension
    /// unless `format` is given.
    ///
    /// The file's size is checked against `limits.maxBytes` before it is read.
    /// The error's `sourceName` is `path` as given.
    public static func load(
        contentsOf path: String, format: DataFormat? = nil, limits: DataLimits = .default
    ) throws(DataError) -> DataSet {
        let resolved: DataFormat
        if let format { resolved = format } else { resolved = try inferFormat(path: path) }
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw DataError(sourceName: path, message: "cannot read the file: \(reason(error))")
        }
        if attributes[.type] as? FileAttributeType == .typeDirectory {
            throw DataError(sourceName: path, message: "cannot read the file: it is a directory")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= limits.maxBytes else {
            throw DataError(sourceName: path, message: tooLarge(size: size, limits: limits))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw DataError(sourceName: path, message: "cannot open the file for reading")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            // Read at most one byte past the limit: the file may grow after the size check.
            data = try handle.read(upToCount: limits.maxBytes + 1) ?? Data()
        } catch {
            throw DataError(sourceName: path, message: "cannot read the file: \(reason(error))")
        }
        return try load([UInt8](data), format: resolved, sourceName: path, limits: limits)
    }

    /// Loads rows from bytes already in memory, such as standard input.
    ///
    /// The format MUST be given: bytes have no extension to infer it from, and
    /// guessing from content would let the same input parse differently. The
    /// CLI passes `sourceName` "<stdin>" and its `--format` (JSON by default).
    public static func load(
        _ bytes: [UInt8], format: DataFormat, sourceName: String, limits: DataLimits = .default
    ) throws(DataError) -> DataSet {
        guard bytes.count <= limits.maxBytes else {
            throw DataError(sourceName: sourceName, message: tooLarge(size: bytes.count, limits: limits))
        }
        let body = SourceText.droppingByteOrderMark(bytes)
        switch format {
        case .json:
            var reader = JSONReader(bytes: body, sourceName: sourceName, limits: limits)
            return try reader.read()
        case .yaml:
            var reader = YAMLReader(bytes: body, sourceName: sourceName, limits: limits)
            return try reader.read()
        case .csv:
            var reader = CSVReader(bytes: body, sourceName: sourceName, limits: limits)
            return try reader.read()
        case .plist:
            var reader = PlistReader(bytes: body, sourceName: sourceName, limits: limits)
            return try reader.read()
        case .text:
            var reader = TextReader(bytes: body, sourceName: sourceName, limits: limits)
            return try reader.read()
        }
    }

    private static func inferFormat(path: String) throws(DataError) -> DataFormat {
        let ext = (path as NSString).pathExtension
        if let format = DataFormat(pathExtension: ext) { return format }
        let known = DataFormat.knownExtensions.map { ".\($0)" }.joined(separator: ", ")
        let found = ext.isEmpty ? "no extension" : "the unknown extension `.\(ext)`"
        throw DataError(
            sourceName: path,
            message: "cannot tell the format from \(found); use one of \(known) or give the format")
    }

    private static func tooLarge(size: Int, limits: DataLimits) -> String {
        "the input is \(size) bytes, more than the limit of \(limits.maxBytes) bytes"
    }

    private static func reason(_ error: any Error) -> String {
        (error as NSError).localizedDescription
    }
}

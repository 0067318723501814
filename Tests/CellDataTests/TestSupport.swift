import CellData

/// Loads `text` as `format`, naming the source like a file so messages read naturally.
func load(
    _ text: String, _ format: DataFormat, name: String? = nil, limits: DataLimits = .default
) throws(DataError) -> DataSet {
    try DataLoader.load(
        Array(text.utf8), format: format, sourceName: name ?? "rows.\(format.rawValue)",
        limits: limits)
}

/// Loads raw bytes, for inputs a Swift string cannot hold (invalid UTF-8, a BOM).
func load(
    bytes: [UInt8], _ format: DataFormat, limits: DataLimits = .default
) throws(DataError) -> DataSet {
    try DataLoader.load(bytes, format: format, sourceName: "rows.\(format.rawValue)", limits: limits)
}

/// The description of the error loading `text` throws, or nil when it loads.
func failure(_ text: String, _ format: DataFormat, limits: DataLimits = .default) -> String? {
    failure(bytes: Array(text.utf8), format, limits: limits)
}

/// The description of the error loading `bytes` throws, or nil when it loads.
func failure(bytes: [UInt8], _ format: DataFormat, limits: DataLimits = .default) -> String? {
    do {
        _ = try load(bytes: bytes, format, limits: limits)
        return nil
    } catch {
        return error.description
    }
}

let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

extension DataSet {
    /// Each row's fields, for comparing whole data sets in one assertion.
    var allFields: [[String: String]] { rows.map(\.fields) }
}

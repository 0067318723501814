/// The outcome of verifying one case, as the reports show it.
public struct CaseResult: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        case passed, failed, missing, error
    }

    public var name: String
    public var status: Status
    /// One line: why it failed (empty when it passed).
    public var message: String
    public var mismatchedPixels: Int?
    public var totalPixels: Int?
    public var expectedSize: [Int]?
    public var actualSize: [Int]?
    /// Seconds spent rendering and comparing.
    public var time: Double
    /// "pango 1.50.12 → 1.52.0", …: empty when the environment is the golden's.
    public var environmentChanges: [String] = []
    public var rowChanges: [RowChange] = []
    /// Artifact files relative to the artifacts folder (expected, actual, diff, debug versions, crops).
    public var artifacts: [String: String] = [:]

    public var passed: Bool { status == .passed }

    /// The failure explained, most telling first: environment, then rows.
    public var explanation: [String] {
        var lines: [String] = []
        if !environmentChanges.isEmpty { lines.append("environment changed: " + environmentChanges.joined(separator: ", ")) }
        if !message.isEmpty { lines.append(message) }
        let shown = rowChanges.prefix(20)
        lines += shown.map(\.summary)
        if rowChanges.count > shown.count { lines.append("… and \(rowChanges.count - shown.count) more rows") }
        return lines
    }
}

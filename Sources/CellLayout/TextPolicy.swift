import CellCore

/// How the layout engine treats the text it binds before measuring it: the opt-in
/// Windows-1252 repair and the limits every text is cut at.
public struct TextPolicy: Hashable, Sendable {
    /// Replaces U+0080…U+009F by the Windows-1252 characters they were mis-decoded from.
    public var repairCP1252: Bool
    public var limits: TextLimits

    public init(repairCP1252: Bool = false, limits: TextLimits = .standard) {
        self.repairCP1252 = repairCP1252
        self.limits = limits
    }
}

/// The diagnostics of one row's layout, each once, in the order found.
///
/// A reference so that the pass's non-mutating walk can record into it; a text measured twice
/// (one-line width, then wrapped) reports its problems once.
final class DiagnosticLog {
    private(set) var items: [TextDiagnostic] = []
    private var seen = Set<TextDiagnostic>()

    func record(_ diagnostic: TextDiagnostic) {
        if seen.insert(diagnostic).inserted { items.append(diagnostic) }
    }
}

import CellCore
import Graphics

/// The real text engine over the pinned fonts, one per test (engines are per thread).
enum Pango {
    static func engine() throws -> TextEngine { try TextEngine(fonts: FontLibrary.shared()) }

    static let inter = FontSpec(size: 17)

    /// A sentence long enough to wrap onto several lines at 200 points.
    static let paragraph = "The quick brown fox jumps over the lazy dog while the cat watches from the warm windowsill."
}

import CellCore
import CellData
import CellLayout
import CellStyle
import Graphics
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The text measurements the numbered-line style asks for, recorded without measuring.
final class NumberedLineRequests: TextMeasuring {
    private(set) var calls: [(request: TextRequest, width: Double?)] = []

    func measure(_ request: TextRequest, width: Double?) throws -> MeasuredText {
        calls.append((request, width))
        return MeasuredText(size: Size(width: 0, height: request.font.size), lines: [], prepared: nil)
    }

    /// Every measurement numbered-line makes for `texts` in a table `width` points wide.
    static func calls(texts: [String], width: Double, contentSize: ContentSizeCategory) throws -> [(
        request: TextRequest, width: Double?
    )] {
        let spec = try StyleSpec.load(nameOrPath: "numbered-line")
        let style = try StyleResolver.resolve(spec, for: StyleEnvironment(contentSize: contentSize, appearance: .light))
        let recorder = NumberedLineRequests()
        let engine = LayoutEngine(style: style, measurer: recorder)
        for (index, text) in texts.enumerated() {
            _ = try engine.layout(RowInput(number: index + 1, fields: ["text": text]), width: width)
        }
        return recorder.calls
    }
}

/// The Huckleberry rows from ../shared, or a skip (a failure when CI is set) when absent.
enum HuckleberryData {
    static let path = "../shared/data/huckleberry.plist"

    static func texts() throws -> [String] {
        guard access(path, R_OK) == 0 else {
            if getenv("CI") != nil { XCTFail("\(path) is missing and CI is set") }
            throw XCTSkip("\(path) is absent (run from the worktree next to ../shared)")
        }
        return try DataLoader.load(contentsOf: path).rows.map { $0.fields["text"] ?? $0.fields.values.first ?? "" }
    }
}

import CellCore
import CellLayout
import Cellshot
import Foundation

/// What a golden remembers besides its pixels: the rendering environment and the layout tree.
///
/// Stored beside the golden as `NAME.golden.json`; verify compares it with a fresh render to
/// say which rows and elements changed, and whether the environment did.
public struct GoldenSnapshot: Codable, Sendable, Equatable {
    public var format = 1
    public var image: ImageInfo
    public var environment: RenderEnvironment
    public var rows: [RowSnapshot]

    public struct ImageInfo: Codable, Sendable, Equatable {
        public var width: Int
        public var height: Int
        public var scale: Int
    }

    /// One row: its position in the table (points, top edge) and height, and its elements.
    public struct RowSnapshot: Codable, Sendable, Equatable {
        public var row: Int
        public var y: Double
        public var height: Double
        public var elements: [ElementSnapshot]
    }

    /// One laid-out element: `path` identifies it within the row (kinds, ids, sibling indices).
    public struct ElementSnapshot: Codable, Sendable, Equatable {
        public var path: String
        public var kind: String
        public var id: String?
        /// "x y width height" in points, in the row's coordinates.
        public var frame: String
        public var lines: Int?

        /// The frame's four numbers (empty when the stored text is not four numbers).
        public var rect: [Double] {
            let values = frame.split(separator: " ").compactMap { Double($0) }
            return values.count == 4 ? values : []
        }

        /// The element's name in explanations: its id, else its path.
        var name: String { id ?? path }
    }

    public init(image: ImageInfo, environment: RenderEnvironment, rows: [RowSnapshot]) {
        self.image = image
        self.environment = environment
        self.rows = rows
    }

    /// The snapshot of a render: its size, environment and every row's layout tree.
    public init(rendered: RenderedTable, scale: Int, environment: RenderEnvironment) {
        image = ImageInfo(width: rendered.pixelWidth, height: rendered.pixelHeight, scale: scale)
        self.environment = environment
        var y = 0.0
        rows = rendered.rows.map { layout in
            let row = RowSnapshot(
                row: layout.rowNumber, y: Self.rounded(y), height: Self.rounded(layout.height),
                elements: Self.elements(layout.root, path: ""))
            y += PixelGrid.ceil(layout.height, scale: scale)
            return row
        }
    }

    static func elements(_ node: LayoutNode, path: String, index: Int? = nil) -> [ElementSnapshot] {
        var step = node.kind.rawValue + (node.id.map { "#\($0)" } ?? "")
        if let index, node.id == nil { step += "[\(index)]" }
        let here = path.isEmpty ? step : path + "/" + step
        let frame = [node.frame.x, node.frame.y, node.frame.width, node.frame.height].map(formatPoints).joined(separator: " ")
        let element = ElementSnapshot(
            path: here, kind: node.kind.rawValue, id: node.id, frame: frame, lines: node.measuredText?.lineCount)
        return [element] + node.children.enumerated().flatMap { elements($1, path: here, index: $0) }
    }

    /// Points to 1/1000, so the stored tree does not churn on floating-point noise.
    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}

/// The versions and font files a golden was rendered with.
public struct RenderEnvironment: Codable, Sendable, Equatable {
    public var cellshot: String
    public var cairo: String
    public var pango: String
    public var harfBuzz: String
    public var freeType: String
    public var fontconfig: String
    /// The font files the render used: file name and SHA-256.
    public var fonts: [FontFile]

    public struct FontFile: Codable, Sendable, Equatable {
        public var file: String
        public var sha256: String
    }

    /// The environment of this process for a render that used `fontFiles`.
    public static func current(fontFiles: [String]) throws(CellshotError) -> RenderEnvironment {
        let report = try EnvironmentReport.current()
        let digests = DigestCache.digests(of: fontFiles)
        let fonts = fontFiles.map { path in
            FontFile(file: String(path.split(separator: "/").last ?? Substring(path)), sha256: digests[path] ?? "unreadable")
        }
        let libraries = report.libraries
        return RenderEnvironment(
            cellshot: report.cellshot, cairo: libraries.cairo, pango: libraries.pango, harfBuzz: libraries.harfBuzz,
            freeType: libraries.freeType, fontconfig: libraries.fontconfig, fonts: fonts.sorted { $0.file < $1.file })
    }

    /// What differs from `old`, one phrase each ("pango 1.50.12 → 1.52.0", "font Inter-Regular.otf changed").
    public func changes(from old: RenderEnvironment) -> [String] {
        var changes: [String] = []
        let pairs: [(String, String, String)] = [
            ("cellshot", old.cellshot, cellshot), ("cairo", old.cairo, cairo), ("pango", old.pango, pango),
            ("harfbuzz", old.harfBuzz, harfBuzz), ("freetype", old.freeType, freeType),
            ("fontconfig", old.fontconfig, fontconfig),
        ]
        for (name, before, after) in pairs where before != after { changes.append("\(name) \(before) → \(after)") }
        let before = Dictionary(old.fonts.map { ($0.file, $0.sha256) }, uniquingKeysWith: { a, _ in a })
        let after = Dictionary(fonts.map { ($0.file, $0.sha256) }, uniquingKeysWith: { a, _ in a })
        for file in before.keys.sorted() {
            if let now = after[file] {
                if now != before[file] {
                    changes.append("font \(file) changed (sha256 \(before[file]!.prefix(12))… → \(now.prefix(12))…)")
                }
            } else {
                changes.append("font \(file) no longer used")
            }
        }
        for file in after.keys.sorted() where before[file] == nil { changes.append("font \(file) newly used") }
        return changes
    }
}

/// Font digests computed once per process: a run renders many cases with the same fonts.
enum DigestCache {
    nonisolated(unsafe) private static var known: [String: String] = [:]
    private static let lock = NSLock()

    static func digests(of files: [String]) -> [String: String] {
        let missing = lock.withLock { files.filter { known[$0] == nil } }
        let computed = EnvironmentReport.digests(of: missing)
        return lock.withLock {
            known.merge(computed) { a, _ in a }
            return Dictionary(uniqueKeysWithValues: files.map { ($0, known[$0] ?? "unreadable") })
        }
    }
}

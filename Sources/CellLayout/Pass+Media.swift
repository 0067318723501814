import CellCore
import CellStyle
import Foundation

/// Where image paths resolve: a style's own images against the style file's folder; paths bound
/// from data against the data file's folder, and confined to it unless allowed.
public struct ImagePolicy: Sendable, Hashable {
    /// The data file's folder (the current folder for standard input).
    public var dataFolder: String
    /// Whether a data-bound path may leave `dataFolder` (`..`, absolute paths, symlinks out).
    public var allowOutsideDataFolder: Bool

    public init(dataFolder: String = ".", allowOutsideDataFolder: Bool = false) {
        self.dataFolder = dataFolder
        self.allowOutsideDataFolder = allowOutsideDataFolder
    }

    /// The absolute path of `path` bound for `image`, or a message why it is refused.
    func resolve(_ path: String, for image: ImageSpec) -> Result<String, ImagePathError> {
        guard !image.file.fields.isEmpty else {
            return .success(Self.absolute(path, in: image.baseFolder))
        }
        let folder = URL(fileURLWithPath: dataFolder).standardizedFileURL.resolvingSymlinksInPath().path
        let resolved = URL(fileURLWithPath: Self.absolute(path, in: dataFolder)).standardizedFileURL.resolvingSymlinksInPath()
            .path
        guard allowOutsideDataFolder || resolved.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") else {
            return .failure(
                ImagePathError(
                    message: "is outside the data file's folder \(folder); pass --allow-images-outside-data to allow it"))
        }
        return .success(resolved)
    }

    static func absolute(_ path: String, in folder: String) -> String {
        path.hasPrefix("/") ? path : (folder.isEmpty ? "." : folder) + "/" + path
    }
}

struct ImagePathError: Error {
    let message: String
}

extension Pass {
    func image(_ image: ImageSpec, _ common: ElementCommon, width: Double) throws(LayoutError) -> LayoutNode? {
        let bound = try bind(image.file, common).trimmingWhitespace()
        guard !bound.isEmpty else { return nil }
        switch engine.imagePolicy.resolve(bound, for: image) {
        case .failure(let error):
            throw .imagePath(row: row.number, path: bound, message: error.message)
        case .success(let path):
            return LayoutNode(
                kind: .image, id: common.id, frame: Rect(origin: .zero, size: image.size),
                content: .image(path: path, contentMode: image.contentMode))
        }
    }

    /// Children drawn over each other in order; as tall as the tallest, each placed by `alignment`.
    func overlay(_ children: [ResolvedElement], alignment: StackAlignment, _ common: ElementCommon, width: Double)
        throws(LayoutError)
        -> LayoutNode?
    {
        var nodes: [LayoutNode] = []
        for child in children {
            if let node = try layout(child, width: width) { nodes.append(node) }
        }
        guard !nodes.isEmpty else { return nil }
        let height = nodes.map(\.frame.height).max() ?? 0
        let placed = nodes.map { node -> LayoutNode in
            let freeX = width - node.frame.width
            let freeY = height - node.frame.height
            let y: Double =
                switch alignment {
                case .center: freeY / 2
                case .bottom: freeY
                default: 0
                }
            return node.offsetBy(dx: freeX / 2, dy: y)
        }
        return LayoutNode(kind: .overlay, id: common.id, frame: Rect(x: 0, y: 0, width: width, height: height), children: placed)
    }
}

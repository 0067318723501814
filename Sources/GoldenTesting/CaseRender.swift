import Cellshot
import Foundation
import ImageDiff

/// A case rendered now: its PNG bytes, pixels and snapshot.
struct CaseRender {
    var png: [UInt8]
    var image: RGBAImage
    var snapshot: GoldenSnapshot

    /// Renders `job`, or else the case's table file.
    static func render(_ item: GoldenCase, job given: TableJob? = nil) throws(GoldenError) -> CaseRender {
        do {
            let job = try given ?? TableJob.load(tablePath: item.tablePath)
            let rendered = try job.render()
            let environment = try RenderEnvironment.current(fontFiles: rendered.fontFilesUsed)
            let snapshot = GoldenSnapshot(rendered: rendered, scale: job.options.scale, environment: environment)
            let image: RGBAImage
            do {
                image = try PNGDecoder.decode(rendered.png)
            } catch {
                throw GoldenError.render(name: item.name, message: "the rendered PNG does not decode: \(error)")
            }
            return CaseRender(png: rendered.png, image: image, snapshot: snapshot)
        } catch let error as CellshotError {
            throw .render(name: item.name, message: error.description)
        } catch let error as GoldenError {
            throw error
        } catch {
            throw .render(name: item.name, message: "\(error)")
        }
    }
}

/// Reads and writes sidecars.
enum SnapshotFile {
    static func read(_ path: String) -> GoldenSnapshot? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(GoldenSnapshot.self, from: data)
    }

    static func encode(_ snapshot: GoldenSnapshot) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain structs of strings and numbers cannot fail.
        return Array((try? encoder.encode(snapshot)) ?? Data()) + [10]
    }
}

import CellCore
import Foundation
import Preview

/// The JSON the live page reads: the sheet's tiles and labels, and each variant's frames.
enum PreviewJSON {
    static func encode(_ object: Any) -> [UInt8] {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return [UInt8](data)
    }

    static func rect(_ r: Rect) -> [String: Double] {
        ["x": round(r.x), "y": round(r.y), "width": round(r.width), "height": round(r.height)]
    }

    /// Points to two decimals: what a designer reads, and stable across runs.
    static func round(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    static func state(_ snapshot: PreviewService.Snapshot, grid: PreviewGrid) -> [String: Any] {
        var object: [String: Any] = [
            "generation": snapshot.generation,
            "error": snapshot.error ?? NSNull(),
            "renderMilliseconds": round(snapshot.renderMilliseconds),
            "grid": [
                "widths": grid.widths,
                "contentSizes": grid.contentSizes.map(\.rawValue),
                "appearances": grid.appearances.map(\.rawValue),
                "directions": grid.directions.map { $0 == .leftToRight ? "ltr" : "rtl" },
            ],
            "variants": grid.variants.map {
                [
                    "id": $0.id, "label": $0.description, "width": $0.width, "contentSize": $0.contentSize.rawValue,
                    "appearance": $0.appearance.rawValue, "direction": $0.direction == .leftToRight ? "ltr" : "rtl",
                ] as [String: Any]
            },
        ]
        if let sheet = snapshot.sheet {
            object["sheet"] =
                [
                    "width": sheet.size.width, "height": sheet.size.height, "scale": sheet.scale,
                    "rows": sheet.rowNumbers, "totalRows": sheet.totalRows, "notes": sheet.notes,
                    "tiles": sheet.tiles.map { tile in
                        [
                            "variant": tile.variantID, "row": tile.row, "frame": rect(tile.frame),
                            "issues": tile.issues.map(\.description),
                        ] as [String: Any]
                    },
                    "labels": sheet.labels.filter { $0.role != .rowNumber }.map {
                        ["text": $0.text, "role": $0.role.rawValue, "frame": rect($0.frame)] as [String: Any]
                    },
                ] as [String: Any]
        }
        return object
    }

    static func frames(_ image: VariantImage) -> [String: Any] {
        [
            "variant": image.frames.variant.id, "label": image.frames.variant.description,
            "width": image.frames.tableFrame.width, "height": image.frames.tableFrame.height,
            "pixelWidth": image.pixelWidth, "pixelHeight": image.pixelHeight, "notes": image.notes,
            "rows": image.frames.rows.map { row in
                [
                    "row": row.row, "y": round(row.y), "height": round(row.height), "contentHeight": round(row.contentHeight),
                    "issues": row.issues.map(\.description),
                    "nodes": row.nodes.map { node in
                        var object: [String: Any] = [
                            "kind": node.kind, "depth": node.depth, "frame": rect(node.frame), "truncated": node.truncated,
                        ]
                        if let id = node.id { object["id"] = id }
                        if let lines = node.lines { object["lines"] = lines }
                        return object
                    },
                ] as [String: Any]
            },
        ]
    }
}

import CellCore
import Foundation

/// The JSON Schema of style files and table files, built from the same key lists the decoder
/// accepts, so editors with a YAML/JSON language server complete and validate what Cellshot reads.
public enum StyleSchema {
    /// The schema of a style file, as pretty-printed JSON with sorted keys (stable bytes).
    public static var styleJSON: String { json(style) }

    /// The schema of a table file.
    public static var tableJSON: String { json(table) }

    static func json(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    typealias Schema = [String: Any]

    static func object(_ properties: [String: Schema], required: [String] = [], description: String? = nil) -> Schema {
        var schema: Schema = ["type": "object", "properties": properties, "additionalProperties": false]
        if !required.isEmpty { schema["required"] = required }
        if let description { schema["description"] = description }
        return schema
    }

    static func number(_ description: String, minimum: Double? = nil, maximum: Double? = nil) -> Schema {
        var schema: Schema = ["type": "number", "description": description]
        if let minimum { schema["minimum"] = minimum }
        if let maximum { schema["maximum"] = maximum }
        return schema
    }

    static func string(_ description: String) -> Schema { ["type": "string", "description": description] }

    static func choice(_ values: [String], _ description: String) -> Schema {
        ["type": "string", "enum": values, "description": description]
    }

    static func ref(_ name: String) -> Schema { ["$ref": "#/definitions/\(name)"] }

    static var definitions: [String: Schema] {
        [
            "color": [
                "type": "string", "pattern": "^(#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})|[A-Za-z][A-Za-z0-9]*)$",
                "description":
                    "A colour: #RGB, #RRGGBB, #RRGGBBAA, or a token (label, secondaryLabel, separator, systemBackground, … or one of the style's `colors`).",
            ],
            "fill": [
                "description": "A background: a colour, `{color: …}`, or `{gradient: {stops: [colours], angle: degrees}}`.",
                "oneOf": [
                    ref("color"),
                    object(["color": ref("color")], required: ["color"]),
                    object(
                        [
                            "gradient": object(
                                [
                                    "stops": [
                                        "type": "array", "items": ref("color"), "minItems": 2,
                                        "description": "Colours, evenly spaced.",
                                    ],
                                    "angle": number(
                                        "CSS angle in degrees: 180 runs top to bottom (default).", minimum: -360, maximum: 360),
                                ], required: ["stops"])
                        ], required: ["gradient"]),
                ],
            ],
            "insets": [
                "description": "Insets in points: one number for every side, or per side.",
                "oneOf": [
                    number("Every side.", minimum: 0, maximum: 10_000),
                    object(
                        Dictionary(
                            uniqueKeysWithValues: insetKeys.map { ($0, number("Inset in points.", minimum: 0, maximum: 10_000)) })
                    ),
                ],
            ],
            "font": object(
                [
                    "family": string("A font family: Inter (default) or a family of one of the style's `fonts` files."),
                    "size": number("Size in points.", minimum: 1, maximum: 1_000),
                    "weight": choice(FontWeight.allCases.map(\.name), "Weight."),
                    "italic": ["type": "boolean", "description": "Italic."],
                ], description: "An explicit font; overrides the text style's size, weight and slant."),
            "template": string(
                "Text with {field} placeholders: {field} is required, {field|fallback} has a default, {row} is the row number."),
            "element": element,
        ]
    }

    static let insetKeys = ["top", "bottom", "leading", "trailing", "horizontal", "vertical"]
}

import CellCore

extension StyleSchema {
    /// Properties every element accepts.
    static var commonProperties: [String: Schema] {
        [
            "id": string("A name for the element in frame dumps, reports and errors."),
            "when": string("Show the element only when this data field is present and not blank; otherwise it collapses."),
            "minHeight": number("The element is at least this tall, in points.", minimum: 0, maximum: 100_000),
            "maxHeight": number("The element is at most this tall; its content is clipped.", minimum: 0, maximum: 100_000),
            "width": number("A fixed width in points.", minimum: 0, maximum: 100_000),
            "height": number("A fixed height in points.", minimum: 0, maximum: 100_000),
            "collapseWhenEmpty": [
                "type": "boolean",
                "description": "Collapse when the bound text is empty (a container: when every child collapsed).",
            ],
            "hugsContent": [
                "type": "boolean",
                "description": "In a horizontal stack, take the natural one-line width instead of sharing the rest.",
            ],
            "background": ref("fill"),
            "cornerRadius": number(
                "Rounds the element's background, border and (for images) content.", minimum: 0, maximum: 10_000),
            "border": object(
                ["color": ref("color"), "width": number("Border width in points (default 1).", minimum: 0, maximum: 1_000)],
                description: "A border inside the element's frame."),
        ]
    }

    static var textProperties: [String: Schema] {
        [
            "value": ref("template"),
            "textStyle": choice(
                TextStyle.allCases.map(\.rawValue), "A Dynamic Type text style; its size follows the content size category."),
            "font": ref("font"),
            "color": ref("color"),
            "alignment": choice(
                TextAlignment.allCases.map(\.rawValue), "Paragraph alignment; natural follows the text's direction."),
            "wrap": choice(WrapMode.allCases.map(\.rawValue), "Break lines between words (word) or anywhere (character)."),
            "maxLines": ["type": "integer", "minimum": 0, "maximum": 10_000, "description": "Most lines shown; 0 = unlimited."],
            "truncation": choice(TruncationMode.allCases.map(\.rawValue), "Where the ellipsis goes when maxLines cuts the text."),
            "lineSpacing": number("Extra points between lines.", minimum: 0, maximum: 1_000),
            "lineHeightMultiple": number("A multiple of the font's line height.", minimum: 0.5, maximum: 10),
            "letterSpacing": number("Extra points between characters.", minimum: -100, maximum: 1_000),
            "markup": ["type": "boolean", "description": "Treat the bound text as Pango markup (data is plain text otherwise)."],
            "trim": ["type": "boolean", "description": "Remove whitespace around the bound text."],
        ]
    }

    /// Each element kind's own properties (common ones are added to every kind).
    static var kindProperties: [String: [String: Schema]] {
        let spacing = number("Gap between children in points.", minimum: 0, maximum: 10_000)
        let children: Schema = ["type": "array", "items": ref("element"), "description": "The child elements, in order."]
        return [
            "text": textProperties,
            "badge": [
                "value": ref("template"), "textStyle": textProperties["textStyle"]!, "font": ref("font"),
                "color": ref("color"), "fill": ref("color"),
                "cornerRadius": number("Corner radius of the badge (default 4).", minimum: 0, maximum: 1_000),
                "insets": ref("insets"),
            ],
            "avatar": [
                "name": ref("template"), "size": number("Diameter in points (default 40).", minimum: 1, maximum: 1_000),
                "textStyle": textProperties["textStyle"]!, "font": ref("font"), "color": ref("color"),
            ],
            "image": [
                "file": ref("template"),
                "size": [
                    "description": "Size in points: one number for a square, or width and height (default 40).",
                    "oneOf": [
                        number("Side.", minimum: 1, maximum: 10_000),
                        object([
                            "width": number("Width.", minimum: 1, maximum: 10_000),
                            "height": number("Height.", minimum: 1, maximum: 10_000),
                        ]),
                    ],
                ],
                "contentMode": choice(ContentMode.allCases.map(\.rawValue), "fill crops to cover the frame; fit letterboxes."),
            ],
            "spacer": [
                "size": number(
                    "Height in a vertical stack, width in a horizontal one; omitted: flexible.", minimum: 0, maximum: 10_000)
            ],
            "divider": [
                "color": ref("color"), "thickness": number("Thickness in points (default 0.5).", minimum: 0.1, maximum: 100),
            ],
            "vstack": [
                "spacing": spacing, "children": children,
                "alignment": choice(
                    ["fill", "leading", "center", "trailing"], "Horizontal placement of children (default fill)."),
            ],
            "hstack": [
                "spacing": spacing, "children": children,
                "alignment": choice(["top", "center", "bottom"], "Vertical placement of children (default top)."),
                "distribution": choice(
                    StackDistribution.allCases.map(\.rawValue), "How children share the width (default natural)."),
            ],
            "overlay": [
                "children": children,
                "alignment": choice(["top", "center", "bottom"], "Vertical placement of children (default top)."),
            ],
            "padding": ["insets": ref("insets"), "child": ref("element")],
            "inlineOrStacked": [
                "first": ref("element"), "second": ref("element"),
                "spacing": number("Gap when side by side (default 8).", minimum: 0, maximum: 10_000),
                "stackedSpacing": number("Gap when stacked (default 4).", minimum: 0, maximum: 10_000),
            ],
            "textWithAccessory": [
                "text": ref("element"), "accessory": ref("element"),
                "spacing": number(
                    "Least gap between the last line and a sunk accessory (default 8).", minimum: 0, maximum: 10_000),
                "stackedSpacing": number("Gap above the accessory when it goes below (default 4).", minimum: 0, maximum: 10_000),
            ],
        ]
    }

    static let requiredKeys: [String: [String]] = [
        "text": ["value"], "badge": ["value"], "avatar": ["name"], "image": ["file"], "vstack": ["children"],
        "hstack": ["children"],
        "overlay": ["children"], "padding": ["child"], "inlineOrStacked": ["first", "second"],
        "textWithAccessory": ["text", "accessory"],
    ]

    static var element: Schema {
        let kinds = kindProperties.keys.sorted().map { kind -> Schema in
            let body = object(kindProperties[kind]!.merging(commonProperties) { a, _ in a }, required: requiredKeys[kind] ?? [])
            return object([kind: body], required: [kind], description: "A \(kind) element.")
        }
        return ["description": "One element: a mapping with exactly one element kind as its key.", "oneOf": kinds]
    }

    static var style: Schema {
        var schema = object(
            [
                "name": string("The style's name."),
                "description": string("One line saying what the style is for (shown by `cellshot styles`)."),
                "extends": string(
                    "A built-in style name or a style file (relative to this one) whose keys this style overrides."),
                "colors": [
                    "type": "object", "description": "The style's own colour tokens: a colour, or {light, dark}.",
                    "additionalProperties": [
                        "oneOf": [
                            ref("color"), object(["light": ref("color"), "dark": ref("color")], required: ["light", "dark"]),
                        ]
                    ],
                ],
                "fonts": [
                    "type": "array", "items": ["type": "string"],
                    "description": "Brand font files (.ttf, .otf, .ttc) relative to the style file.",
                ],
                "background": ref("fill"),
                "accessory": choice(
                    CellAccessory.allCases.map(\.rawValue), "An iOS accessory at the trailing edge (default none)."),
                "content": ref("element"),
            ], required: ["name", "content"], description: "A Cellshot cell style.")
        schema["$schema"] = "http://json-schema.org/draft-07/schema#"
        schema["$id"] = "https://cellshot.dev/schema/style.schema.json"
        schema["title"] = "Cellshot style"
        schema["definitions"] = definitions
        return schema
    }

    static var table: Schema {
        var schema = object(
            [
                "style": string("A built-in style name or a style file relative to the table file."),
                "data": string("The data file, relative to the table file."),
                "width": [
                    "description": "Width in points, or a list of widths (render uses the first; measure all).",
                    "oneOf": [
                        number("Width.", minimum: 1, maximum: 10_000),
                        ["type": "array", "items": number("Width.", minimum: 1, maximum: 10_000), "minItems": 1],
                    ],
                ],
                "scale": ["type": "integer", "enum": [1, 2, 3], "description": "Device pixels per point."],
                "contentSize": choice(ContentSizeCategory.allCases.map(\.rawValue), "The content size category."),
                "appearance": choice(Appearance.allCases.map(\.rawValue), "Light or dark."),
                "layoutDirection": choice(LayoutDirection.allCases.map(\.rawValue), "The table's layout direction."),
                "debugBorders": ["type": "boolean", "description": "Draw a border around every laid-out frame."],
                "repairCP1252": [
                    "type": "boolean",
                    "description": "Repair text that was Windows-1252 read as Latin-1, like --repair-cp1252.",
                ],
                "rows": ["type": "string", "pattern": "^[0-9]*\\.\\.[0-9]*$", "description": "Only these rows, like 1..20."],
                "separators": object(
                    [
                        "visible": ["type": "boolean", "description": "Draw separators (default true)."],
                        "color": ref("color"),
                        "leadingInset": number("Inset from the leading edge (default 16).", minimum: 0, maximum: 10_000),
                        "trailingInset": number("Inset from the trailing edge (default 0).", minimum: 0, maximum: 10_000),
                    ], description: "Hairlines between rows."),
                "tableStyle": choice(TableStyle.allCases.map(\.rawValue), "UITableView's style (default plain)."),
                "header": string("A text above the first section."),
                "locale": [
                    "type": "string", "pattern": "^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$",
                    "description":
                        "A BCP 47 locale (ja-JP, zh-Hans, fr): the text's language for glyph variants and line breaking.",
                ],
                "sections": object(
                    [
                        "field": string("A data field: a new section starts where its value changes; the value is its header."),
                        "footerField": string("A data field whose value in a section's first row is the section's footer."),
                    ], required: ["field"], description: "Sections of rows."),
            ], required: ["style", "data"], description: "A Cellshot table file.")
        schema["$schema"] = "http://json-schema.org/draft-07/schema#"
        schema["$id"] = "https://cellshot.dev/schema/table.schema.json"
        schema["title"] = "Cellshot table"
        schema["definitions"] = ["color": definitions["color"]!]
        return schema
    }
}

import CellCore

/// A colour that differs between light and dark appearance.
public struct DynamicColor: Hashable, Sendable {
    public var light: Color
    public var dark: Color

    public init(light: Color, dark: Color) {
        self.light = light
        self.dark = dark
    }

    public init(_ color: Color) {
        self.init(light: color, dark: color)
    }

    public func resolved(for appearance: Appearance) -> Color {
        appearance == .light ? light : dark
    }
}

/// iOS's semantic system colours, by the names UIKit gives them.
public enum SystemColors {
    public static let tokens: [String: DynamicColor] = [
        "label": DynamicColor(light: Color(r: 0, g: 0, b: 0), dark: Color(r: 255, g: 255, b: 255)),
        "secondaryLabel": DynamicColor(light: Color(r: 60, g: 60, b: 67, a: 0.6), dark: Color(r: 235, g: 235, b: 245, a: 0.6)),
        "tertiaryLabel": DynamicColor(light: Color(r: 60, g: 60, b: 67, a: 0.3), dark: Color(r: 235, g: 235, b: 245, a: 0.3)),
        "separator": DynamicColor(light: Color(r: 60, g: 60, b: 67, a: 0.29), dark: Color(r: 84, g: 84, b: 88, a: 0.6)),
        "opaqueSeparator": DynamicColor(light: Color(r: 198, g: 198, b: 200), dark: Color(r: 56, g: 56, b: 58)),
        "systemBackground": DynamicColor(light: Color(r: 255, g: 255, b: 255), dark: Color(r: 0, g: 0, b: 0)),
        "secondarySystemBackground": DynamicColor(light: Color(r: 242, g: 242, b: 247), dark: Color(r: 28, g: 28, b: 30)),
        "systemGroupedBackground": DynamicColor(light: Color(r: 242, g: 242, b: 247), dark: Color(r: 0, g: 0, b: 0)),
        "secondarySystemGroupedBackground": DynamicColor(light: Color(r: 255, g: 255, b: 255), dark: Color(r: 28, g: 28, b: 30)),
        "systemFill": DynamicColor(light: Color(r: 120, g: 120, b: 128, a: 0.2), dark: Color(r: 120, g: 120, b: 128, a: 0.36)),
        "systemGray": DynamicColor(light: Color(r: 142, g: 142, b: 147), dark: Color(r: 142, g: 142, b: 147)),
        "systemBlue": DynamicColor(light: Color(r: 0, g: 122, b: 255), dark: Color(r: 10, g: 132, b: 255)),
        "systemRed": DynamicColor(light: Color(r: 255, g: 59, b: 48), dark: Color(r: 255, g: 69, b: 58)),
        "systemGreen": DynamicColor(light: Color(r: 52, g: 199, b: 89), dark: Color(r: 48, g: 209, b: 88)),
        "white": DynamicColor(Color.white),
        "black": DynamicColor(Color.black),
        "clear": DynamicColor(Color.clear),
    ]
}

/// Font weights by their CSS/OpenType numbers.
public enum FontWeight: Int, CaseIterable, Hashable, Sendable, Comparable {
    case thin = 100
    case extraLight = 200
    case light = 300
    case regular = 400
    case medium = 500
    case semibold = 600
    case bold = 700
    case extraBold = 800
    case black = 900

    public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The style-file name of the weight (`regular`, `semibold`, …).
    public var name: String {
        switch self {
        case .thin: "thin"
        case .extraLight: "extraLight"
        case .light: "light"
        case .regular: "regular"
        case .medium: "medium"
        case .semibold: "semibold"
        case .bold: "bold"
        case .extraBold: "extraBold"
        case .black: "black"
        }
    }

    public init?(name: String) {
        guard let weight = FontWeight.allCases.first(where: { $0.name == name }) else { return nil }
        self = weight
    }
}

/// A fully resolved font: family, size in points, weight and slant.
public struct FontSpec: Hashable, Sendable, CustomStringConvertible {
    public var family: String
    public var size: Double
    public var weight: FontWeight
    public var italic: Bool

    public init(family: String = FontSpec.defaultFamily, size: Double, weight: FontWeight = .regular, italic: Bool = false) {
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
    }

    /// Cellshot's pinned UI font.
    public static let defaultFamily = "Inter"

    public var description: String {
        "\(family) \(formatPoints(size)) \(weight.name)\(italic ? " italic" : "")"
    }
}

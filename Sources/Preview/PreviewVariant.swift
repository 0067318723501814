import CellCore
import CellStyle

/// One combination of the environment a contact sheet shows: width, text size, appearance, direction.
public struct PreviewVariant: Hashable, Sendable, CustomStringConvertible {
    /// The table width in points.
    public var width: Double
    public var contentSize: ContentSizeCategory
    public var appearance: Appearance
    public var direction: LayoutDirection

    public init(width: Double, contentSize: ContentSizeCategory, appearance: Appearance, direction: LayoutDirection) {
        self.width = width
        self.contentSize = contentSize
        self.appearance = appearance
        self.direction = direction
    }

    /// A stable identifier made only of `[a-z0-9-]`, like `w375-large-light-ltr`; safe in a URL.
    public var id: String {
        let directionName = direction == .leftToRight ? "ltr" : "rtl"
        return "w\(formatPoints(width).replacingOccurrences(of: ".", with: "p"))-\(contentSize.rawValue.lowercased())-"
            + "\(appearance.rawValue)-\(directionName)"
    }

    public var environment: StyleEnvironment {
        StyleEnvironment(contentSize: contentSize, appearance: appearance, layoutDirection: direction)
    }

    public var description: String {
        "\(formatPoints(width)) pt, \(contentSize.rawValue), \(appearance.rawValue)"
            + (direction == .rightToLeft ? ", right-to-left" : "")
    }
}

/// The axes of a contact sheet: every variant is one width × content size × appearance × direction.
public struct PreviewGrid: Hashable, Sendable {
    public var widths: [Double]
    public var contentSizes: [ContentSizeCategory]
    public var appearances: [Appearance]
    public var directions: [LayoutDirection]

    public static let defaultWidths: [Double] = [320, 375, 414, 768]
    public static let defaultContentSizes: [ContentSizeCategory] = [.xSmall, .large, .xxxLarge, .ax3]

    public init(
        widths: [Double] = PreviewGrid.defaultWidths, contentSizes: [ContentSizeCategory] = PreviewGrid.defaultContentSizes,
        appearances: [Appearance] = [.light, .dark], directions: [LayoutDirection] = [.leftToRight]
    ) {
        self.widths = widths
        self.contentSizes = contentSizes
        self.appearances = appearances
        self.directions = directions
    }

    /// Blocks of the sheet, top to bottom: one per appearance and direction.
    public var blocks: [(appearance: Appearance, direction: LayoutDirection)] {
        directions.flatMap { direction in appearances.map { (appearance: $0, direction: direction) } }
    }

    /// Every variant, in the order the sheet lays them out (block, then content size, then width).
    public var variants: [PreviewVariant] {
        blocks.flatMap { block in
            contentSizes.flatMap { size in
                widths.map {
                    PreviewVariant(width: $0, contentSize: size, appearance: block.appearance, direction: block.direction)
                }
            }
        }
    }

    /// Parses `320,375` style width lists; throws a one-line message naming the option.
    public static func parseWidths(_ text: String) throws(PreviewError) -> [Double] {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        var widths: [Double] = []
        for part in parts {
            guard let value = Double(part), value.isFinite, value > 0 else {
                throw .invalidOption("--widths must be a comma-separated list of points like 320,375, got `\(text)`")
            }
            if !widths.contains(value) { widths.append(value) }
        }
        guard !widths.isEmpty else { throw .invalidOption("--widths needs at least one width") }
        return widths
    }

    /// Parses `xSmall,large,AX3` style lists (case-insensitive).
    public static func parseContentSizes(_ text: String) throws(PreviewError) -> [ContentSizeCategory] {
        var sizes: [ContentSizeCategory] = []
        for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let size = ContentSizeCategory(name: part) else {
                let names = ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")
                throw .invalidOption("--content-sizes takes \(names); `\(part)` is not one of them")
            }
            if !sizes.contains(size) { sizes.append(size) }
        }
        guard !sizes.isEmpty else { throw .invalidOption("--content-sizes needs at least one size") }
        return sizes
    }

    /// Parses `light,dark`.
    public static func parseAppearances(_ text: String) throws(PreviewError) -> [Appearance] {
        var looks: [Appearance] = []
        for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            guard let look = Appearance(rawValue: part) else {
                throw .invalidOption("--appearances takes light and dark; `\(part)` is neither")
            }
            if !looks.contains(look) { looks.append(look) }
        }
        guard !looks.isEmpty else { throw .invalidOption("--appearances needs light, dark or both") }
        return looks
    }
}

import CellCore
import CellLayout
import CellStyle

/// Everything about a render that is not the style or the data.
public struct RenderOptions: Sendable, Hashable {
    /// The table's width in points.
    public var width: Double
    /// Device pixels per point: 1, 2 or 3.
    public var scale: Int
    /// Draws a one-device-pixel border around every laid-out frame.
    public var debugBorders: Bool
    public var environment: StyleEnvironment
    /// Replaces U+0080…U+009F by the Windows-1252 characters they were mis-decoded from.
    public var repairCP1252: Bool
    /// Turns text warnings (missing glyphs, control characters, cuts) into an error.
    public var strict: Bool
    /// Where image paths bound from data resolve, and whether they may leave the data's folder.
    public var imagePolicy: ImagePolicy
    public var separators: SeparatorSettings
    /// Which engine measures the text: the prepared-text height engine (default) or plain Pango.
    public var textEngine: TextEngineChoice

    public init(
        width: Double = 375, scale: Int = 2, debugBorders: Bool = false, environment: StyleEnvironment = .init(),
        imagePolicy: ImagePolicy = ImagePolicy(), separators: SeparatorSettings = SeparatorSettings(),
        repairCP1252: Bool = false, strict: Bool = false, textEngine: TextEngineChoice = .prepared
    ) {
        self.textEngine = textEngine
        self.separators = separators
        self.width = width
        self.scale = scale
        self.debugBorders = debugBorders
        self.environment = environment
        self.repairCP1252 = repairCP1252
        self.strict = strict
        self.imagePolicy = imagePolicy
    }

    /// The widest table Cellshot lays out, in points (a 12.9-inch iPad in landscape is 1,366).
    public static let maximumWidth = 10_000.0

    /// Throws a `CellshotError.invalidOption` naming the option for values outside the supported range.
    public func validate() throws(CellshotError) {
        guard width.isFinite, width > 0 else {
            throw .invalidOption("--width must be a number of points above 0, got \(formatPoints(width))")
        }
        guard width <= Self.maximumWidth else {
            throw .invalidOption(
                "--width \(formatPoints(width)) is absurd; the widest supported table is \(formatPoints(Self.maximumWidth)) points"
            )
        }
        guard [1, 2, 3].contains(scale) else {
            throw .invalidOption("--scale must be 1, 2 or 3 (device pixels per point), got \(scale)")
        }
    }
}

/// The engine that measures and lays text out.
public enum TextEngineChoice: String, CaseIterable, Sendable, Hashable {
    /// Prepares each text once, then lays it out at any width by arithmetic; equal to Pango's
    /// layout, falling back to Pango for what it does not model.
    case prepared
    /// A fresh Pango layout for every measurement (the reference, for comparison).
    case pango
}

/// A position in points, y growing downwards.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public var description: String { "(\(formatPoints(x)), \(formatPoints(y)))" }
}

/// A width and height in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    public var description: String { "\(formatPoints(width))×\(formatPoints(height))" }
}

/// An axis-aligned rectangle in points.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var x: Double { origin.x }
    public var y: Double { origin.y }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }

    /// The same rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The rectangle shrunk by `insets` on each side; never negative in size.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: x + insets.leading, y: y + insets.top,
            width: max(0, width - insets.leading - insets.trailing),
            height: max(0, height - insets.top - insets.bottom))
    }

    /// Whether `other` lies inside this rectangle, allowing `tolerance` points of rounding.
    public func contains(_ other: Rect, tolerance: Double = 1e-6) -> Bool {
        other.x >= x - tolerance && other.y >= y - tolerance
            && other.maxX <= maxX + tolerance && other.maxY <= maxY + tolerance
    }

    public var description: String {
        "(\(formatPoints(x)), \(formatPoints(y)), \(formatPoints(width)), \(formatPoints(height)))"
    }
}

/// Insets from each edge of a rectangle, in points; leading/trailing follow the layout direction.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public init(all value: Double) {
        self.init(top: value, leading: value, bottom: value, trailing: value)
    }

    public static let zero = EdgeInsets()

    public var horizontal: Double { leading + trailing }
    public var vertical: Double { top + bottom }
}

/// Formats a point value with at most three decimals and no trailing zeros, for dumps and messages.
///
/// Values no `Int` can hold (NaN, infinities, 10¹⁵ and beyond) are printed as Swift prints a
/// `Double` ("nan", "1e+20"); they used to trap in the conversion, crashing on `--width nan`.
public func formatPoints(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded() && abs(rounded) < 1e15 {
        return String(Int(rounded))
    }
    var text = String(format3(rounded))
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}

private func format3(_ value: Double) -> String {
    let negative = value < 0
    let scaled = Int((abs(value) * 1000).rounded())
    let whole = scaled / 1000
    let fraction = scaled % 1000
    let digits = String(fraction)
    let padded = String(repeating: "0", count: 3 - digits.count) + digits
    return (negative ? "-" : "") + "\(whole).\(padded)"
}

import CellCore

/// A memo of text measurements in front of any measurer: the same text request at the same
/// width is laid out once, whatever table, width or content size it is reused for.
///
/// The key is the whole `TextRequest` (text, font — so style and content size —, every
/// typography setting, direction) and the width, and nothing else: colours and appearance
/// never reach a request, so a dark rendering reuses a light one's layouts. The scale is not in
/// the key either: Cellshot lays text out in points with unhinted metrics and unrounded glyph
/// positions, so a measurement does not depend on it; the scale only rounds a row's height to
/// device pixels, after the cache.
///
/// This is the seam for other measurers: any `TextMeasuring` (Pango's `TextEngine`, a faster
/// height engine) sits under it. Like the measurer it wraps, a cache is used from one thread
/// at a time.
public final class MeasurementCache: TextMeasuring {
    public struct Key: Hashable, Sendable {
        public var request: TextRequest
        public var width: Double?
    }

    public let measurer: any TextMeasuring
    /// How many measurements the cache holds before it starts over. A Pango measurement keeps
    /// its laid-out paragraph (about 4 KB for a Huckleberry sentence), so the default bounds the
    /// cache near 80 MB: enough for the 1,997 Huckleberry rows at five widths.
    public let capacity: Int
    public private(set) var hits = 0
    public private(set) var misses = 0
    private var entries: [Key: MeasuredText] = [:]

    public init(measurer: any TextMeasuring, capacity: Int = 20_000) {
        self.measurer = measurer
        self.capacity = capacity
    }

    public var count: Int { entries.count }

    public func measure(_ request: TextRequest, width: Double?) throws -> MeasuredText {
        let key = Key(request: request, width: width)
        if let cached = entries[key] {
            hits += 1
            return cached
        }
        misses += 1
        let measured = try measurer.measure(request, width: width)
        // A bounded memo: when full it starts over rather than tracking recency, which keeps
        // memory bounded for tables of any length at no cost per hit.
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries[key] = measured
        return measured
    }

    /// Forgets every measurement and zeroes the counters.
    public func removeAll() {
        entries.removeAll()
        hits = 0
        misses = 0
    }
}

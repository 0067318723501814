import CPangoCairo
import CellCore
import Dispatch

/// Measures text by preparing each text once through Pango, then laying it out at any width
/// with arithmetic over the prepared pieces; the result equals Pango's own layout.
///
/// Preparation itemizes, breaks and shapes a text with Pango and caches the shaped width of every
/// piece per font, so a word met again costs a lookup. Laying out is a greedy line fill exactly
/// as Pango 1.50's for `PANGO_WRAP_WORD_CHAR` (a wrapped line's last white character does not
/// count). Texts or settings the arithmetic does not model are measured by plain Pango
/// (`TextEngine`) and counted in `statistics`.
///
/// The lines drawn are the lines measured: an engine-measured text carries a
/// `PreparedTextLayout`, whose `realize(_:)` builds the Pango layout for painting at the measured
/// width and throws unless Pango's lines equal the measured ones.
///
/// Like `TextEngine`, an engine MUST be used from one thread at a time; `prepare(_:threads:)`
/// spreads preparation over worker threads with one Pango context each.
public final class PreparedTextEngine: TextMeasuring {
    /// What the engine did so far.
    public struct Statistics: Hashable, Sendable {
        /// Distinct texts (text and font) prepared.
        public var preparedTexts = 0
        /// Prepared texts the arithmetic does not model (right-to-left, tabs, soft hyphens, …).
        public var fallbackTexts = 0
        /// Measurements computed: every arithmetic one, and Pango's once per text and width.
        public var measurements = 0
        /// Measurements handed to plain Pango: unmodelled texts or settings, and a word to break
        /// that spans two items (a word broken inside one item is the engine's own work).
        public var fallbackMeasurements = 0
        /// Pieces shaped through Pango (the rest came from the cache).
        public var shapedPieces = 0

        public init() {}
    }

    private let fonts: FontLibrary
    private let session: ShapingSession
    private var workers: [ShapingSession] = []
    /// The pieces and joins the sessions have shaped, shared between them.
    private let shared = SharedShapes()
    private var pango: TextEngine?
    private var prepared = RequestTable<Preparation>()
    private var entries = RequestTable<PreparedEntry>()
    /// The lines of the measurement being made (storage reused from one to the next).
    private var scratch: [PreparedParagraphs.Line] = []
    private var counts = Statistics()

    /// Makes an empty engine (no prepared text, no shaped piece) over the pinned font set.
    public init(fonts: FontLibrary) throws(GraphicsError) {
        self.fonts = fonts
        self.session = try ShapingSession(fonts: fonts, shared: shared)
    }

    public var statistics: Statistics {
        var result = counts
        result.shapedPieces = ([session] + workers).reduce(0) { $0 + $1.shapedCount }
        return result
    }

    /// Prepares the texts of `requests` on `threads` threads (one Pango context each); the
    /// prepared texts are identical whatever the thread count.
    public func prepare(_ requests: [TextRequest], threads: Int = 2) throws(GraphicsError) {
        // Each text (and font) once: `slots[i]` is request i's text among `keys`, -1 when it was
        // prepared before.
        // An open-addressing table of the new keys' numbers, probed with the keys' own hashes
        // (a Dictionary would hash each key again with SipHash).
        var capacity = 16
        while capacity < 2 * requests.count { capacity *= 2 }
        var firsts = [Int32](repeating: -1, count: capacity)
        var newKeys: [PreparationKey] = []
        var requestSlots = [Int](repeating: -1, count: requests.count)
        for (index, key) in Self.keys(of: requests, threads: threads).enumerated() {
            var probe = Int(truncatingIfNeeded: key.key.hashValue64) & (capacity - 1)
            while firsts[probe] >= 0 && newKeys[Int(firsts[probe])] != key { probe = (probe + 1) & (capacity - 1) }
            if firsts[probe] >= 0 {
                requestSlots[index] = Int(firsts[probe])
            } else if known(key) == nil {
                firsts[probe] = Int32(newKeys.count)
                requestSlots[index] = newKeys.count
                newKeys.append(key)
            }
        }
        let keys = newKeys
        let slots = requestSlots
        let count = max(1, min(threads, keys.count))
        while workers.count < count - 1 { workers.append(try ShapingSession(fonts: fonts, shared: shared)) }
        let sessions = SessionList(sessions: [session] + workers.prefix(count - 1))
        let results = WorkerSlots<PreparedParagraphs>(count: keys.count)
        defer { results.release() }
        // The entries measurements will look up, made by the workers too (they only keep
        // references; the Pango engine that draws them is made here, on the engine's thread).
        let made = WorkerSlots<PreparedEntry>(count: requests.count)
        defer { made.release() }
        let pango = PangoReference(engine: try? pangoEngine())
        let makeEntry: @Sendable (Int) -> Void = { index in
            guard slots[index] >= 0 else { return }
            let request = requests[index]
            made.store(
                PreparedEntry(
                    request: request, paragraphs: results.value(at: slots[index]) ?? .fallback("not prepared"),
                    unmodelledSetting: Self.unmodelledSetting(request), pango: pango.engine), at: index)
        }
        if count == 1 {
            for (index, key) in keys.enumerated() { results.store(session.prepare(text: key.text, font: key.font), at: index) }
            for index in requests.indices { makeEntry(index) }
        } else {
            // Workers take consecutive runs of texts as they go: the two cores of a shared machine
            // are seldom equally fast (one worker took 1.5 times as long as the other for the same
            // bytes), so a split fixed in advance waited for the slower one.
            let queue = WorkQueue(count: keys.count, chunk: 32)
            DispatchQueue.concurrentPerform(iterations: count) { worker in
                while let range = queue.next() {
                    for index in range {
                        let key = keys[index]
                        results.store(sessions.sessions[worker].prepare(text: key.text, font: key.font), at: index)
                    }
                }
            }
            let entryQueue = WorkQueue(count: requests.count, chunk: 256)
            DispatchQueue.concurrentPerform(iterations: count) { _ in
                while let range = entryQueue.next() { for index in range { makeEntry(index) } }
            }
        }
        for (index, key) in keys.enumerated() { record(results.value(at: index) ?? .fallback("not prepared"), for: key) }
        for index in requests.indices {
            guard let entry = made.value(at: index) else { continue }
            // The entry's hash is its text's and font's, as its preparation's.
            let hash = keys[slots[index]].key.hashValue64
            if entries.value(hash: hash, request: entry.request) == nil { entries.insert(entry, hash: hash) }
        }
    }

    /// The preparation key of each request (its text hashed), on up to `threads` threads.
    private static func keys(of requests: [TextRequest], threads: Int) -> [PreparationKey] {
        let chunk = 512
        let chunks = (requests.count + chunk - 1) / chunk
        guard threads > 1, chunks > 1 else { return requests.map { PreparationKey($0) } }
        return [PreparationKey](unsafeUninitializedCapacity: requests.count) { buffer, initialized in
            let output = KeySlots(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: chunks) { part in
                for index in part * chunk..<min(requests.count, (part + 1) * chunk) {
                    (output.base + index).initialize(to: PreparationKey(requests[index]))
                }
            }
            initialized = requests.count
        }
    }

    public func measure(_ request: TextRequest, width: Double?) throws -> MeasuredText {
        let units = width.map { Int32(clamping: Int(($0 * Double(PANGO_SCALE)).rounded(.down))) }
        let textHash = ByteExactKey.hashBytes(request.text)
        let hash = ByteExactKey.hash(textHash: textHash, font: request.font)
        let entry: PreparedEntry
        if let known = entries.value(hash: hash, request: request) {
            entry = known
        } else {
            entry = PreparedEntry(
                request: request, paragraphs: paragraphs(for: PreparationKey(request, textHash: textHash)),
                unmodelledSetting: Self.unmodelledSetting(request), pango: try? pangoEngine())
            entries.insert(entry, hash: hash)
        }
        // Arithmetic is cheaper than keeping its result: computed every time.
        if entry.isModelled, entry.paragraphs.fill(&scratch, width: units.map { Int(max(0, $0)) }) {
            counts.measurements += 1
            return Self.measurement(
                of: scratch, request: request, prepared: entry.layout, width: width, units: units)
        }
        // A break inside a word (shaped through Pango) or Pango itself: kept per width.
        switch entry.kept(at: units) {
        case .lines(let lines)?:
            return Self.measurement(
                of: lines, request: request, prepared: PreparedTextLayout(entry.layout, brokenLines: lines), width: width,
                units: units)
        case .pango(let measured)?: return measured
        case nil: break
        }
        counts.measurements += 1
        if entry.isModelled, let lines = wordBreakingLines(entry, units: units) {
            entry.keep(.lines(lines), at: units)
            return Self.measurement(
                of: lines, request: request, prepared: PreparedTextLayout(entry.layout, brokenLines: lines), width: width,
                units: units)
        }
        counts.fallbackMeasurements += 1
        let measured = try pangoEngine().layout(request, width: width).measurement
        entry.keep(.pango(measured), at: units)
        return measured
    }

    /// Why the engine leaves `request` to Pango, if it does; nil for a text it lays out itself.
    public func fallbackReason(_ request: TextRequest, width: Double?) -> String? {
        if let setting = Self.unmodelledSetting(request) { return setting }
        _ = try? measure(request, width: width)
        let key = ByteExactKey(request)
        guard let entry = entries.value(hash: key.hashValue64, request: request) else { return "not measured" }
        if let reason = entry.paragraphs.fallbackReason { return reason }
        let units = width.map { Int32(clamping: Int(($0 * Double(PANGO_SCALE)).rounded(.down))) }
        if entry.paragraphs.lines(width: units.map { Int(max(0, $0)) }) != nil { return nil }
        return wordBreakingLines(entry, units: units) == nil ? "a word broken across items" : nil
    }

    /// The lines when a line's first word is wider than the line: the word breaker shapes the
    /// parts of the word through Pango.
    private func wordBreakingLines(_ entry: PreparedEntry, units: Int32?) -> [PreparedParagraphs.Line]? {
        if entry.breaker == nil {
            entry.breaker = WordBreaker(
                session: session, text: entry.request.text, font: entry.request.font, paragraphs: entry.paragraphs.paragraphs)
        }
        return entry.paragraphs.lines(width: units.map { Int(max(0, $0)) }, breaker: entry.breaker)
    }

    /// The prepared form of `request`'s text (for tests comparing preparations).
    func preparedParagraphs(_ request: TextRequest) -> PreparedParagraphs { paragraphs(for: PreparationKey(request)) }

    func pangoEngine() throws(GraphicsError) -> TextEngine {
        if let pango { return pango }
        let made = try TextEngine(fonts: fonts)
        pango = made
        return made
    }

    private func known(_ key: PreparationKey) -> PreparedParagraphs? {
        prepared.value(hash: key.key.hashValue64, request: key.key.request)?.paragraphs
    }

    private func paragraphs(for key: PreparationKey) -> PreparedParagraphs {
        if let known = known(key) { return known }
        let made = session.prepare(text: key.text, font: key.font)
        record(made, for: key)
        return made
    }

    private func record(_ paragraphs: PreparedParagraphs, for key: PreparationKey) {
        prepared.insert(Preparation(request: key.key.request, paragraphs: paragraphs), hash: key.key.hashValue64)
        counts.preparedTexts += 1
        if paragraphs.fallbackReason != nil { counts.fallbackTexts += 1 }
    }

    /// Settings the arithmetic does not model, whatever the text.
    private static func unmodelledSetting(_ request: TextRequest) -> String? {
        if request.markup { return "markup" }
        if request.letterSpacing != 0 { return "letter spacing" }
        if request.alignment == .justified { return "justification" }
        if request.maxLines > 0 { return "a line limit (ellipsizing)" }
        if request.wrap == .character { return "character wrapping" }
        if request.lineHeightMultiple != 1 { return "a line height multiple" }
        if request.language != nil { return "a locale" }
        return nil
    }

    /// The measurement Pango reports for `lines`: line rectangles stacked with the request's
    /// spacing, aligned in the layout width as `pango_layout_get_extents` places them.
    private static func measurement(
        of lines: [PreparedParagraphs.Line], request: TextRequest, prepared: PreparedTextLayout, width: Double?,
        units: Int32?
    ) -> MeasuredText {
        let spacing = request.lineSpacing != 0 ? Int((request.lineSpacing * Double(PANGO_SCALE)).rounded()) : 0
        let widest = lines.reduce(0) { max($0, Int($1.width)) }
        let layoutWidth = units.map { Int($0) } ?? widest
        let alignment = PangoAlignmentChoice(request)
        var metrics: [LineMetrics] = []
        metrics.reserveCapacity(lines.count)
        var y = 0
        var left = Int.max
        var right = Int.min
        for (index, line) in lines.enumerated() {
            let lineWidth = Int(line.width)
            let height = Int(line.bottom) - Int(line.top)
            var x = 0
            switch alignment {
            case _ where layoutWidth == 0: x = 0
            case .left: x = 0
            case .right: x = layoutWidth - lineWidth
            case .center:
                x = (layoutWidth - lineWidth) / 2
                if (layoutWidth | lineWidth) & (Int(PANGO_SCALE) - 1) == 0 { x = ((x + 512) >> 10) << 10 }
            }
            left = min(left, x)
            right = max(right, x + lineWidth)
            let frame = Rect(pango: PangoRectangle(x: Int32(x), y: Int32(y), width: Int32(lineWidth), height: Int32(height)))
            metrics.append(LineMetrics(frame: frame, baseline: Double(y - Int(line.top)) / Double(PANGO_SCALE)))
            y += height + (index < lines.count - 1 ? spacing : 0)
        }
        let size = Size(
            width: lines.isEmpty ? 0 : Double(right - left) / Double(PANGO_SCALE), height: Double(y) / Double(PANGO_SCALE))
        return MeasuredText(size: size, lines: metrics, prepared: prepared, measuredWidth: width)
    }
}

/// What the height engine knows of one request: its preparation, and what it keeps of the
/// measurements it cannot make by arithmetic alone.
final class PreparedEntry: RequestKeyed {
    /// The request, as first measured (equal byte for byte to every later one), and its
    /// preparation: also in `layout`, and here too so that a lookup and a fill read one object.
    let request: TextRequest
    let paragraphs: PreparedParagraphs
    let unmodelledSetting: String?
    /// What the entry's measurements draw with: not the entry itself, whose word breaker holds
    /// the engine's shaping session and whose kept measurements hold Pango layouts.
    let layout: PreparedTextLayout
    var breaker: WordBreaker?
    /// The last few measurements that needed Pango, by width in Pango units, most recent first:
    /// a text is measured at a few widths at a time (a short list beats a hash table), and a
    /// long-lived engine (the preview server) must not keep every width it ever saw.
    private var kept: [(Int32?, Kept)] = []

    enum Kept {
        /// Lines with a break inside a word (their parts shaped through Pango).
        case lines([PreparedParagraphs.Line])
        /// Pango's own measurement (kept whole: it holds the Pango layout, not this entry).
        case pango(MeasuredText)
    }

    static let keptMeasurements = 4

    init(request: TextRequest, paragraphs: PreparedParagraphs, unmodelledSetting: String?, pango: TextEngine?) {
        self.request = request
        self.paragraphs = paragraphs
        self.unmodelledSetting = unmodelledSetting
        layout = PreparedTextLayout(request: request, paragraphs: paragraphs, pango: pango)
    }

    /// Whether the arithmetic models the request (text and settings).
    var isModelled: Bool { unmodelledSetting == nil && paragraphs.fallbackReason == nil }

    func kept(at units: Int32?) -> Kept? {
        for (width, value) in kept where width == units { return value }
        return nil
    }

    func keep(_ value: Kept, at units: Int32?) {
        if kept.count == Self.keptMeasurements { kept.removeLast() }
        kept.insert((units, value), at: 0)
    }
}

/// A text prepared in a font, by its request (the text and the font; every other field at its
/// default).
private final class Preparation: RequestKeyed {
    let request: TextRequest
    let paragraphs: PreparedParagraphs

    init(request: TextRequest, paragraphs: PreparedParagraphs) {
        self.request = request
        self.paragraphs = paragraphs
    }
}

/// What a preparation depends on: the text's bytes and its font, nothing else.
struct PreparationKey: Hashable, Sendable {
    let key: ByteExactKey

    init(_ request: TextRequest, textHash: UInt64? = nil) {
        let plain = TextRequest(text: request.text, font: request.font)
        key = textHash.map { ByteExactKey(plain, textHash: $0) } ?? ByteExactKey(plain)
    }

    var text: String { key.request.text }
    var font: FontSpec { key.request.font }
}

/// How `TextLayout` aligns a left-to-right paragraph (the only kind the engine lays out).
private enum PangoAlignmentChoice {
    case left, center, right

    init(_ request: TextRequest) {
        let tableRTL = request.direction == .rightToLeft
        switch request.alignment {
        case .natural, .justified: self = .left
        case .leading: self = tableRTL ? .right : .left
        case .center: self = .center
        case .trailing: self = tableRTL ? .left : .right
        }
    }
}

import CPangoCairo
import CellCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One message GLib, Pango or Cairo logged (a warning, a critical or a plain message).
public struct LibraryWarning: Sendable, Hashable, CustomStringConvertible {
    /// The log domain, such as "Pango" or "GLib-GObject" ("" when none was given).
    public var domain: String
    /// "warning", "critical", "message" or "error".
    public var level: String
    public var message: String

    public var description: String { "\(domain.isEmpty ? "GLib" : domain) \(level): \(message)" }
}

/// Cellshot's own GLib log writer: every structured and unstructured GLib log call (Pango
/// 1.50 logs structured warnings, which `g_log_set_handler` never sees) lands here instead of
/// GLib's default writer.
///
/// Warnings are collected for `takeWarnings()` (the test suite fails on any) and echoed to
/// standard error as one line each, `warning: from the C libraries: Pango warning: …`. Debug and info messages are
/// dropped, as GLib's default writer drops them. Installed once per process by
/// `FontLibrary.shared()`, before any Pango call.
public enum LibraryLog {
    nonisolated(unsafe) private static var installed = false
    nonisolated(unsafe) private static var collected: [LibraryWarning] = []
    /// Captures in progress, by thread.
    nonisolated(unsafe) private static var captures: [UInt: [LibraryWarning]] = [:]
    nonisolated(unsafe) private static var echoes = true
    private static let lock = Mutex()

    /// Routes GLib logging through Cellshot's writer; later calls do nothing (GLib aborts when
    /// a writer is set twice).
    public static func install() {
        lock.withLock {
            guard !installed else { return }
            installed = true
            g_log_set_writer_func(writer, nil, nil)
        }
    }

    /// Whether warnings are echoed to standard error as they arrive (default true).
    public static func setEcho(_ on: Bool) {
        lock.withLock { echoes = on }
    }

    /// Every warning logged since the last call (outside `capturing`), oldest first.
    public static func takeWarnings() -> [LibraryWarning] {
        lock.withLock {
            defer { collected = [] }
            return collected
        }
    }

    /// Runs `body` and returns what the libraries logged on this thread meanwhile, kept apart
    /// from `takeWarnings()` and not echoed: for a check that provokes a warning on purpose.
    public static func capturing<T>(_ body: () throws -> T) rethrows -> (T, [LibraryWarning]) {
        install()
        let thread = currentThread()
        lock.withLock { captures[thread] = [] }
        let value: T
        do {
            value = try body()
        } catch {
            lock.withLock { _ = captures.removeValue(forKey: thread) }
            throw error
        }
        let warnings = lock.withLock { captures.removeValue(forKey: thread) ?? [] }
        return (value, warnings)
    }

    private static func currentThread() -> UInt { unsafeBitCast(pthread_self(), to: UInt.self) }

    /// Makes Pango log a warning: markup set with `pango_layout_set_markup` that does not parse.
    /// Exists only so that tests can prove the writer catches Pango's structured warnings.
    public static func provokePangoWarning() throws(GraphicsError) {
        let engine = try TextEngine(fonts: FontLibrary.shared())
        try engine.provokeMarkupWarning()
    }

    fileprivate static func record(_ warning: LibraryWarning) {
        let echo = lock.withLock { () -> Bool in
            let thread = currentThread()
            if captures[thread] != nil {
                captures[thread]!.append(warning)
                return false
            }
            collected.append(warning)
            return echoes
        }
        if echo {
            let line = Array("warning: from the C libraries: \(warning)\n".utf8)
            _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        }
    }
}

extension TextEngine {
    fileprivate func provokeMarkupWarning() throws(GraphicsError) {
        let layout = try self.layout(TextRequest(text: "x", font: FontSpec(size: 12)), width: nil)
        pango_layout_set_markup(layout.pointer, "<b>unclosed", -1)
    }
}

private let writer: GLogWriterFunc = { level, fields, count, _ in
    let flags = level.rawValue
    let name: String
    if flags & G_LOG_LEVEL_ERROR.rawValue != 0 {
        name = "error"
    } else if flags & G_LOG_LEVEL_CRITICAL.rawValue != 0 {
        name = "critical"
    } else if flags & G_LOG_LEVEL_WARNING.rawValue != 0 {
        name = "warning"
    } else if flags & G_LOG_LEVEL_MESSAGE.rawValue != 0 {
        name = "message"
    } else {
        return G_LOG_WRITER_HANDLED  // debug and info: dropped, as the default writer does
    }
    var domain = ""
    var message = ""
    if let fields {
        for index in 0..<Int(count) {
            let field = fields[index]
            guard let key = field.key, let value = field.value else { continue }
            let text: String
            if field.length < 0 {
                text = String(cString: value.assumingMemoryBound(to: CChar.self))
            } else {
                let bytes = UnsafeRawBufferPointer(start: value, count: field.length)
                text = String(decoding: bytes, as: UTF8.self)
            }
            switch String(cString: key) {
            case "GLIB_DOMAIN": domain = text
            case "MESSAGE": message = text
            default: break
            }
        }
    }
    LibraryLog.record(LibraryWarning(domain: domain, level: name, message: message))
    return G_LOG_WRITER_HANDLED
}

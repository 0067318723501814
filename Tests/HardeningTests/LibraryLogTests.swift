import Graphics
import Testing

@Suite(.failsOnLibraryWarnings) struct LibraryLogTests {
    /// Pango 1.50 logs structured warnings (`g_log_structured`), which the older
    /// `g_log_set_handler` never sees; bad markup set directly on a layout makes Pango log one.
    @Test func pangoStructuredWarningIsCaughtByCellshotsWriter() throws {
        let (_, warnings) = try LibraryLog.capturing { try LibraryLog.provokePangoWarning() }
        #expect(warnings.count == 1, "\(warnings)")
        let warning = try #require(warnings.first)
        #expect(warning.domain == "Pango")
        #expect(warning.level == "warning")
        #expect(warning.message.contains("pango_layout_set_markup_with_accel"), "\(warning.message)")
    }

    /// The writer is installed by the first font library, before any Pango call, and only once
    /// (GLib aborts on a second writer).
    @Test func installingTwiceIsHarmless() throws {
        _ = try FontLibrary.shared()
        LibraryLog.install()
        LibraryLog.install()
        let (_, warnings) = try LibraryLog.capturing { try LibraryLog.provokePangoWarning() }
        #expect(warnings.count == 1)
    }
}

import Graphics
import Testing

/// Fails a test (or every test of a suite) when GLib, Pango or Cairo logged a warning while it
/// ran. Cellshot's log writer collects them process-wide; tests running in parallel can see each
/// other's warnings, which still fails the run, as it should.
struct FailsOnLibraryWarnings: TestTrait, SuiteTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void)
        async throws
    {
        LibraryLog.install()
        try await function()
        for warning in LibraryLog.takeWarnings() {
            Issue.record("the C libraries logged: \(warning)")
        }
    }
}

extension Trait where Self == FailsOnLibraryWarnings {
    /// Any GLib/Pango/Cairo warning logged during the test is a failure.
    static var failsOnLibraryWarnings: Self { Self() }
}

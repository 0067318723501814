#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lets Ctrl-C and `kill` stop the long-running commands (`preview --watch`, `serve`) even when
/// the parent started them with those signals blocked (test runners do; a blocked mask is inherited).
enum Signals {
    static func unblockTermination() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// SIGINT and SIGTERM for `serve`: blocked before the server starts any thread, and taken by
/// `sigwait` once it listens.
///
/// A signal handler installed after the threads exist (a Dispatch signal source, as before)
/// leaves a window: the disposition was set to ignore at once, the source's registration came
/// later on Dispatch's own thread, and a SIGTERM that arrived in between was thrown away, so
/// `serve` never stopped (a SIGTERM just before the disposition was set killed it unclean).
/// Blocked from the start instead, every thread the server makes inherits the mask, a signal
/// sent at any later moment waits as pending, and the main thread takes it when it is ready.
struct StopSignals {
    private var set = sigset_t()

    /// Blocks SIGINT and SIGTERM in the calling thread, and so in every thread it starts from
    /// now on; call it before anything starts a thread.
    static func block() -> StopSignals {
        var signals = StopSignals()
        sigemptyset(&signals.set)
        sigaddset(&signals.set, SIGINT)
        sigaddset(&signals.set, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals.set, nil)
        return signals
    }

    /// Waits until SIGINT or SIGTERM is sent (or was sent since `block()`); the signal's number.
    func wait() -> Int32 {
        var waited = set
        var received: Int32 = 0
        while sigwait(&waited, &received) != 0 {}
        return received
    }
}

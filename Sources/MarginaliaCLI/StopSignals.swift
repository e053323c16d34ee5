#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import MarginaliaServer

/// SIGINT and SIGTERM for `serve`: blocked before the server starts any thread and taken by a
/// thread of their own, so none is lost whenever it comes.
///
/// A signal handler installed after the threads exist (a Dispatch signal source, as before)
/// left a window: the disposition was set to ignore at once, the source's registration came
/// later on Dispatch's own thread, and a SIGTERM that arrived in between was thrown away, so
/// `serve` never stopped (a SIGTERM just before the disposition was set killed it unclean).
/// Blocked from the start instead, every thread the server makes inherits the mask, and the
/// watching thread takes each signal with `sigwait`. The first asks for a clean stop, which
/// the server makes as soon as it listens (at once when it already does); a second ends the
/// process at once, for a start or a stop that takes too long.
final class StopSignals: Sendable {
    private let asked = DispatchSemaphore(value: 0)

    private init() {}

    /// Blocks SIGINT and SIGTERM in the calling thread, and so in every thread it starts from
    /// now on, and starts watching for them; call it before anything starts a thread.
    static func watch() -> StopSignals {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let signals = StopSignals()
        let watcher = Thread.named("mg-signals") { [set] in signals.take(set) }
        watcher.start()
        return signals
    }

    /// Waits until a first SIGINT or SIGTERM was sent (since ``watch()``).
    func waitForStop() {
        asked.wait()
    }

    private func take(_ set: sigset_t) {
        var waited = set
        var received: Int32 = 0
        while sigwait(&waited, &received) != 0 {}
        asked.signal()
        while sigwait(&waited, &received) != 0 {}
        CommandLineTool.printError("marginalia serve: stopped at once by a second signal (\(received)), requests in flight not finished")
        fflush(nil)
        _exit(128 + received)
    }
}

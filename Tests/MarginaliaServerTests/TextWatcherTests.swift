import Foundation
import Synchronization
import Testing
@testable import MarginaliaServer

/// The text watcher is told of every change at the same cost, however many came before: a
/// closure read back from a `Mutex` as it was once came back wrapped in one more thunk each
/// time, so that the 100,000th change called through 100,000 of them (minutes, or a stack
/// overflow, instead of milliseconds).
@Suite struct TextWatcherTests {
    @Test(.timeLimit(.minutes(1)))
    func tellsEveryChangeInConstantTime() {
        let watcher = TextWatcher()
        let told = Mutex(0)
        watcher.watch { _ in told.withLock { $0 += 1 } }
        for _ in 0..<100_000 { watcher.tell("a") }
        #expect(told.withLock { $0 } == 100_000)
    }
}

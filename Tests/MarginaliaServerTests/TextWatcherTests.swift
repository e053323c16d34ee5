import Foundation
import Synchronization
import Testing
@testable import MarginaliaServer

/// The text watcher is told of every change at the same cost, however many came before: a
/// closure read back from a `Mutex` as it was once came back wrapped in one more thunk each
/// time, so that the n-th change called through n of them.
@Suite struct TextWatcherTests {
    @Test func tellsEveryChangeAtTheSameCost() {
        let watcher = TextWatcher()
        let told = Mutex(0)
        watcher.watch { _, _ in told.withLock { $0 += 1 } }
        let clock = ContinuousClock()
        // The cheapest of ten batches of 200 changes, at the start and after 20,000 more: a
        // ratio within one run, and the minimum leaves out batches another process interrupted.
        func cheapestBatch() -> Duration {
            (0..<10).map { _ in clock.measure { for _ in 0..<200 { watcher.tell("a", .document) } } }.min() ?? .zero
        }
        let early = cheapestBatch()
        for _ in 0..<20_000 { watcher.tell("a", .document) }
        let late = cheapestBatch()
        #expect(told.withLock { $0 } == 24_000)
        // With a thunk more per change, a late change calls through some 22,000 of them and an
        // early one through about 1,000: twenty times the cost.
        #expect(late < early * 4, "200 changes took \(early) at the start and \(late) after 22,000")
    }
}

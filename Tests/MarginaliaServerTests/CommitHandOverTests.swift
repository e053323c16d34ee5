import Foundation
import Synchronization
import Testing
@testable import MarginaliaServer

/// The group commit's wake-ups (``OpenDocument/awaitOutcome(of:)``, ``OpenDocument/endCommit()``):
/// a commit that ends wakes the requests it answered, hands the next commit to the oldest
/// request still queued, and wakes no one else; with no one queued, no commit runs.
@Suite("Document service: who a commit wakes")
struct CommitHandOverTests {
    static func pending(_ number: Int) -> PendingApply {
        PendingApply(request: Fixtures.request(.operation(Fixtures.add("q\(number)")), base: 0, client: "tab-\(number)"))
    }

    /// What each request's ``OpenDocument/awaitOutcome(of:)`` gave, by name, as the threads
    /// return: "answered" or "commits".
    final class Returns: Sendable {
        private let given = Mutex([String: String]())
        private let returned = DispatchSemaphore(value: 0)

        /// Calls `awaitOutcome` for `pending` on a thread of its own, recorded under `name`.
        func wait(_ name: String, for pending: PendingApply, on document: OpenDocument) {
            Thread.detachNewThread { [self] in
                let outcome = document.awaitOutcome(of: pending)
                given.withLock { $0[name] = outcome == nil ? "commits" : "answered" }
                returned.signal()
            }
        }

        /// What has returned once `count` more threads have (each waited for at most 10 s).
        func after(_ count: Int) -> [String: String] {
            for _ in 0..<count { _ = returned.wait(timeout: .now() + 10) }
            return given.withLock { $0 }
        }
    }

    /// Waits (at most 10 s) until `count` requests sleep on `document`'s commit.
    func untilAsleep(_ count: Int, on document: OpenDocument) {
        let deadline = Date().addingTimeInterval(10)
        while document.requestsAsleep < count && Date() < deadline { usleep(1_000) }
    }

    @Test func anEndingCommitWakesWhomItAnsweredAndHandsTheNextToTheOldest() throws {
        let document = OpenDocument(id: "doc")
        let (a, b, c, d) = (Self.pending(0), Self.pending(1), Self.pending(2), Self.pending(3))
        #expect(document.awaitOutcome(of: a) == nil)  // no commit running: a's thread commits
        let returns = Returns()
        returns.wait("b", for: b, on: document)
        untilAsleep(1, on: document)
        returns.wait("c", for: c, on: document)
        untilAsleep(2, on: document)

        // a's commit took b's entry too, not c's (queued after it began).
        document.resolve([a, b], .success(()), waking: false)
        document.endCommit()
        #expect(returns.after(2) == ["b": "answered", "c": "commits"])
        #expect(document.requestsAsleep == 0)

        // c commits now: d, coming meanwhile, sleeps, and is handed the commit after c's.
        returns.wait("d", for: d, on: document)
        untilAsleep(1, on: document)
        #expect(returns.after(0)["d"] == nil)
        document.resolve([c], .success(()), waking: false)
        document.endCommit()
        #expect(returns.after(1)["d"] == "commits")

        // d's commit answers d and ends with no one queued: the next request commits at once.
        document.resolve([d], .success(()), waking: false)
        document.endCommit()
        #expect(document.awaitOutcome(of: Self.pending(4)) == nil)
    }

    @Test func anOutcomeSetWithWakingWakesOnlyTheRequestsItAnswers() throws {
        let document = OpenDocument(id: "doc")
        let (a, b, c) = (Self.pending(0), Self.pending(1), Self.pending(2))
        #expect(document.awaitOutcome(of: a) == nil)
        let returns = Returns()
        returns.wait("b", for: b, on: document)
        untilAsleep(1, on: document)
        returns.wait("c", for: c, on: document)
        untilAsleep(2, on: document)
        // Another path (a reader catching up) answers c while a's commit runs.
        document.resolve([c], .success(()), waking: true)
        #expect(returns.after(1) == ["c": "answered"])
        #expect(document.requestsAsleep == 1)
        document.resolve([a], .success(()), waking: false)
        document.endCommit()
        #expect(returns.after(1) == ["b": "commits", "c": "answered"])
    }
}

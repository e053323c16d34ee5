import Foundation
import Synchronization
import Testing
@testable import MarginaliaServer

/// The background indexer's pacing: a document left alone is indexed at once, one edited
/// continuously at most once per `settle` seconds, and a wait for the index does not wait out
/// the pause. A real SQLite index in a temporary folder; `build` records when it ran.
@Suite("Text indexer pacing")
struct TextIndexerTests {
    final class Builds: Sendable {
        private let times = Mutex<[Date]>([])
        var all: [Date] { times.withLock { $0 } }
        func record() { times.withLock { $0.append(Date()) } }
    }

    static func indexer(settle: TimeInterval, builds: Builds) throws -> TextIndexer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("indexer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let index = try SQLiteTextIndex(path: folder.appendingPathComponent("text-index.sqlite").path)
        return TextIndexer(index: index, settle: settle) { id in
            builds.record()
            return IndexedDocument(documentID: id, version: "\(builds.all.count)", pages: [], annotations: [])
        }
    }

    @Test func aDocumentEditedContinuouslyIsIndexedOncePerSettleInterval() throws {
        let builds = Builds()
        let indexer = try Self.indexer(settle: 0.4, builds: builds)
        defer { indexer.stop() }
        let began = Date()
        indexer.enqueue("doc")
        // A change every 10 ms for 1.5 s, as strokes arrive.
        while Date().timeIntervalSince(began) < 1.5 {
            indexer.enqueue("doc")
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(indexer.waitUntilIdle(timeout: 10))
        let times = builds.all
        // Without pacing this is one build per change that found the queue empty: dozens.
        #expect(times.count >= 2 && times.count <= 6, "\(times.count) builds")
        for (earlier, later) in zip(times, times.dropFirst()).dropLast() {  // the last may be the flush
            #expect(later.timeIntervalSince(earlier) >= 0.4, "builds \(later.timeIntervalSince(earlier)) s apart")
        }
        #expect(times.first.map { $0.timeIntervalSince(began) < 0.4 } == true, "the first change waits for nothing")
    }

    @Test func waitingForTheIndexDoesNotWaitOutThePause() throws {
        let builds = Builds()
        let indexer = try Self.indexer(settle: 60, builds: builds)
        defer { indexer.stop() }
        indexer.enqueue("doc")
        #expect(indexer.waitUntilIdle(timeout: 10))
        indexer.enqueue("doc")  // resting for a minute now
        let began = Date()
        #expect(indexer.waitUntilIdle(timeout: 10))
        #expect(builds.all.count == 2)
        #expect(Date().timeIntervalSince(began) < 10)
    }

    /// A document edited while it rests stays queued; each stroke on it must not wake the
    /// indexing thread only to find nothing due (two context switches a stroke at 500 a second).
    /// The wake-ups counted are the thread's own (``TextIndexer/wakeUps``).
    @Test func editsToADocumentAlreadyQueuedWakeNobody() throws {
        let builds = Builds()
        let indexer = try Self.indexer(settle: 60, builds: builds)
        defer { indexer.stop() }
        indexer.enqueue("doc")
        #expect(indexer.waitUntilIdle(timeout: 10))
        let before = indexer.wakeUps
        // Resting for a minute now: the first edit queues the document, the other 199 add to
        // it; a stroke every 2 ms, as they arrive, so a thread woken per edit would wake.
        for revision in 2...201 {
            indexer.enqueue("doc", edits: [], after: revision - 1, through: revision)
            Thread.sleep(forTimeInterval: 0.002)
        }
        // At most the first edit's wake-up (from waiting for work to resting), none when the
        // thread had not gone back to waiting yet, and a spurious one.
        let woken = indexer.wakeUps - before
        #expect(woken <= 2, "the indexing thread was woken \(woken) times for 200 edits")
        // Nothing was lost: a flush wakes the resting thread (counted), which indexes the
        // document with them.
        #expect(indexer.waitUntilIdle(timeout: 10))
        #expect(indexer.wakeUps > before + woken, "the flush's wake-up is counted")
        #expect(builds.all.count == 2)
    }
}

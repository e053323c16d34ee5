import Foundation
import Marginalia
import MarginaliaEditor
import Testing
@testable import MarginaliaServer

@Suite("Document service: group commit of the log")
struct ServiceGroupCommitTests {
    /// Starts `count` applies of squares on other threads while the test holds the commit
    /// lock, waits until all are queued, then lets one committer take them together.
    private func queuedApplies(_ service: DocumentService, _ id: String, count: Int, base: Int = 0,
                               holding: (OpenDocument) throws -> Void = { _ in }) throws -> [Result<ApplyResult, any Error>] {
        let document = try service.documents.entry(id)
        let results = ResultBox(count: count)
        let group = DispatchGroup()
        try document.committing {
            for index in 0..<count {
                group.enter()
                Thread.detachNewThread {
                    results.set(index, Result {
                        try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("q\(index)", x: Double(10 * index))),
                                                               base: base, client: "tab-\(index)"))
                    })
                    group.leave()
                }
            }
            let deadline = Date().addingTimeInterval(30)
            while document.locked({ $0.state?.pending.count ?? 0 }) < count && Date() < deadline { usleep(1_000) }
            #expect(document.locked { $0.state?.pending.count ?? 0 } == count)
            try holding(document)
        }
        group.wait()
        return results.all
    }

    @Test(arguments: StoreKind.allCases) func queuedAppliesShareOneCommitAndKeepRevisionsDense(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        let events = EventRecorder()
        _ = try service.presence.subscribe(id, events.record)
        let results = try queuedApplies(service, id, count: 6) { _ in
            // Applied in memory, not yet acknowledged: nothing is in the log, nobody heard.
            let logged = try service.store.operations(id, after: 0)
            #expect(logged.isEmpty)
            #expect(events.revisions.isEmpty)
        }
        let revisions = try results.map { try $0.get().revision }
        #expect(revisions.sorted() == Array(1...6))
        // Each request's missed entries are exactly the ones queued before it.
        for result in results {
            let answer = try result.get()
            #expect(answer.missed.map(\.revision) == Array(1..<answer.revision))
        }
        #expect(try service.store.operations(id, after: 0).map(\.revision) == Array(1...6))
        #expect(events.revisions == Array(1...6))
        #expect(try service.catalogue.summary(id).revision == 6)
    }

    @Test(arguments: StoreKind.allCases) func everyAcknowledgedEntryIsAlreadyInTheLog(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        let store = service.store
        let notYetLogged = Counter()
        DispatchQueue.concurrentPerform(iterations: 48) { index in
            let change: ApplyRequest.Change = index % 6 == 5 ? .undo : .operation(Fixtures.add("c\(index)", x: Double(index)))
            guard let result = try? service.editing.apply(id, Fixtures.request(change, base: 0, client: "tab-\(index)")) else {
                notYetLogged.increment()
                return
            }
            let logged = (try? store.operations(id, after: result.revision - 1).map(\.revision)) ?? []
            if let applied = result.applied.last, !logged.contains(applied.revision) { notYetLogged.increment() }
        }
        #expect(notYetLogged.value == 0)
        let log = try service.editing.operations(id, after: 0)
        #expect(log.operations.map(\.revision) == Array(1...log.revision))
        // A new service on the same store replays the same annotations.
        let expected = try service.annotationIDs(id)
        #expect(try place.service().annotationIDs(id) == expected)
    }

    @Test(arguments: StoreKind.allCases) func aFailedCommitFailsEveryRequestInItAndChangesNothing(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a1")), base: 0))
        let before = try service.annotationIDs(id)
        let events = EventRecorder()
        _ = try service.presence.subscribe(id, events.record)
        try place.failLogInserts(true)
        let results = try queuedApplies(service, id, count: 5, base: 1)
        for result in results {
            #expect(throws: ServiceError.self) { try result.get() }
        }
        #expect(try service.annotationIDs(id) == before)
        #expect(try service.catalogue.summary(id).revision == 1)
        #expect(try service.editing.operations(id, after: 0).revision == 1)
        #expect(events.revisions.isEmpty)

        try place.failLogInserts(false)
        // The history is as it was (undo takes a1 back) and revisions continue densely.
        let undo = try service.editing.apply(id, Fixtures.request(.undo, base: 1))
        #expect(undo.revision == 2 && undo.missed.isEmpty)
        #expect(undo.applied.first?.operation == .removeAnnotation(Fixtures.square("a1")))
        #expect(try service.editing.operations(id, after: 0).operations.map(\.revision) == [1, 2])
    }

    @Test(arguments: StoreKind.allCases) func readersAndSavesSeeOnlyCommittedEntries(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        // A save waits for the queued entries and commits them first.
        let document = try service.documents.entry(id)
        let group = DispatchGroup()
        group.enter()
        document.committing {
            Thread.detachNewThread {
                _ = try? service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("s1")), base: 0))
                group.leave()
            }
            while document.locked({ $0.state?.pending.count ?? 0 }) < 1 { usleep(1_000) }
        }
        let version = try service.saving.save(id)
        group.wait()
        #expect(version.revision == 1)
        #expect(try service.store.operations(id, after: 0).map(\.revision) == [1])
    }

    @Test(arguments: StoreKind.allCases) func anEditWaitsWhileAReaderHoldsEditsBack(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        _ = try service.documents.withDocument(id) { $0.revision }  // loaded: the edit only applies
        let document = try service.documents.entry(id)
        let started = Counter()
        let results = ResultBox(count: 1)
        let group = DispatchGroup()
        group.enter()
        document.committing {
            document.withEditsWaiting {
                Thread.detachNewThread {
                    started.increment()
                    results.set(0, Result { try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("w1")), base: 0)) })
                    group.leave()
                }
                while started.value == 0 { usleep(1_000) }
                // While edits are held back, the edit does not apply: nothing queued, the revision stays.
                var appliedMeanwhile = false
                let window = Date().addingTimeInterval(0.5)
                while Date() < window && !appliedMeanwhile {
                    appliedMeanwhile = document.locked { $0.state?.pending.isEmpty == false || $0.state?.revision != 0 }
                    usleep(2_000)
                }
                #expect(!appliedMeanwhile)
            }
            // Once they are let in, it applies, then waits for the commit lock this test holds.
            let deadline = Date().addingTimeInterval(30)
            while document.locked({ $0.state?.pending.count ?? 0 }) < 1 && Date() < deadline { usleep(1_000) }
            #expect(document.locked { $0.state?.pending.count ?? 0 } == 1)
        }
        group.wait()
        #expect(try results.all[0].get().revision == 1)
        #expect(try service.store.operations(id, after: 0).map(\.revision) == [1])
    }
}

@Suite("Recent log")
struct RecentLogTests {
    private func entries(_ revisions: ClosedRange<Int>) -> [LoggedOperation] {
        revisions.map { LoggedOperation(revision: $0, clientId: "t", kind: .do, operation: Fixtures.add("a\($0)")) }
    }

    @Test func answersFromMemoryOnlyWhenItHoldsTheWholeRange() {
        var log = RecentLog(capacity: 4)
        #expect(log.entries(after: 0, upTo: 0) == [])
        #expect(log.entries(after: 0, upTo: 3) == nil)
        log.append(entries(1...6))
        #expect(log.entries(after: 6, upTo: 6) == [])
        #expect(log.entries(after: 4, upTo: 6)?.map(\.revision) == [5, 6])
        #expect(log.entries(after: 2, upTo: 6)?.map(\.revision) == [3, 4, 5, 6])
        #expect(log.entries(after: 1, upTo: 6) == nil)  // revision 2 was dropped
        #expect(log.entries(after: 4, upTo: 7) == nil)  // revision 7 is not held
        log.removeAll(after: 4)
        #expect(log.entries(after: 2, upTo: 4)?.map(\.revision) == [3, 4])
        log.append(entries(9...9))  // a gap starts again
        #expect(log.entries(after: 8, upTo: 9)?.map(\.revision) == [9])
        #expect(log.entries(after: 4, upTo: 9) == nil)
    }

    @Test func keepsItsCapacityOverManyAppends() {
        var log = RecentLog(capacity: 3)
        for revision in 1...50 { log.append(entries(revision...revision)) }
        #expect(log.entries(after: 47, upTo: 50)?.map(\.revision) == [48, 49, 50])
        #expect(log.entries(after: 46, upTo: 50) == nil)
    }
}

@Suite("Spliced JSON of log entries")
struct SplicedJSONTests {
    @Test func matchesWhatJSONEncoderWrites() throws {
        let operation = Fixtures.add("a/1")
        let json = try OpenDocuments.encodeOperation(operation)
        let entry = LoggedOperation(revision: 7, clientId: #"tab "1"/\ é"#, author: nil, kind: .undo, operation: operation,
                                    json: json)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(try entry.jsonData() == encoder.encode(entry))
        #expect(try DocumentEvent.operation(entry).payload() == encoder.encode(entry))
        // With an author, written first (sorted keys) and escaped alike.
        var signed = entry
        signed.author = #"Ana "A"/\ é"#
        #expect(try signed.jsonData() == encoder.encode(signed))
        #expect(try JSONDecoder().decode(LoggedOperation.self, from: signed.jsonData()) == signed)

        let result = ApplyResult(revision: 8, applied: [entry], missed: [entry, entry])
        let spliced = try JSONSerialization.jsonObject(with: result.splicedJSON()) as? NSDictionary
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(result)) as? NSDictionary
        #expect(spliced != nil && spliced == encoded)
        let log = OperationLog(revision: 8, operations: [entry])
        #expect(try JSONSerialization.jsonObject(with: log.splicedJSON()) as? NSDictionary
                == JSONSerialization.jsonObject(with: JSONEncoder().encode(log)) as? NSDictionary)
    }
}

/// Results filled in by several threads.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<ApplyResult, any Error>?]

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ result: Result<ApplyResult, any Error>) {
        lock.lock()
        defer { lock.unlock() }
        results[index] = result
    }

    var all: [Result<ApplyResult, any Error>] {
        lock.lock()
        defer { lock.unlock() }
        return results.map { $0 ?? .failure(ServiceError.internalError("no result")) }
    }
}

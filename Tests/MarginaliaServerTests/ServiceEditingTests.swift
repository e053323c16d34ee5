import Foundation
import Marginalia
import MarginaliaEditor
import Testing
@testable import MarginaliaServer

@Suite("Document service: editing")
struct ServiceEditingTests {
    /// An answer carries at most the first 100 entries its client missed, however far behind
    /// it is; the rest are the log's, after the last one it got (and 1,024 of them are still
    /// in memory, 1,000 beyond the bound).
    @Test func anAnswerCarriesAtMostTheFirstHundredMissedEntries() throws {
        let place = try TestStore(.sqlite)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        for n in 0..<150 {
            _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a\(n)", x: 100 + Double(n))), base: n, client: "tab-1"))
        }
        let behind = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("late", x: 50)), base: 0, client: "tab-2"))
        #expect(behind.missed.map(\.revision) == Array(1...100))
        #expect(behind.applied.map(\.revision) == [151])
        #expect(try service.editing.operations(id, after: 100).operations.map(\.revision) == Array(101...151))
        let close = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("close", x: 60)), base: 149, client: "tab-3"))
        #expect(close.missed.map(\.revision) == [150, 151])
    }

    /// A client further behind than the entries held in memory gets its first 100 missed
    /// entries from the store, which reads only those: entry 500 of 1,030, made unreadable
    /// behind the service's back, is never read (reading the whole log under the document's
    /// lock stopped a document for minutes when 128 clients came back at revision 0).
    @Test(arguments: StoreKind.allCases) func aClientFarBehindReadsOnlyTheEntriesItIsSent(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        #expect(RecentLog().capacity < 1_030, "revision 1 must have left memory, or the store is not asked")
        for n in 0..<1_030 {
            _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a\(n)", x: 100 + Double(n % 300))), base: n))
        }
        let corrupt = "UPDATE operations SET json = '{' WHERE revision = 500"
        switch try place.open() {
        case let store as SQLiteDocumentStore: try store.withDatabase { try $0.execute(corrupt) }
        case let store as PostgresDocumentStore: try store.pool.withConnection { try $0.run(corrupt) }
        default: Issue.record("a store of another kind")
        }
        let behind = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("late", x: 50)), base: 0, client: "tab-2"))
        #expect(behind.missed.map(\.revision) == Array(1...100))
        #expect(behind.applied.map(\.revision) == [1_031])
        let store = try place.open()
        #expect(try store.operations(id, after: 1_000, limit: 3).map(\.revision) == [1_001, 1_002, 1_003])
        #expect(try store.operations(id, after: 1_000, limit: 0).isEmpty)
        #expect(try store.operations(id, after: 1_025, limit: nil).map(\.revision) == Array(1_026...1_031))
        // The log as a client asks for it: from the store, outside the state lock, up to the revision.
        #expect(try service.editing.operations(id, after: 200).operations.count == 831)
    }

    @Test(arguments: StoreKind.allCases) func appliesOperationsAndReportsMissedEntries(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        let before = try service.annotationIDs(id)
        let events = EventRecorder()
        let token = try service.presence.subscribe(id, events.record)
        // Subscribers hear an entry only once it is in the durable log.
        let loggedFirst = Counter()
        let store = service.store
        _ = try service.presence.subscribe(id) { event in
            if case .operation(let entry) = event,
               (try? store.operations(id, after: entry.revision - 1).first?.revision) == entry.revision {
                loggedFirst.increment()
            }
        }

        let first = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a1")), base: 0, client: "tab-1"))
        #expect(first.revision == 1 && first.missed.isEmpty)
        #expect(first.applied == [LoggedOperation(revision: 1, clientId: "tab-1", kind: .do, operation: Fixtures.add("a1"))])
        // tab-2 has not seen revision 1.
        let second = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a2", x: 300)), base: 0, client: "tab-2"))
        #expect(second.revision == 2)
        #expect(second.missed.map(\.revision) == [1] && second.missed.first?.clientId == "tab-1")
        #expect(second.applied.map(\.revision) == [2])

        #expect(try service.annotationIDs(id) == before + ["a1", "a2"])
        #expect(try service.editing.annotations(id, page: 0).revision == 2)
        #expect(try service.editing.operations(id, after: 0).operations.map(\.revision) == [1, 2])
        #expect(try service.editing.operations(id, after: 1).operations.map(\.clientId) == ["tab-2"])
        #expect(try service.catalogue.summary(id).revision == 2 && service.catalogue.summary(id).savedRevision == 0)
        #expect(events.revisions == [1, 2])
        #expect(loggedFirst.value == 2)
        service.presence.unsubscribe(token)
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a3")), base: 2))
        #expect(events.revisions == [1, 2])
    }

    @Test(arguments: StoreKind.allCases) func eachClientUndoesAndRedoesItsOwnStepsLoggedAsApplied(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        let nothing = try service.editing.apply(id, Fixtures.request(.undo, base: 0))
        #expect(nothing.applied.isEmpty && nothing.revision == 0)

        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a1")), base: 0, client: "tab-1"))
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a2")), base: 1, client: "tab-2"))
        // tab-1's undo takes back tab-1's step, not tab-2's later one.
        let undo = try service.editing.apply(id, Fixtures.request(.undo, base: 2, client: "tab-1"))
        #expect(undo.applied.map(\.kind) == [.undo] && undo.revision == 3)
        #expect(undo.applied.first?.operation == .removeAnnotation(Fixtures.square("a1")))
        #expect(try !service.annotationIDs(id).contains("a1") && service.annotationIDs(id).contains("a2"))
        #expect(try service.editing.apply(id, Fixtures.request(.undo, base: 3, client: "tab-1")).applied.isEmpty)
        #expect(try service.editing.apply(id, Fixtures.request(.redo, base: 3, client: "tab-2")).applied.isEmpty)

        let redo = try service.editing.apply(id, Fixtures.request(.redo, base: 3, client: "tab-1"))
        #expect(redo.applied.map(\.kind) == [.redo] && redo.revision == 4)
        #expect(redo.applied.first?.operation == Fixtures.add("a1"))
        #expect(try service.annotationIDs(id).contains("a1"))
        #expect(try service.editing.apply(id, Fixtures.request(.redo, base: 4, client: "tab-1")).applied.isEmpty)

        // tab-2's history is its own, and survives the service's restart (another replica's
        // view of it, over PostgreSQL).
        let reopened = try place.service()
        let undoTwo = try reopened.editing.apply(id, Fixtures.request(.undo, base: 4, client: "tab-2"))
        #expect(undoTwo.applied.first?.operation == .removeAnnotation(Fixtures.square("a2")))
        #expect(try reopened.annotationIDs(id).contains("a1"))
    }

    @Test(arguments: StoreKind.allCases) func anUndoOfWhatSomeoneElseChangedSinceIsRefusedAndLeavesTheHistory(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a0")), base: 0, client: "tab-1"))
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a1")), base: 1, client: "tab-1"))
        // tab-2 moves tab-1's a1: tab-1 can no longer undo adding it (that would delete tab-2's work).
        _ = try service.editing.apply(id, Fixtures.request(.operation(.changeAnnotation(before: Fixtures.square("a1"),
                                                                                after: Fixtures.square("a1", x: 300))),
                                                   base: 2, client: "tab-2"))
        #expect { try service.editing.apply(id, Fixtures.request(.undo, base: 3, client: "tab-1")) } throws: { error in
            let error = error as? ServiceError
            return error?.code == "conflict" && error?.message == "cannot undo: someone else has changed this square annotation since; that step has left your undo history"
        }
        #expect(try service.annotationIDs(id).contains("a1") && service.catalogue.summary(id).revision == 3)
        // The refused step left tab-1's history: its next undo goes further back.
        let undo = try service.editing.apply(id, Fixtures.request(.undo, base: 3, client: "tab-1"))
        #expect(undo.applied.first?.operation == .removeAnnotation(Fixtures.square("a0")))
        #expect(try service.annotationIDs(id).contains("a1"))
    }

    @Test(arguments: StoreKind.allCases) func commentsAreTheirAuthorsAndAnUndoNeverTakesSomeoneElsesAway(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a1")), base: 0, client: "tab-1"))
        let reply = try service.editing.apply(id, Fixtures.request(.command(.reply(.init(to: "a1", text: "Why?", author: "Grace", id: "r1"))),
                                                           base: 1, client: "tab-2", author: "Grace"))
        guard case .addAnnotation(let note, _)? = reply.applied.first?.operation else { Issue.record("\(reply.applied)"); return }
        #expect(note.inReplyTo == "a1" && note.author == "Grace" && note.contents == "Why?")
        let state = try service.editing.apply(id, Fixtures.request(.command(.setState(.init(to: "a1", state: .accepted, author: "Grace"))),
                                                           base: 2, client: "tab-2"))
        #expect(state.revision == 3)
        // Only Grace edits or deletes her reply: 403.
        #expect { try service.editing.apply(id, Fixtures.request(.command(.deleteReply(id: "r1", author: "Ada")), base: 3, client: "tab-1")) } throws: { error in
            (error as? ServiceError)?.code == "forbidden" && (error as? ServiceError)?.reason == Reason(.notAuthor, [("author", .string("Grace"))])
        }
        // tab-1 cannot undo adding a1: that would remove Grace's thread. The editor says why by
        // the reason (docs/api.md, Reasons), the English message stays.
        #expect { try service.editing.apply(id, Fixtures.request(.undo, base: 3, client: "tab-1")) } throws: { error in
            (error as? ServiceError)?.message == "cannot undo: Grace has commented on this square annotation since; that step has left your undo history"
                && (error as? ServiceError)?.reason == Reason(.historyRefused(redo: false, .comment), [("author", .string("Grace"))])
        }
        // Grace undoes her own state, then her reply.
        _ = try service.editing.apply(id, Fixtures.request(.undo, base: 3, client: "tab-2"))
        _ = try service.editing.apply(id, Fixtures.request(.undo, base: 4, client: "tab-2"))
        #expect(try service.annotationIDs(id).contains("a1") && !service.annotationIDs(id).contains("r1"))
    }

    @Test(arguments: StoreKind.allCases) func aPageOrderChangedBySomeoneElseBlocksUndoAndRedo(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a1")), base: 0, client: "tab-1"))
        _ = try service.editing.apply(id, Fixtures.request(.undo, base: 1, client: "tab-1"))
        _ = try service.editing.apply(id, Fixtures.request(.command(.insertPage(index: 0, width: 300, height: 300)), base: 2, client: "tab-2"))
        #expect { try service.editing.apply(id, Fixtures.request(.redo, base: 3, client: "tab-1")) } throws: { error in
            (error as? ServiceError)?.message == "cannot redo: someone else has inserted, removed or moved pages since; that step has left your redo history"
        }
        // tab-2's own page insertion is blocked by tab-1's later edit.
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a3", page: 1)), base: 3, client: "tab-1"))
        #expect { try service.editing.apply(id, Fixtures.request(.undo, base: 4, client: "tab-2")) } throws: { error in
            (error as? ServiceError)?.message == "cannot undo: someone else has edited the document since; that step has left your undo history"
        }
        #expect(try service.editing.pages(id).count == 4)
    }

    @Test(arguments: StoreKind.allCases) func anOperationThatDoesNotFitChangesAndLogsNothing(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        let before = try service.annotationIDs(id)
        let bad: [EditorOperation] = [
            .removeAnnotation(Fixtures.square("missing")),
            .changeAnnotation(before: Fixtures.square("missing"), after: Fixtures.square("missing", x: 200)),
            Fixtures.add("far", page: 42),
            .group(name: "half", [Fixtures.add("g1"), Fixtures.add("g2", page: 42)]),
        ]
        for operation in bad {
            #expect { try service.editing.apply(id, Fixtures.request(.operation(operation), base: 0)) } throws: {
                ($0 as? ServiceError)?.code == "unprocessable"
            }
        }
        #expect(try service.annotationIDs(id) == before)
        #expect(try service.editing.operations(id, after: 0).operations.isEmpty)
        #expect(try service.catalogue.summary(id).revision == 0)
        #expect { try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a")), base: 5)) } throws: {
            ($0 as? ServiceError)?.code == "conflict"
        }
        #expect { try service.editing.apply(id, Fixtures.request(.undo, base: 0, client: "")) } throws: {
            ($0 as? ServiceError)?.code == "badRequest"
        }
    }

    @Test(arguments: StoreKind.allCases) func aFailedLogWriteTakesTheChangeBack(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a1")), base: 0))
        let before = try service.annotationIDs(id)
        try place.failLogInserts(true)
        for change in [ApplyRequest.Change.operation(Fixtures.add("a2")), .undo] {
            #expect { try service.editing.apply(id, Fixtures.request(change, base: 1)) } throws: {
                ($0 as? ServiceError)?.code == "internal"
            }
            #expect(try service.annotationIDs(id) == before)
            #expect(try service.catalogue.summary(id).revision == 1)
        }
        try place.failLogInserts(false)
        // The history is as it was: undo removes a1, and revisions continue densely.
        let undo = try service.editing.apply(id, Fixtures.request(.undo, base: 1))
        #expect(undo.revision == 2 && undo.applied.first?.operation == .removeAnnotation(Fixtures.square("a1")))
        #expect(try !service.annotationIDs(id).contains("a1"))
    }

    @Test(arguments: [
        "not json", "[]", #"{"clientId": "t", "undo": true}"#, #"{"baseRevision": true, "clientId": "t", "undo": true}"#,
        #"{"baseRevision": 0, "clientId": "t"}"#, #"{"baseRevision": 0, "clientId": "t", "undo": true, "redo": true}"#,
        #"{"baseRevision": 0, "clientId": "t", "undo": false}"#,
        #"{"baseRevision": 0, "clientId": "t", "operation": {"explode": {}}}"#,
        #"{"baseRevision": 0, "clientId": "t", "operation": {"addAnnotation": {"_0": {"type": "square"}}}}"#,
    ])
    func malformedRequestsAreBadRequests(body: String) {
        #expect { try ApplyRequest.decode(Data(body.utf8)) } throws: { ($0 as? ServiceError)?.code == "badRequest" }
    }

    @Test func decodesWellFormedRequests() throws {
        let body = #"""
            {"baseRevision": 3, "clientId": "tab-9",
             "operation": {"addAnnotation": {"_0": {"type": "square", "id": "s1", "pageIndex": 0, "rect": [1, 2, 30, 40]}}}}
            """#
        let request = try ApplyRequest.decode(Data(body.utf8))
        #expect(request.baseRevision == 3 && request.clientId == "tab-9")
        guard case .command(.add(let annotations)) = request.change else {
            Issue.record("expected an add command")
            return
        }
        #expect(annotations.first?.id == "s1")
        let undo = try ApplyRequest.decode(Data(#"{"baseRevision": 0, "clientId": "t", "undo": true}"#.utf8))
        guard case .undo = undo.change else { Issue.record("expected undo"); return }
    }

    @Test(arguments: StoreKind.allCases) func concurrentAppliesKeepRevisionsDenseAndTheLogComplete(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        let other = try service.catalogue.importDocument(name: "other", data: Fixtures.sample).id
        let events = EventRecorder()
        _ = try service.presence.subscribe(id, events.record)
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            let target = index % 4 == 3 ? other : id
            let change: ApplyRequest.Change = index % 5 == 4 ? .undo : .operation(Fixtures.add("c\(index)", x: Double(index)))
            do {
                _ = try service.editing.apply(target, Fixtures.request(change, base: 0, client: "tab-\(index)"))
                if index % 10 == 9 { _ = try service.saving.save(target) }
            } catch {
                failures.increment()
            }
        }
        #expect(failures.value == 0)
        let log = try service.editing.operations(id, after: 0)
        #expect(log.operations.map(\.revision) == Array(1...log.revision))
        #expect(events.revisions == Array(1...log.revision))
        let otherLog = try service.editing.operations(other, after: 0)
        #expect(otherLog.operations.map(\.revision) == Array(1...otherLog.revision))
        #expect(log.operations.count + otherLog.operations.count <= 40)
        #expect(log.operations.filter { $0.kind == .do }.count + otherLog.operations.filter { $0.kind == .do }.count == 32)

        #expect(try service.saving.versions(id).versions.map(\.number) == Array(1...service.saving.versions(id).versions.count))

        // A new service replays the log onto the same annotations.
        let expected = try service.annotationIDs(id)
        let reopened = try place.service()
        #expect(try reopened.annotationIDs(id) == expected)
    }
}

/// A count shared between threads.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }
}

import Foundation
import Marginalia
import MarginaliaEditor
import Testing
@testable import MarginaliaServer

/// Two services over one PostgreSQL database, as two `marginalia serve` replicas are (each
/// with its own store object, connections and listener).
@Suite("Replicas over one PostgreSQL store")
struct ReplicaServiceTests {
    private func replicas() throws -> (TestStore, DocumentService, DocumentService, String) {
        let place = try TestStore(.postgresql)
        let a = try place.service()
        let b = try place.service()
        let id = try a.catalogue.importDocument(name: "shared.pdf", data: Fixtures.sample).id
        try waitUntil("both listeners are connected") { (try? a.checkReady()) != nil && (try? b.checkReady()) != nil }
        return (place, a, b, id)
    }

    @Test func editsThroughEitherReplicaShareOneDenseLogAndUndoHistory() throws {
        let (place, a, b, id) = try replicas()
        defer { place.remove() }
        _ = try a.annotationIDs(id)  // both hold the document in memory
        _ = try b.annotationIDs(id)
        var revision = 0
        for n in 0..<6 {
            let replica = n % 2 == 0 ? a : b
            let result = try replica.editing.apply(id, Fixtures.request(.operation(Fixtures.add("r\(n)", x: Double(30 * n))), base: revision))
            #expect(result.revision == n + 1)
            revision = result.revision
        }
        #expect(try a.annotationIDs(id) == b.annotationIDs(id))
        #expect(try a.editing.operations(id, after: 0).operations.map(\.clientId).count == 6)
        // A client that saw revision 2 through A and now talks to B misses 3 to 6.
        let late = try b.editing.apply(id, Fixtures.request(.operation(Fixtures.add("late")), base: 2, client: "tab-9"))
        #expect(late.missed.map(\.revision) == [3, 4, 5, 6] && late.revision == 7)
        // Each client's undo history is the log's: through B, tab-1 undoes the step it took through A.
        _ = try a.editing.apply(id, Fixtures.request(.operation(Fixtures.add("from-a")), base: 7))
        let undo = try b.editing.apply(id, Fixtures.request(.undo, base: 8))
        #expect(undo.applied.first?.operation == .removeAnnotation(Fixtures.square("from-a")))
        #expect(try !a.annotationIDs(id).contains("from-a"))
    }

    /// A client moves from A to B with the revision A acknowledged. B's copy is behind, so
    /// its first look finds the request's base revision ahead; just then B's late notice
    /// arrives and its background catch-up brings the copy to that revision (the order the
    /// replica soak met after kills). B must apply the request: before it refuses a base
    /// revision as ahead, it catches up from the log under the document's lock in the store.
    /// (It answered 409 "ahead": a second look, which decided whether to catch up and try
    /// again, came after the background catch-up, found nothing ahead, and let the first
    /// refusal stand.) A base revision that no replica logged is still refused.
    @Test func aRevisionAnotherReplicaAcknowledgedIsNeverAhead() throws {
        let place = try TestStore(.postgresql)
        defer { place.remove() }
        let a = try place.service()
        let controlled = ControlledStore(try place.open())
        let b = DocumentService(store: controlled)
        let id = try a.catalogue.importDocument(name: "shared.pdf", data: Fixtures.sample).id
        try waitUntil("both listeners are connected") { (try? a.checkReady()) != nil && (try? b.checkReady()) != nil }
        _ = try b.annotationIDs(id)  // B holds the document, at revision 0
        controlled.hold()
        let acknowledged = try a.editing.apply(id, Fixtures.request(.operation(Fixtures.add("from-a")), base: 0)).revision
        let entry = try b.documents.entry(id)
        #expect(entry.loadedRevision == 0)
        controlled.onNextSharedRead {
            controlled.release()
            #expect(throws: Never.self) {
                try waitUntil("B's background catch-up reached A's entry") { entry.loadedRevision == acknowledged }
            }
        }
        let moved = try b.editing.apply(id, Fixtures.request(.operation(Fixtures.add("moved", x: 200)), base: acknowledged))
        #expect(moved.revision == acknowledged + 1 && moved.missed.isEmpty)
        #expect(try a.annotationIDs(id).suffix(2) == ["from-a", "moved"])
        #expect { try b.editing.apply(id, Fixtures.request(.operation(Fixtures.add("x")), base: 9)) } throws: { error in
            (error as? ServiceError)?.message == "baseRevision 9 is ahead of document \(id) (revision 2)"
        }
    }

    @Test func concurrentAppliesOnTwoReplicasLoseNothing() throws {
        let (place, a, b, id) = try replicas()
        defer { place.remove() }
        let results = ResultBox(count: 40)
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            let replica = index % 2 == 0 ? a : b
            results.set(index, Result {
                try replica.editing.apply(id, Fixtures.request(.operation(Fixtures.add("c\(index)", x: Double(index * 10 % 500))),
                                                       base: 0, client: "tab-\(index)"))
            })
        }
        let revisions = try results.all.map { try $0.get().revision }
        #expect(revisions.sorted() == Array(1...40))
        let log = try a.editing.operations(id, after: 0)
        #expect(log.operations.map(\.revision) == Array(1...40))
        #expect(Set(log.operations.map(\.clientId)).count == 40)
        #expect(try a.annotationIDs(id).sorted() == b.annotationIDs(id).sorted())
        #expect(try a.annotationIDs(id).filter { $0.hasPrefix("c") }.count == 40)
    }

    @Test func subscribersOnOneReplicaHearTheOthersEntriesInOrder() throws {
        let (place, a, b, id) = try replicas()
        defer { place.remove() }
        let heard = EventRecorder()
        _ = try b.presence.subscribe(id, heard.record)
        var revision = 0
        for n in 0..<8 {
            let replica = n % 3 == 0 ? b : a
            revision = try replica.editing.apply(id, Fixtures.request(.operation(Fixtures.add("s\(n)", x: Double(20 * n))), base: revision)).revision
        }
        _ = try a.catalogue.rename(id, to: "renamed.pdf")
        _ = try a.saving.save(id)
        try waitUntil("B's subscriber heard everything") { heard.revisions.count >= 8 && heard.names.contains("saved") }
        #expect(heard.revisions == Array(1...8))
        #expect(heard.names.filter { $0 != "operation" } == ["renamed", "saved"])
    }

    @Test func savesAndRestoresFromDifferentReplicasStayConsistent() throws {
        let (place, a, b, id) = try replicas()
        defer { place.remove() }
        _ = try a.editing.apply(id, Fixtures.request(.operation(Fixtures.add("v1")), base: 0))
        #expect(try a.saving.save(id).number == 2)
        _ = try b.editing.apply(id, Fixtures.request(.operation(Fixtures.add("v2", x: 200)), base: 1))
        // B opened the document before A's save: its save is made again from version 2.
        let third = try b.saving.save(id)
        #expect(third.number == 3 && third.revision == 2)
        #expect(try a.saving.save(id).number == 3, "nothing new: A answers with the latest version")
        let saved = try PDFDocument(data: a.saving.versionData(id, 3))
        #expect(try saved.annotations(onPage: 0).map(\.id).suffix(2) == ["v1", "v2"])

        // A restores version 1; B's next edit lands on the restored content.
        _ = try a.saving.restoreVersion(id, 1)
        let onRestored = try b.editing.apply(id, Fixtures.request(.operation(Fixtures.add("after")), base: 2))
        #expect(onRestored.revision == 3)
        let ids = try a.annotationIDs(id)
        #expect(ids.contains("after") && !ids.contains("v1") && !ids.contains("v2"))
        #expect(try b.annotationIDs(id) == ids)
        #expect(try a.saving.versions(id).versions.map(\.number) == [1, 2, 3, 4])
    }

    /// B applies a change in memory while A removes the annotation it is about: B's commit
    /// finds A's entry first, catches up and applies the change again, which now fails; the
    /// request fails alone, and nothing of it is logged.
    @Test func aRequestThatNoLongerFitsAfterCatchingUpFailsAlone() throws {
        let (place, a, b, id) = try replicas()
        defer { place.remove() }
        _ = try a.editing.apply(id, Fixtures.request(.operation(Fixtures.add("x")), base: 0))
        _ = try b.annotationIDs(id)
        let entry = try b.documents.entry(id)
        let group = DispatchGroup()
        let outcome = ResultBox(count: 2)
        try entry.committing {
            // Held: B cannot commit nor catch up meanwhile.
            group.enter()
            Thread.detachNewThread {
                outcome.set(0, Result { try b.editing.apply(id, Fixtures.request(.operation(.removeAnnotation(Fixtures.square("x"))),
                                                                             base: 1, client: "tab-b")) })
                group.leave()
            }
            try waitUntil("B's request is queued") { entry.locked { $0.state?.pending.count ?? 0 } == 1 }
            outcome.set(1, Result { try a.editing.apply(id, Fixtures.request(.operation(.removeAnnotation(Fixtures.square("x"))),
                                                                     base: 1, client: "tab-a")) })
        }
        group.wait()
        let results = outcome.all
        #expect(try results[1].get().revision == 2)
        #expect { try results[0].get() } throws: { ($0 as? ServiceError)?.code == "unprocessable" }
        #expect(try b.editing.operations(id, after: 0).operations.map(\.clientId) == ["tab-1", "tab-a"])
        #expect(try b.catalogue.summary(id).revision == 2)
        #expect(try !b.annotationIDs(id).contains("x"))
    }

    /// Undo is per client across replicas: tab-2 changes, through B, an annotation tab-1 added
    /// through A; tab-1's undo of adding it is refused on either replica (A learns of tab-2's
    /// entry from the log, at the latest when its commit finds it there), and tab-1's next
    /// undo goes further back.
    @Test func anUndoOfAnotherClientsChangeIsRefusedOnEveryReplica() throws {
        let (place, a, b, id) = try replicas()
        defer { place.remove() }
        _ = try a.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a0")), base: 0, client: "tab-1"))
        _ = try a.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a1", x: 200)), base: 1, client: "tab-1"))
        let moved = EditorOperation.changeAnnotation(before: Fixtures.square("a1", x: 200), after: Fixtures.square("a1", x: 300))
        #expect(try b.editing.apply(id, Fixtures.request(.operation(moved), base: 2, client: "tab-2")).revision == 3)
        for replica in [b, a] {
            #expect { try replica.editing.apply(id, Fixtures.request(.undo, base: 3, client: "tab-1")) } throws: { error in
                (error as? ServiceError)?.message == "cannot undo: someone else has changed this square annotation since; that step has left your undo history"
            }
        }
        let undo = try a.editing.apply(id, Fixtures.request(.undo, base: 3, client: "tab-1"))
        #expect(undo.applied.first?.operation == .removeAnnotation(Fixtures.square("a0")) && undo.revision == 4)
        #expect(try b.annotationIDs(id) == ["a1"])
        #expect(try a.editing.operations(id, after: 0).operations.map(\.revision) == [1, 2, 3, 4])
    }
}

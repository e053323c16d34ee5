import Foundation
import Marginalia
import MarginaliaEditor
import Synchronization
import Testing
@testable import MarginaliaServer

/// A clock the test moves by hand (``DocumentResidency/clock``).
final class HandClock: Sendable {
    private let seconds = Mutex(1_000.0)

    func advance(_ by: Double) {
        seconds.withLock { $0 += by }
    }

    var read: @Sendable () -> Double {
        { [self] in self.seconds.withLock { $0 } }
    }
}

extension OpenDocuments {
    /// Test shorthand: the entry of document `id`, not held in use once returned (the tests
    /// that use it keep documents far from the idle time and the bound).
    func entry(_ id: String) throws -> OpenDocument {
        try using(id) { $0 }
    }
}

@Suite("Document service: documents unloaded when unused")
struct ServiceUnloadingTests {
    /// A service on a temporary SQLite store whose documents are unloaded after `idle`
    /// seconds of the hand clock, at most `maxOpen` held.
    private func service(idle: Int = 60, maxOpen: Int = 64) throws -> (DocumentService, HandClock, TemporaryDirectory) {
        let folder = try TemporaryDirectory()
        let clock = HandClock()
        let service = try DocumentService(directory: folder.url,
                                          residency: DocumentResidency(idleSeconds: idle, maxOpen: maxOpen, clock: clock.read))
        return (service, clock, folder)
    }

    private func add(_ service: DocumentService, _ id: String, _ annotation: String, client: String) throws -> ApplyResult {
        let base = try service.catalogue.summary(id).revision
        return try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add(annotation)), base: base, client: client))
    }

    private func undoOrRedo(_ service: DocumentService, _ id: String, _ change: ApplyRequest.Change,
                            client: String) throws -> ApplyResult {
        try service.editing.apply(id, Fixtures.request(change, base: try service.catalogue.summary(id).revision, client: client))
    }

    /// Waits until the background indexer has read every change: it holds a document with
    /// unsaved edits while it reads it, which makes the document used (now, on the hand clock)
    /// and in use; under load it was still reading when a test moved the clock and asked.
    private func waitForTheIndexer(_ service: DocumentService) {
        #expect(service.search.waitForTextIndex())
    }

    @Test func aDocumentUnusedForTheIdleTimeIsUnloaded() throws {
        let (service, clock, folder) = try service(idle: 60)
        defer { folder.remove() }
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        _ = try service.annotationIDs(id)
        #expect(service.openDocumentCount == 1)
        #expect(service.documents.existingEntry(id)?.loadedRevision == 0)
        clock.advance(59)
        #expect(service.documents.unloadUnused().isEmpty)
        #expect(service.openDocumentCount == 1)
        clock.advance(1)
        #expect(service.documents.unloadUnused() == [id])
        #expect(service.openDocumentCount == 0)
        #expect(service.documents.existingEntry(id) == nil)
        // The health endpoint tells the count.
        let health = HealthEndpoints(service: service).respond(to: HTTPRequest(method: "GET", path: "/healthz"))
        guard case .data(let bytes) = health?.body else {
            Issue.record("no /healthz answer")
            return
        }
        let body = try JSONSerialization.jsonObject(with: bytes) as? [String: Any]
        #expect(body?["openDocuments"] as? Int == 0 && body?["status"] as? String == "ok")
        // Asked for again, it is opened again.
        _ = try service.annotationIDs(id)
        #expect(service.openDocumentCount == 1)
    }

    @Test func unloadedAndReopenedADocumentKeepsItsRevisionAnnotationsAndEachUsersUndo() throws {
        let (service, clock, folder) = try service(idle: 60)
        defer { folder.remove() }
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        _ = try add(service, id, "a1", client: "tab-1")
        _ = try add(service, id, "b1", client: "tab-2")
        _ = try add(service, id, "a2", client: "tab-1")
        _ = try undoOrRedo(service, id, .undo, client: "tab-1")  // a2 taken back: tab-1 can redo it
        let annotations = try service.annotationIDs(id)
        let revision = try service.editing.operations(id, after: 0).revision
        #expect(annotations.suffix(2) == ["a1", "b1"] && revision == 4)

        waitForTheIndexer(service)
        clock.advance(60)
        #expect(service.documents.unloadUnused() == [id])
        #expect(service.openDocumentCount == 0)

        #expect(try service.annotationIDs(id) == annotations)
        #expect(try service.editing.operations(id, after: 0).revision == revision)
        // tab-2 has nothing to redo; tab-1 redoes a2, then undoes it and its a1, never tab-2's b1.
        #expect(try undoOrRedo(service, id, .redo, client: "tab-2").applied.isEmpty)
        let redo = try undoOrRedo(service, id, .redo, client: "tab-1")
        #expect(redo.applied.map(\.operation) == [Fixtures.add("a2")] && redo.revision == 5)
        waitForTheIndexer(service)
        clock.advance(60)
        #expect(service.documents.unloadUnused() == [id])
        let undoA2 = try undoOrRedo(service, id, .undo, client: "tab-1")
        #expect(undoA2.applied.map(\.operation) == [.removeAnnotation(Fixtures.square("a2"))])
        let undoA1 = try undoOrRedo(service, id, .undo, client: "tab-1")
        #expect(undoA1.applied.map(\.operation) == [.removeAnnotation(Fixtures.square("a1"))])
        #expect(try undoOrRedo(service, id, .undo, client: "tab-1").applied.isEmpty)
        let undoB1 = try undoOrRedo(service, id, .undo, client: "tab-2")
        #expect(undoB1.applied.map(\.operation) == [.removeAnnotation(Fixtures.square("b1"))] && undoB1.revision == 8)
        #expect(try service.annotationIDs(id) == annotations.dropLast(2))
    }

    @Test func aDocumentWithASubscriberOrARequestAtWorkIsNeverUnloaded() throws {
        let (service, clock, folder) = try service(idle: 60, maxOpen: 1)
        defer { folder.remove() }
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        let other = try service.catalogue.importDocument(name: "other", data: Fixtures.sample).id
        _ = try service.annotationIDs(id)
        let token = try service.presence.subscribe(id) { _ in }
        clock.advance(600)
        #expect(service.documents.unloadUnused().isEmpty)
        // Past the bound too: the other document goes, the subscribed one stays.
        _ = try service.annotationIDs(other)
        #expect(service.documents.existingEntry(id)?.loadedRevision == 0)
        #expect(service.documents.existingEntry(other) == nil)
        service.presence.unsubscribe(token)

        // A request at work on it, between taking its locks.
        try service.documents.using(id) { _ in
            clock.advance(600)
            #expect(service.documents.unloadUnused().isEmpty)
            #expect(service.documents.existingEntry(id) != nil)
        }
        // An edit applied in memory and waiting for its commit.
        let document = try service.documents.entry(id)
        let group = DispatchGroup()
        group.enter()
        document.committing {
            Thread.detachNewThread {
                _ = try? service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("w")), base: 0))
                group.leave()
            }
            while document.locked({ $0.state?.pending.count ?? 0 }) < 1 { usleep(1_000) }
            clock.advance(600)
            #expect(service.documents.unloadUnused().isEmpty)
        }
        group.wait()
        waitForTheIndexer(service)
        clock.advance(600)
        #expect(service.documents.unloadUnused() == [id])
        #expect(try service.annotationIDs(id).last == "w")
    }

    @Test func pastTheBoundTheLeastRecentlyUsedUnusedDocumentsAreUnloaded() throws {
        let (service, clock, folder) = try service(idle: 0, maxOpen: 3)
        defer { folder.remove() }
        let ids = try (1...5).map { try service.catalogue.importDocument(name: "d\($0)", data: Fixtures.sample).id }
        waitForTheIndexer(service)
        for id in ids.prefix(3) {
            clock.advance(1)
            _ = try service.annotationIDs(id)
        }
        #expect(service.openDocumentCount == 3)
        clock.advance(1)
        _ = try service.annotationIDs(ids[0])  // now the most recently used
        clock.advance(1)
        _ = try service.annotationIDs(ids[3])
        #expect(Set(service.documents.table.withLock { Array($0.slots.keys) }) == [ids[0], ids[2], ids[3]])
        // Held in use, the least recently used stays; the next one goes instead.
        try service.documents.using(ids[2]) { _ in
            clock.advance(1)
            _ = try service.annotationIDs(ids[4])
            #expect(Set(service.documents.table.withLock { Array($0.slots.keys) }) == [ids[2], ids[3], ids[4]])
        }
        // Without an idle time, nothing goes by time alone.
        clock.advance(100_000)
        #expect(service.documents.unloadUnused().isEmpty)
        #expect(service.openDocumentCount == 3)
    }

    @Test func residencyOptionsAreCheckedAndNameTheirRange() throws {
        #expect(try DocumentResidency.idleSeconds("0") == 0)
        #expect(try DocumentResidency.maxOpen("1") == 1)
        for text in ["-1", "86401", "1.5", "x", ""] {
            #expect { try DocumentResidency.idleSeconds(text) } throws: {
                "\($0)" == "--unload-idle: '\(text)' is not a whole number of seconds from 0 (never) to 86400"
            }
        }
        for text in ["0", "1000001", "many"] {
            #expect { try DocumentResidency.maxOpen(text) } throws: {
                "\($0)" == "--max-open-documents: '\(text)' is not a whole number from 1 to 1000000"
            }
        }
    }
}

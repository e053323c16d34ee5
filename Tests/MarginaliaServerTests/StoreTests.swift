import Foundation
import Testing
@testable import MarginaliaServer

@Suite("Document store")
struct StoreTests {
    @Test func createsTheCatalogueAndKeepsDocumentsAcrossOpenings() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let made = try SQLiteDocumentStore(directory: folder.url).createDocument(
            name: "  Notes  ", kind: .pdf, pdf: Fixtures.sample, pageCount: 3)
        #expect(made.name == "Notes")
        #expect(DocumentID.isValid(made.id))
        #expect(made.revision == 0 && made.savedRevision == 0 && made.size == Fixtures.sample.count)
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("catalogue.sqlite").path))
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("files/\(made.id).pdf").path))

        let reopened = try SQLiteDocumentStore(directory: folder.url)
        #expect(try reopened.document(made.id) == made)
        #expect(try reopened.versions(made.id).map(\.number) == [1])
        let version = try reopened.withDatabase { try $0.rows("SELECT version FROM schema_version") }
        #expect(version.map { $0[0] } == [.integer(SQLiteSchema.currentVersion)])
        let journal = try reopened.withDatabase { try $0.rows("PRAGMA journal_mode") }
        #expect(journal.first?[0] == .text("wal"))
    }

    @Test(arguments: StoreKind.allCases) func renamesTrashesAndRestores(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let store = try place.open()
        let first = try store.createDocument(name: "a", kind: .pdf, pdf: Fixtures.sample, pageCount: 3,
                                             now: Date(timeIntervalSince1970: 10))
        let second = try store.createDocument(name: "b", kind: .image, pdf: Fixtures.sample, pageCount: 3,
                                              now: Date(timeIntervalSince1970: 20))
        #expect(try store.documents(trashed: false).map(\.id) == [second.id, first.id])
        #expect(try store.rename(first.id, to: "renamed", now: Date(timeIntervalSince1970: 30)).name == "renamed")
        #expect(try store.documents(trashed: false).map(\.id) == [first.id, second.id])
        #expect(try store.setTrashed(second.id, true).trashedAt != nil)
        #expect(try store.documents(trashed: false).map(\.id) == [first.id])
        #expect(try store.documents(trashed: true).map(\.id) == [second.id])
        #expect(try store.setTrashed(second.id, false).trashedAt == nil)
        #expect(try store.documents(trashed: true).isEmpty)
    }

    @Test(arguments: StoreKind.allCases) func refusesBadIDsNamesAndUnknownDocuments(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let store = try place.open()
        #expect(throws: StoreError.invalidID("../catalogue.sqlite")) { try store.document("../catalogue.sqlite") }
        #expect(throws: StoreError.invalidID("ABCDEF0123456789ABCDEF0123456789")) {
            try store.document("ABCDEF0123456789ABCDEF0123456789")
        }
        let unknown = String(repeating: "a", count: 32)
        #expect(throws: StoreError.notFound("document \(unknown)")) { try store.document(unknown) }
        #expect(throws: StoreError.notFound("document \(unknown)")) { try store.rename(unknown, to: "x") }
        #expect(throws: StoreError.invalidName("the name is empty")) {
            try store.createDocument(name: " \n", kind: .pdf, pdf: Fixtures.sample, pageCount: 3)
        }
        #expect(throws: StoreError.invalidName("the name contains control characters")) {
            try store.createDocument(name: "a\u{7}b", kind: .pdf, pdf: Fixtures.sample, pageCount: 3)
        }
        #expect(try store.documents(trashed: false).isEmpty)
        if let folder = store as? SQLiteDocumentStore {
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.filesDirectory.path).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases) func logRevisionsMustContinueDensely(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let store = try place.open()
        let id = try store.createDocument(name: "a", kind: .pdf, pdf: Fixtures.sample, pageCount: 3).id
        try store.appendOperations(id, [OperationRecord(revision: 1, clientID: "t", kind: .do, json: "{}"),
                                        OperationRecord(revision: 2, clientID: "t", kind: .undo, json: "{}")], pageCount: 3)
        #expect(throws: StoreError.self) {
            try store.appendOperations(id, [OperationRecord(revision: 4, clientID: "t", kind: .do, json: "{}")], pageCount: 3)
        }
        #expect(throws: StoreError.self) {
            try store.appendOperations(id, [OperationRecord(revision: 3, clientID: "t", kind: .do, json: "{}"),
                                            OperationRecord(revision: 3, clientID: "t", kind: .do, json: "{}")], pageCount: 3)
        }
        #expect(try store.operations(id, after: 0).map(\.revision) == [1, 2])
        #expect(try store.operations(id, after: 1).map(\.kind) == [.undo])
        #expect(try store.document(id).revision == 2)
    }

    @Test(arguments: StoreKind.allCases) func aStalePositionIsRebasedByACallbackThatReadsTheStore(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let store = try place.open()
        let id = try store.createDocument(name: "a", kind: .pdf, pdf: Fixtures.sample, pageCount: 3).id
        try store.appendOperations(id, [OperationRecord(revision: 1, clientID: "other", kind: .do, json: "{}")], pageCount: 3)
        var calls: [(revision: Int, newer: [Int], read: [Int])] = []
        // Made on revision 0, so the log has moved on: the callback reads the store (as the
        // service's catch-up does) and rebases the entry on revision 1.
        let stale = LogAppend(records: [OperationRecord(revision: 1, clientID: "t", kind: .do, json: "{}")], pageCount: 3)
        try store.appendOperations(id, expecting: LogPosition(revision: 0), stale, now: Date()) { current, newer in
            calls.append((current.revision, newer.map(\.revision), try store.operations(id, after: 0).map(\.revision)))
            return LogAppend(records: [OperationRecord(revision: current.revision + 1, clientID: "t", kind: .do, json: "{}")],
                             pageCount: 3)
        }
        #expect(calls.count == 1)
        #expect(calls.first?.revision == 1 && calls.first?.newer == [1] && calls.first?.read == [1])
        #expect(try store.operations(id, after: 0).map(\.clientID) == ["other", "t"])
        #expect(try store.document(id).revision == 2)
    }

    @Test func cutsBackAFileWhoseSaveWasNeverCommitted() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = try SQLiteDocumentStore(directory: folder.url)
        let id = try store.createDocument(name: "a", kind: .pdf, pdf: Fixtures.sample, pageCount: 3).id
        // A crash after the file was replaced but before the version row was committed.
        let file = store.filesDirectory.appendingPathComponent("\(id).pdf")
        try (Fixtures.sample + Data("\n% an update never committed\n".utf8)).write(to: file)
        #expect(try store.loadDocument(id).data == Fixtures.sample)
        #expect(try Data(contentsOf: file) == Fixtures.sample)
    }

    @Test(arguments: StoreKind.allCases) func aSaveMustAppendToTheStoredFile(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let store = try place.open()
        let id = try store.createDocument(name: "a", kind: .pdf, pdf: Fixtures.sample, pageCount: 3).id
        #expect(throws: StoreError.self) {
            try store.saveVersion(id, bytes: Data("%PDF-1.7 something else".utf8), basedOn: 1, revision: 0, pageCount: 1, now: Date())
        }
        #expect(try store.versions(id).count == 1)
        #expect(try store.loadDocument(id).data == Fixtures.sample)
    }

    /// A save based on a version that is no longer the latest is refused and stores nothing
    /// (a check that let an older base through stored it over the newer save, issue 30).
    @Test(arguments: StoreKind.allCases) func aSaveBasedOnAnOlderVersionIsRefused(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let store = try place.open()
        let id = try store.createDocument(name: "a", kind: .pdf, pdf: Fixtures.sample, pageCount: 3).id
        let update1 = Fixtures.sample + Data("\n% save one\n".utf8)
        #expect(try store.saveVersion(id, bytes: update1, basedOn: 1, revision: 0, pageCount: 3, now: Date()).number == 2)
        #expect(throws: StoreError.conflict("document \(id) was saved as version 2 since version 1", .savedSince(latest: 2, basedOn: 1))) {
            try store.saveVersion(id, bytes: update1 + Data("% from version 1\n".utf8), basedOn: 1, revision: 0,
                                  pageCount: 3, now: Date())
        }
        #expect(try store.versions(id).map(\.number) == [1, 2])
        #expect(try store.loadDocument(id).data == update1)
    }
}

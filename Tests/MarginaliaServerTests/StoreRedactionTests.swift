import Foundation
import Testing
@testable import MarginaliaServer

/// ``DocumentStore/redactHistory(_:bytes:basedOn:revision:pageCount:now:)`` on both stores:
/// the redacted bytes become the only version, the log and the uploads go, a stale call is
/// refused with nothing changed, and `store migrate` and `store verify` carry the mark.
@Suite("Store: a redaction cuts the history")
struct StoreRedactionTests {
    private static func entry(_ revision: Int) throws -> OperationRecord {
        OperationRecord(revision: revision, clientID: "tab", kind: .do,
                        json: try OpenDocuments.encodeOperation(Fixtures.add("a\(revision)")))
    }

    /// A document with two versions, two logged entries and an upload.
    private static func history(_ store: any DocumentStore) throws -> String {
        let id = try store.createDocument(name: "doc", kind: .pdf, pdf: Fixtures.sample, pageCount: 3).id
        try store.appendOperations(id, [try entry(1), try entry(2)], pageCount: 3)
        _ = try store.saveVersion(id, bytes: Fixtures.sample + Data("\n% an update\n".utf8), basedOn: 1, revision: 2,
                                  pageCount: 3, now: Date())
        #expect(try store.addUpload(id, pdf: Fixtures.sample) == 1)
        return id
    }

    @Test(arguments: StoreKind.allCases) func theRedactedBytesBecomeTheOnlyVersion(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let store = try place.open()
        let id = try Self.history(store)
        let redacted = Fixtures.sample + Data("\n% redacted\n".utf8)

        // Made from version 1, or at another revision: refused, nothing changed.
        #expect(throws: StoreError.self) {
            try store.redactHistory(id, bytes: redacted, basedOn: 1, revision: 2, pageCount: 3, now: Date())
        }
        #expect(throws: StoreError.self) {
            try store.redactHistory(id, bytes: redacted, basedOn: 2, revision: 1, pageCount: 3, now: Date())
        }
        #expect(try store.versions(id).map(\.number) == [1, 2])
        #expect(try store.operations(id, after: 0).count == 2)

        let version = try store.redactHistory(id, bytes: redacted, basedOn: 2, revision: 2, pageCount: 3, now: Date())
        try store.clearFreedSpace()
        #expect(version.number == 3 && version.historyRedacted)
        #expect(try store.versions(id).map { [$0.number, $0.historyRedacted ? 1 : 0] } == [[3, 1]])
        #expect(try store.versionData(id, number: 3) == redacted)
        #expect(try store.operations(id, after: 0).isEmpty)
        #expect(try store.uploadNumbers(id).isEmpty)
        let row = try store.document(id)
        #expect(row.savedRevision == 2 && row.historyBase == 2 && row.revision == 2)
        let loaded = try store.loadDocument(id)
        #expect(loaded.data == redacted && loaded.log.isEmpty)
        // Saves append to the redacted version.
        let next = try store.saveVersion(id, bytes: redacted + Data("% more\n".utf8), basedOn: 3, revision: 2, pageCount: 3,
                                         now: Date())
        #expect(next.number == 4 && !next.historyRedacted)
    }

    @Test func migrationCarriesTheRedactedVersionAndVerifyComparesIt() throws {
        let place = try TestStore(.sqlite)
        defer { place.remove() }
        let source = try place.open()
        let id = try Self.history(source)
        _ = try source.redactHistory(id, bytes: Fixtures.sample, basedOn: 2, revision: 2, pageCount: 3, now: Date())
        let target = try TestStore(.postgresql)
        defer { target.remove() }
        let copy = try #require(try target.open() as? PostgresDocumentStore)
        _ = try StoreMigration.copy(from: try SQLiteDocumentStore(readingFrom: try #require(place.folderURL)), to: copy)
        #expect(try copy.versions(id).map(\.historyRedacted) == [true])
        _ = try StoreMigration.verify(copy, against: source)
        try copy.pool.withConnection { try $0.run("UPDATE versions SET redacted = false") }
        #expect(throws: StoreDifference.self) { try StoreMigration.verify(copy, against: source) }
    }
}

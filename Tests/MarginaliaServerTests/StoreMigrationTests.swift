import Foundation
import Marginalia
import MarginaliaEditor
import Testing
@testable import MarginaliaServer

/// `marginalia store migrate` and `store verify` over a SQLite store that holds what a store
/// holds besides rows and versions: uploads (a file to insert pages from, and the state of
/// another document copied in), a trashed document, and logs with unsaved entries that
/// replay from those uploads.
@Suite("Store migration")
struct StoreMigrationTests {
    /// A source store with three documents: `uploads` (pages inserted from an upload, saved
    /// once, then more inserted and left unsaved), `copies` (pages inserted from `uploads`,
    /// unsaved) and `trashed` (an unsaved entry, in the trash).
    struct Source {
        let place: TestStore
        let service: DocumentService
        let uploads: String
        let copies: String
        let trashed: String
        var ids: [String] { [uploads, copies, trashed] }
    }

    static func makeSource() throws -> Source {
        let place = try TestStore(.sqlite)
        let service = try place.service()
        let uploads = try service.catalogue.importDocument(name: "uploads.pdf", data: Fixtures.sample).id
        let copies = try service.catalogue.importDocument(name: "copies.pdf", data: Fixtures.sample).id
        let trashed = try service.catalogue.importDocument(name: "trashed.pdf", data: Fixtures.sample).id
        let extra = try SampleDocument.make(date: Date(timeIntervalSince1970: 1_600_000_000))
        #expect(try service.editing.addUpload(uploads, data: extra).upload == 1)
        var revision = try service.editing.apply(uploads, insert(.upload(1), pages: [0], base: 0)).revision
        revision = try service.editing.apply(uploads, Fixtures.request(.operation(Fixtures.add("u1")), base: revision)).revision
        _ = try service.saving.save(uploads)
        revision = try service.editing.apply(uploads, insert(.upload(1), pages: [1, 2], base: revision)).revision
        _ = try service.editing.apply(uploads, Fixtures.request(.operation(Fixtures.add("u2", page: 1)), base: revision))
        // Pages of another document: its state is stored as an upload of this one.
        revision = try service.editing.apply(copies, insert(.document(uploads), pages: nil, base: 0)).revision
        _ = try service.editing.apply(copies, Fixtures.request(.operation(Fixtures.add("c1", page: 3)), base: revision))
        _ = try service.editing.apply(trashed, Fixtures.request(.operation(Fixtures.add("t1")), base: 0))
        _ = try service.catalogue.delete(trashed)
        return Source(place: place, service: service, uploads: uploads, copies: copies, trashed: trashed)
    }

    static func insert(_ source: PageSource, pages: [Int]?, base: Int) -> ApplyRequest {
        Fixtures.request(.command(.insertPages(index: 0, source: source, pages: pages)), base: base)
    }

    /// `source` copied into a new PostgreSQL database.
    static func migrate(_ source: Source, from folder: URL? = nil) throws -> (TestStore, PostgresDocumentStore, StoreMigration.Report) {
        let target = try TestStore(.postgresql)
        let copy = try #require(try target.open() as? PostgresDocumentStore)
        let store = try SQLiteDocumentStore(readingFrom: try #require(folder ?? source.place.folderURL))
        return (target, copy, try StoreMigration.copy(from: store, to: copy))
    }

    /// Changes upload `number` of document `id` in the copy to `data`.
    static func replaceUpload(_ copy: PostgresDocumentStore, _ id: String, _ number: Int, with data: Data) throws {
        try copy.pool.withConnection { connection in
            try connection.query("UPDATE blobs SET data = $2 WHERE key = $1",
                                 [.text(PostgresDocumentStore.uploadKey(id, number)), .bytes(data)])
        }
    }

    @Test func uploadsAreCopiedSoTheCopyServesTheSameDocuments() throws {
        let source = try Self.makeSource()
        defer { source.place.remove() }
        let (target, copy, report) = try Self.migrate(source)
        defer { target.remove() }
        #expect(report.documents == 3 && report.uploads == 2 && report.versions == 4 && report.unservable.isEmpty)

        // Upload numbers go on from the copied ones: a new upload never takes the number an
        // unsaved entry already names (the document would then open with the new pages).
        let served = DocumentService(store: copy)
        let image = try Fixtures.image("rgb.jpg")
        #expect(try served.editing.addUpload(source.uploads, data: image).upload == 2)
        #expect(try served.editing.addUpload(source.copies, data: image).upload == 2)
        for id in source.ids {
            #expect(try served.editing.pages(id) == source.service.editing.pages(id), "pages of \(id)")
            let count = try source.service.editing.pages(id).count
            for page in 0..<count {
                #expect(try served.annotationIDs(id, page: page) == source.service.annotationIDs(id, page: page))
            }
            #expect(try served.editing.operations(id, after: 0) == source.service.editing.operations(id, after: 0))
        }
        #expect(try served.catalogue.trash().map(\.id) == [source.trashed])
    }

    @Test func verifyFindsOneChangedByteOfAnUpload() throws {
        let source = try Self.makeSource()
        defer { source.place.remove() }
        let (target, copy, _) = try Self.migrate(source)
        defer { target.remove() }
        try copy.pool.withConnection { connection in
            try connection.query("UPDATE blobs SET data = set_byte(data, 200, (get_byte(data, 200) + 1) % 256) WHERE key = $1",
                                 [.text("\(source.copies)/u1")])
        }
        #expect(throws: StoreDifference.uploadBytes(document: source.copies, number: 1, offset: 200)) {
            try StoreMigration.verify(copy, against: source.service.store)
        }
        #expect(throws: StoreDifference.self) { try StoreMigration.verify(source.service.store, against: copy) }
        // Reading a database whose schema is not this program's is refused, not migrated.
        let empty = try TestStore(.postgresql)
        defer { empty.remove() }
        #expect(throws: StoreError.self) {
            try PostgresDocumentStore(readingFrom: PostgresConfiguration(url: try #require(empty.url)))
        }
    }

    /// A value changed to another of the same length is a difference, in a document's row and
    /// in a log entry (a comparison by length passed both, issue 30).
    @Test func verifyFindsValuesChangedToOthersOfTheSameLength() throws {
        let source = try Self.makeSource()
        defer { source.place.remove() }
        let (target, copy, _) = try Self.migrate(source)
        defer { target.remove() }
        try copy.pool.withConnection { connection in
            try connection.query("UPDATE documents SET name = 'uploadZ.pdf' WHERE id = $1", [.text(source.uploads)])
        }
        #expect(throws: StoreDifference.row(document: source.uploads, column: "name", source: "uploads.pdf", copy: "uploadZ.pdf")) {
            try StoreMigration.verify(copy, against: source.service.store)
        }
        try copy.pool.withConnection { connection in
            try connection.query("UPDATE documents SET name = 'uploads.pdf' WHERE id = $1", [.text(source.uploads)])
            try connection.query("UPDATE operations SET client_id = upper(client_id) WHERE document = $1 AND revision = 1",
                                 [.text(source.trashed)])
        }
        #expect(throws: StoreDifference.self) { try StoreMigration.verify(copy, against: source.service.store) }
    }

    @Test func theServedComparisonFindsPagesTakenFromAnotherUpload() throws {
        let source = try Self.makeSource()
        defer { source.place.remove() }
        let (target, copy, _) = try Self.migrate(source)
        defer { target.remove() }
        // Rows and bytes aside, the documents as served: the same upload with other pages
        // gives other pages, or a log that no longer replays.
        let turned = try PDFDocument(data: try copy.uploadData(source.copies, number: 1))
        try turned.rotatePage(at: 0, by: 90)
        try Self.replaceUpload(copy, source.copies, 1, with: try turned.dataRepresentation())
        try Self.replaceUpload(copy, source.uploads, 1, with: try DocumentImporter.prepare(try Fixtures.image("rgb.jpg")).pdf)
        let served = ServedComparison(source: source.service.store, copy: copy)
        #expect(throws: StoreDifference.served(document: source.copies, aspect: "pages")) { try served.compare(source.copies) }
        #expect {
            try served.compare(source.uploads)
        } throws: { error in
            guard case .unservable(source.uploads, inCopy: true, let reason)? = error as? StoreDifference else { return false }
            return reason.contains("cannot be replayed")
        }
        #expect(try served.compare(source.trashed))
    }

    @Test func theSourceFolderIsOnlyRead() throws {
        let source = try Self.makeSource()
        defer { source.place.remove() }
        // The folder as a killed server leaves it: the service still has the catalogue open,
        // so its write-ahead log and index are there, holding committed transactions that a
        // writer would fold into the catalogue. (Copied, because SQLite shares one index
        // between the connections of a process.)
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let files = folder.url.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        let stored = try FileManager.default.contentsOfDirectory(atPath: source.place.folderURL!.appendingPathComponent("files").path)
        let names = ["catalogue.sqlite", "catalogue.sqlite-wal", "catalogue.sqlite-shm"] + stored.map { "files/\($0)" }
        for name in names {
            try FileManager.default.copyItem(at: source.place.folderURL!.appendingPathComponent(name),
                                             to: folder.url.appendingPathComponent(name))
        }
        func contents() throws -> [String: Data] {
            try Dictionary(uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: folder.url.appendingPathComponent($0))) })
        }
        let before = try contents()
        #expect(before["catalogue.sqlite-wal"]?.isEmpty == false)
        let (target, copy, report) = try Self.migrate(source, from: folder.url)
        defer { target.remove() }
        #expect(report.documents == 3 && report.uploads == 2)
        let after = try contents()
        #expect(after == before, "changed: \(names.filter { after[$0] != before[$0] })")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
                == ["catalogue.sqlite", "catalogue.sqlite-shm", "catalogue.sqlite-wal", "files"])

        do {
            let reader = try SQLiteDocumentStore(readingFrom: folder.url)
            #expect(throws: StoreError.self) { try reader.addUpload(source.uploads, pdf: Fixtures.sample) }
            #expect(throws: StoreError.self) { try reader.createDocument(name: "x.pdf", kind: .pdf, pdf: Fixtures.sample, pageCount: 3) }
            #expect(throws: StoreError.self) { try reader.rename(source.uploads, to: "y.pdf") }
        }
        #expect(try contents() == before)
        // A log without its index cannot be read without making one: refused, naming it.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("catalogue.sqlite-shm"))
        #expect(throws: StoreError.self) { try SQLiteDocumentStore(readingFrom: folder.url) }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("catalogue.sqlite-shm").path))

        // A catalogue closed cleanly (its log folded in and removed) is read as it is: no
        // log or index appears beside it.
        _ = try SQLiteDocumentStore(directory: folder.url)
        let closed = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(closed == ["catalogue.sqlite", "files"])
        let catalogue = try Data(contentsOf: folder.url.appendingPathComponent("catalogue.sqlite"))
        #expect(try StoreMigration.verify(copy, against: SQLiteDocumentStore(readingFrom: folder.url)).documents == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == closed)
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("catalogue.sqlite")) == catalogue)
    }
}

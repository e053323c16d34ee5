import Foundation
import Marginalia
import MarginaliaEditor
import Testing
@testable import MarginaliaServer

/// The text index takes annotations' text from the log entries that change it, and reads the
/// document again only when its pages change: what search answers right after each edit, and
/// that it is what reading the whole document again answers.
@Suite("Text index kept from the log")
struct TextIndexEditsTests {
    /// A note on page 0 with `text` as its contents.
    static func note(_ id: String, _ text: String) -> PDFAnnotation {
        var note = PDFAnnotation(kind: .note(.init()), rect: CGRect(x: 300, y: 300, width: 20, height: 20), color: .yellow,
                                 pageIndex: 0)
        note.id = id
        note.contents = text
        return note
    }

    /// An ink stroke on page 0 without text.
    static func stroke(_ id: String) -> PDFAnnotation {
        var ink = PDFAnnotation(kind: .ink(.init(paths: [[CGPoint(x: 100, y: 100), CGPoint(x: 140, y: 160)]])),
                                rect: CGRect(x: 98, y: 98, width: 44, height: 64), color: .red, pageIndex: 0)
        ink.id = id
        return ink
    }

    /// Applies `operation` as the next revision of document `id`.
    static func apply(_ service: DocumentService, _ id: String, _ operation: EditorOperation) throws {
        let revision = try service.catalogue.summary(id).revision
        _ = try service.editing.apply(id, Fixtures.request(.operation(operation), base: revision))
    }

    /// Each search's hits as lines: document, page, kind, annotation, matched text.
    static func answers(_ service: DocumentService, _ queries: [String]) throws -> [String] {
        try queries.map { query in
            "\(query): " + (try service.search.search(query).hits.map { hit in
                "p\(hit.page) \(hit.kind) \(hit.annotationID ?? "-") \(hit.snippet) " + hit.matches.map(\.text).joined(separator: ",")
            }.joined(separator: " | "))
        }
    }

    @Test(arguments: StoreKind.allCases) func annotationEditsAreSearchableAtOnceAndPageChangesReadThePagesAgain(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service(searchable: true)
        let id = try service.catalogue.importDocument(name: "Sample", data: Fixtures.sample).id
        #expect(service.search.waitForTextIndex())
        let indexer = try #require(service.search.textIndexer)
        let readBefore = indexer.documentsRead

        try Self.apply(service, id, .addAnnotation(Self.note("n1", "Zebra crossing")))
        #expect(service.search.waitForTextIndex())
        #expect(try service.search.search("zebra").hits.map(\.annotationID) == ["n1"])

        var changed = Self.note("n1", "Yak crossing")
        changed.author = "Quentin"
        try Self.apply(service, id, .changeAnnotation(before: Self.note("n1", "Zebra crossing"), after: changed))
        #expect(service.search.waitForTextIndex())
        #expect(try service.search.search("zebra").hits.isEmpty)
        #expect(try service.search.search("yak quentin").hits.map(\.annotationID) == ["n1"])

        try Self.apply(service, id, .addAnnotation(Self.stroke("s1")))
        try Self.apply(service, id, .removeAnnotation(changed))
        #expect(service.search.waitForTextIndex())
        #expect(try service.search.search("yak").hits.isEmpty)
        #expect(try service.search.search("crossing").hits.isEmpty)
        // Both indexes took each edit from the log, without reading the document.
        #expect(indexer.documentsRead == readBefore)

        // A free-text box's words are on its page as shown: adding one reads the page again.
        var box = PDFAnnotation(kind: .freeText(.init(text: "Quokka sightings")), rect: CGRect(x: 300, y: 400, width: 150, height: 30),
                                pageIndex: 0)
        box.id = "f1"
        try Self.apply(service, id, .addAnnotation(box))
        #expect(service.search.waitForTextIndex())
        #expect(Set(try service.search.search("quokka").hits.map(\.kind)) == ["annotation", "page"])

        // A page inserted before the newsletter's page, then removed: its words move with it.
        #expect(try service.search.search("newsletter").hits.map(\.page) == [1])
        try Self.apply(service, id, .insertPage(index: 0, width: 612, height: 792))
        #expect(service.search.waitForTextIndex())
        #expect(try service.search.search("newsletter").hits.map(\.page) == [2])
        try Self.apply(service, id, .removePage(index: 0, pageObject: nil))
        #expect(service.search.waitForTextIndex())
        #expect(try service.search.search("newsletter").hits.map(\.page) == [1])
        #expect(indexer.documentsRead > readBefore)
    }

    /// After adds, changes, removals, undo and redo taken from the log, search answers what
    /// indexing the document whole answers.
    @Test(arguments: StoreKind.allCases) func editsFromTheLogAnswerWhatReadingTheDocumentAgainAnswers(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let queries = ["zebra", "yak", "crossing", "ridge", "quentin", "newsletter", "the"]
        var fromLog: [String] = []
        do {
            let service = try place.service(searchable: true)
            let id = try service.catalogue.importDocument(name: "Sample", data: Fixtures.sample).id
            #expect(service.search.waitForTextIndex())
            try Self.apply(service, id, .addAnnotation(Self.note("n1", "Zebra crossing")))
            try Self.apply(service, id, .addAnnotation(Self.note("n2", "Yaks on the ridge")))
            try Self.apply(service, id, .addAnnotation(Self.stroke("s1")))
            var changed = Self.note("n2", "Yaks off the ridge")
            changed.author = "Quentin"
            try Self.apply(service, id, .changeAnnotation(before: Self.note("n2", "Yaks on the ridge"), after: changed))
            try Self.apply(service, id, .addAnnotation(Self.note("n3", "Another crossing")))
            try Self.apply(service, id, .removeAnnotation(Self.note("n1", "Zebra crossing")))
            let revision = try service.catalogue.summary(id).revision
            _ = try service.editing.apply(id, Fixtures.request(.undo, base: revision))  // n1 back
            #expect(service.search.waitForTextIndex())
            fromLog = try Self.answers(service, queries)
            #expect(try service.search.textIndexer?.index.version(documentID: id) == service.search.indexVersion(id))
        }
        try place.loseTextIndex()
        let service = try place.service(searchable: true)
        #expect(service.search.waitForTextIndex())
        let whole = try Self.answers(service, queries)
        #expect(fromLog == whole)
        #expect(whole.contains { $0.hasPrefix("zebra: p0 annotation n1") })
    }

    /// An index file made before `annotation_entries` cannot find an annotation's row: its
    /// documents are marked stale on opening, to be indexed again; a current one keeps them.
    @Test func anIndexWithoutAnnotationEntriesHasItsDocumentsIndexedAgain() throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("text-index.sqlite").path
        do {
            let old = try SQLiteDatabase(path: path)
            try old.execute(SQLiteTextIndex.schema.components(separatedBy: "CREATE TABLE IF NOT EXISTS annotation_entries")[0])
            try old.run("INSERT INTO indexed_documents (document, version) VALUES ('d', '3.1')")
        }
        #expect(try SQLiteTextIndex(path: path).versions().isEmpty)
        let current = try SQLiteTextIndex(path: path)
        try current.replace(IndexedDocument(documentID: "d", version: "4.1", pages: [], annotations: []))
        #expect(try SQLiteTextIndex(path: path).versions() == ["d": "4.1"])
    }

    @Test func editsTakenInTwiceLeaveOneRowOfEachAnnotation() throws {
        // A reading of the whole document may already hold edits the indexer then takes in
        // (their revision is after the version it read): the annotation keeps one row.
        let place = try TestStore(.sqlite)
        defer { place.remove() }
        let service = try place.service(searchable: true)
        let id = try service.catalogue.importDocument(name: "Sample", data: Fixtures.sample).id
        #expect(service.search.waitForTextIndex())
        try Self.apply(service, id, .addAnnotation(Self.note("n1", "Zebra crossing")))
        #expect(service.search.waitForTextIndex())
        let index = try #require(service.search.textIndexer?.index)
        let version = try #require(try index.version(documentID: id))
        let revision = try #require(TextIndexer.revision(ofVersion: version))
        let again = AnnotationTextUpdate(documentID: id, version: version, after: revision - 1, changes: [
            .init(annotationID: "n1", page: 0, text: "Zebra crossing", existed: false, revision: revision),
        ])
        #expect(try index.update(again))
        #expect(try index.update(again))
        #expect(try service.search.search("zebra").hits.map(\.annotationID) == ["n1"])
    }

    /// Two replicas edit one document in turn (round robin), each catching up with the other's
    /// entries: their indexers take every edit in from the log, none reads the document again
    /// once it has read it (or found it current) first, and search answers what an index
    /// rebuilt from nothing answers.
    @Test func replicasEditingInTurnKeepTheSharedIndexFromTheLog() throws {
        let place = try TestStore(.postgresql)
        defer { place.remove() }
        let queries = ["zebra", "yak", "crossing", "ridge", "quentin", "otter", "newsletter"]
        let a = try place.service(searchable: true)
        let b = try place.service(searchable: true)
        let id = try a.catalogue.importDocument(name: "Sample", data: Fixtures.sample).id
        #expect(a.search.waitForTextIndex())
        // Each replica's first edit: B has never indexed the document, so reads it (or finds it current).
        try Self.apply(a, id, .addAnnotation(Self.note("n1", "Zebra crossing")))
        try Self.apply(b, id, .addAnnotation(Self.stroke("s1")))
        #expect(a.search.waitForTextIndex() && b.search.waitForTextIndex())
        let readBefore = try [#require(a.search.textIndexer).documentsRead, #require(b.search.textIndexer).documentsRead]

        try Self.apply(a, id, .addAnnotation(Self.note("n2", "Yaks on the ridge")))
        try Self.apply(b, id, .addAnnotation(Self.note("n3", "Otter crossing")))
        var changed = Self.note("n2", "Yaks off the ridge")
        changed.author = "Quentin"
        try Self.apply(b, id, .changeAnnotation(before: Self.note("n2", "Yaks on the ridge"), after: changed))
        try Self.apply(a, id, .removeAnnotation(Self.note("n1", "Zebra crossing")))
        try Self.apply(b, id, .addAnnotation(Self.stroke("s2")))
        #expect(a.search.waitForTextIndex() && b.search.waitForTextIndex())
        #expect(try b.search.search("zebra").hits.isEmpty)
        #expect(try a.search.search("otter").hits.map(\.annotationID) == ["n3"])
        #expect(try a.search.search("quentin ridge").hits.map(\.annotationID) == ["n2"])
        let fromLog = try Self.answers(a, queries)
        let read = try [#require(a.search.textIndexer).documentsRead, #require(b.search.textIndexer).documentsRead]
        #expect(read == readBefore)
        #expect(try a.search.textIndexer?.index.version(documentID: id) == a.search.indexVersion(id))

        try place.loseTextIndex()
        let fresh = try place.service(searchable: true)
        #expect(fresh.search.waitForTextIndex())
        #expect(try Self.answers(fresh, queries) == fromLog)
    }
}

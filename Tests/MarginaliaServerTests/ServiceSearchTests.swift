import Foundation
import Marginalia
import MarginaliaEditor
import Testing
@testable import MarginaliaServer

@Suite("Text index and search over the store")
struct ServiceSearchTests {
    /// A note with `text` as its contents, on page 0.
    static func note(_ id: String, _ text: String) -> EditorOperation {
        var note = PDFAnnotation(kind: .note(.init()), rect: CGRect(x: 300, y: 300, width: 20, height: 20), color: .yellow,
                                 pageIndex: 0)
        note.id = id
        note.contents = text
        return .addAnnotation(note)
    }

    @Test(arguments: StoreKind.allCases) func uploadsAreSearchableWithQuadsAndTrashedOnesAreNot(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service(searchable: true)
        let sample = try service.catalogue.importDocument(name: "Welcome", data: Fixtures.sample)
        let other = try service.catalogue.importDocument(name: "Other", data: try TextFixtures.onePage("Erasers are tools"))
        #expect(service.search.waitForTextIndex())
        let results = try service.search.search("erasers")
        #expect(Set(results.hits.map(\.documentID)) == [sample.id, other.id])
        let hit = try #require(results.hits.first { $0.documentID == other.id })
        #expect(hit.page == 0 && hit.kind == "page" && hit.name == "Other")
        #expect(hit.matches.map(\.text) == ["Erasers"])
        #expect(hit.matches.first?.quads.first.map { abs(Double($0.bottomLeft.x) - 72) < 0.01 } == true)

        _ = try service.catalogue.delete(other.id)
        #expect(service.search.waitForTextIndex())
        #expect(try service.search.search("erasers").hits.map(\.documentID) == [sample.id])
        _ = try service.catalogue.restore(other.id)
        #expect(service.search.waitForTextIndex())
        #expect(try service.search.search("tools erasers").hits.map(\.documentID) == [other.id])
        #expect(try service.search.search("\"tools erasers\"").hits.isEmpty)
    }

    @Test(arguments: StoreKind.allCases) func notesAreSearchableAndUndoTakesThemOut(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service(searchable: true)
        let id = try service.catalogue.importDocument(name: "Sample", data: Fixtures.sample).id
        _ = try service.editing.apply(id, Fixtures.request(.operation(Self.note("n1", "Check the zebra crossing")), base: 0))
        // Searching one document first brings the index up to date with it.
        let found = try service.search.search(id, query: "zebra")
        #expect(found.hits.map(\.kind) == ["annotation"])
        #expect(found.hits.first?.annotationID == "n1" && found.revision == 1)
        _ = try service.editing.apply(id, Fixtures.request(.undo, base: 1))
        #expect(try service.search.search(id, query: "zebra").hits.isEmpty)
        // Saved, then the first version restored: the note goes with it.
        _ = try service.editing.apply(id, Fixtures.request(.operation(Self.note("n2", "Yaks on the ridge")), base: 2))
        _ = try service.saving.save(id)
        #expect(service.search.waitForTextIndex())
        #expect(try service.search.search("yaks").hits.map(\.annotationID) == ["n2"])
        _ = try service.saving.restoreVersion(id, 1)
        #expect(try service.search.search(id, query: "yaks").hits.isEmpty)
        #expect(service.search.waitForTextIndex())
        #expect(try service.search.search("yaks").hits.isEmpty)
    }

    @Test(arguments: StoreKind.allCases) func theIndexSurvivesARestartAndIsRebuiltWhenLost(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        var id = ""
        do {
            let service = try place.service(searchable: true)
            id = try service.catalogue.importDocument(name: "Sample", data: Fixtures.sample).id
            #expect(service.search.waitForTextIndex())
        }
        do {
            let service = try place.service(searchable: true)
            #expect(try service.search.search("newsletter").hits.map(\.page) == [1])
        }
        try place.loseTextIndex()
        let service = try place.service(searchable: true)
        #expect(service.search.waitForTextIndex())
        #expect(try service.search.search("newsletter").hits.map(\.documentID) == [id])
    }

    @Test(arguments: StoreKind.allCases) func pageTextGivesWordsWithQuadsNumberedFromZero(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service(searchable: true)
        let id = try service.catalogue.importDocument(name: "Sample", data: Fixtures.sample).id
        let record = try service.search.pageText(id, page: 1)
        #expect(record.json["blocks"]?.arrayValue?.isEmpty == false)
        #expect(throws: ServiceError.self) { try service.search.pageText(id, page: 3) }
        #expect(throws: ServiceError.self) { try service.search.search("   ") }
    }

    /// The same documents and queries give the same pages, kinds and matches with their quads
    /// on both stores (ranking across documents and snippets may differ: docs/api.md).
    @Test func bothStoresAnswerTheSameHits() throws {
        func answers(_ kind: StoreKind) throws -> [String] {
            let place = try TestStore(kind)
            defer { place.remove() }
            let service = try place.service(searchable: true)
            let sample = try service.catalogue.importDocument(name: "Sample", data: Fixtures.sample).id
            _ = try service.catalogue.importDocument(name: "Other", data: try TextFixtures.onePage("The Erasers' tools: café-crème, 1.5 x"))
            _ = try service.editing.apply(sample, Fixtures.request(.operation(Self.note("n1", "Éraser notes for the café")), base: 0))
            var box = PDFAnnotation(kind: .freeText(.init(text: "Quokka sightings")), rect: CGRect(x: 300, y: 400, width: 150, height: 30),
                                    pageIndex: 1)
            box.id = "f1"
            _ = try service.editing.apply(sample, Fixtures.request(.operation(.addAnnotation(box)), base: 1))
            #expect(service.search.waitForTextIndex())
            let names = Dictionary(try service.catalogue.list().map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
            func lines(_ results: SearchResults) -> [String] {
                results.hits.map { hit in
                    "\(names[hit.documentID] ?? "?") p\(hit.page) \(hit.kind) \(hit.annotationID ?? "-") " + hit.matches.map {
                        $0.text + ":" + $0.quads.map { $0.quadPoints.map { String(format: "%.2f", Double($0)) }.joined(separator: ",") }.joined(separator: ";")
                    }.joined(separator: " ")
                }
            }
            var result: [String] = []
            for query in ["eraser", "erasers", "ERASER stroke", "\"the eraser\"", "cafe", "creme", "\"café crème\"", "1.5", "5", "tools erasers", "zzzz", "s", "quokka"] {
                result.append("across \(query): " + lines(try service.search.search(query)).sorted().joined(separator: " | "))
                result.append("within \(query): " + lines(try service.search.search(sample, query: query)).joined(separator: " | "))
            }
            return result
        }
        let sqlite = try answers(.sqlite)
        let postgres = try answers(.postgresql)
        #expect(sqlite.count == postgres.count)
        for (a, b) in zip(sqlite, postgres) { #expect(a == b) }
        #expect(sqlite.contains { $0.hasPrefix("across cafe: ") && $0.contains("annotation n1") && $0.contains("Other p0 page") })
        #expect(postgres.contains { $0.hasPrefix("within quokka: ") && $0.contains("Sample p1 annotation f1") })
    }

    /// Every page the index answers for a phrase has the phrase's quads, also where the page
    /// separates its words by punctuation rather than a space (the index keeps only letters
    /// and digits; the matcher used to look for the spaces and answered no quads).
    @Test func phraseHitsHaveQuadsWhateverSeparatesTheWords() throws {
        let place = try TestStore(.sqlite)
        defer { place.remove() }
        let service = try place.service(searchable: true)
        let id = try service.catalogue.importDocument(name: "Other", data: try TextFixtures.onePage("The Erasers' tools: café-crème, 1.5 x")).id
        #expect(service.search.waitForTextIndex())
        for query in ["\"café crème\"", "café-crème", "\"the erasers tools\"", "crème café"] {
            let hits = try service.search.search(query).hits
            #expect(hits.count == 1, "\(query)")
            #expect(hits.allSatisfy { !$0.matches.isEmpty && $0.matches.allSatisfy { !$0.quads.isEmpty } }, "\(query)")
        }
        // Within the document the query is one phrase as typed (a viewer's find).
        #expect(try service.search.search(id, query: "café crème").hits.first?.matches.map(\.text) == ["café-crème"])
        #expect(try service.search.search(id, query: "crème café").hits.isEmpty)
    }

    /// Two replicas over one database share one index: what one indexed the other finds.
    @Test func replicasShareTheIndexInTheDatabase() throws {
        let place = try TestStore(.postgresql)
        defer { place.remove() }
        let a = try place.service(searchable: true)
        let b = try place.service(searchable: true)
        let id = try a.catalogue.importDocument(name: "Shared", data: try TextFixtures.onePage("Walruses gather on the ice")).id
        #expect(a.search.waitForTextIndex())
        // B was told of nothing to index: it finds what A indexed.
        #expect(try b.search.search("walruses gather").hits.map(\.documentID) == [id])
        #expect(try b.search.search("walruses").hits.first?.matches.map(\.text) == ["Walruses"])
        // A note added through A is found at once through B, whose search within the
        // document catches up with the store when the index is behind it.
        _ = try a.editing.apply(id, Fixtures.request(.operation(Self.note("n1", "Count the pups")), base: 0))
        #expect(try b.search.search(id, query: "pups").hits.map(\.annotationID) == ["n1"])
        #expect(a.search.waitForTextIndex() && b.search.waitForTextIndex())
        #expect(try a.search.search("pups").hits.map(\.documentID) == [id])
        // Trashed through B: gone from the index A reads.
        _ = try b.catalogue.delete(id)
        #expect(b.search.waitForTextIndex())
        #expect(try a.search.textIndexer?.index.version(documentID: id) == nil)
    }

    /// A replica that indexed an older state of a document does not overwrite a newer one.
    @Test func anOlderStateNeverReplacesANewerOneInTheSharedIndex() throws {
        let place = try TestStore(.postgresql)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "Doc", data: try TextFixtures.onePage("placeholder")).id
        let index = try #require(try StoreLocation.postgres(PostgresConfiguration(url: place.url ?? "")).openTextIndex(for: place.open()))
        func state(_ version: String, _ note: String) -> IndexedDocument {
            IndexedDocument(documentID: id, version: version, pages: [],
                            annotations: [.init(id: "n", page: 0, text: note, rect: .zero)])
        }
        try index.replace(state("5.2", "newer"))
        try index.replace(state("4.2", "older"))
        try index.replace(state("5.1", "older"))
        #expect(try index.search("older", documentID: nil, limit: 5).isEmpty)
        #expect(try index.search("newer", documentID: id, limit: 5).map(\.snippet) == ["newer"])
        try index.replace(state("6.2", "newest"))
        #expect(try index.version(documentID: id) == "6.2" && index.search("newer", documentID: nil, limit: 5).isEmpty)
        // Purging the document takes its index rows with it.
        try place.open().purge(id)
        #expect(try index.versions().isEmpty)
    }

    /// Replicas' edits reach the shared index in log order: an update whose entries the rows
    /// hold already changes nothing, and one that starts after the rows' revision is refused
    /// (the document is then read again), so an annotation's text never goes back.
    @Test func editsReachTheSharedIndexInLogOrder() throws {
        let place = try TestStore(.postgresql)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "Doc", data: try TextFixtures.onePage("placeholder")).id
        let index = try #require(try StoreLocation.postgres(PostgresConfiguration(url: place.url ?? "")).openTextIndex(for: place.open()))
        func update(_ version: String, after: Int, _ text: String, revision: Int) throws -> Bool {
            try index.update(AnnotationTextUpdate(documentID: id, version: version, after: after, changes: [
                .init(annotationID: "n", page: 0, text: text, existed: true, revision: revision),
            ]))
        }
        #expect(try !update("5.0", after: 4, "unindexed", revision: 5))  // the index holds nothing of it
        try index.replace(IndexedDocument(documentID: id, version: "5.0", pages: [],
                                          annotations: [.init(id: "n", page: 0, text: "walrus", rect: .zero)]))
        #expect(try update("7.0", after: 5, "narwhal", revision: 7))
        #expect(try update("6.0", after: 5, "walrus again", revision: 6))  // held already: nothing changes
        #expect(try !update("10.0", after: 8, "beluga", revision: 10))  // entries 8 and 9 missing
        #expect(try index.version(documentID: id) == "7.0")
        #expect(try index.search("narwhal", documentID: id, limit: 5).map(\.annotationID) == ["n"])
        #expect(try index.search("walrus", documentID: nil, limit: 5).isEmpty)
        #expect(try index.search("beluga", documentID: nil, limit: 5).isEmpty)
        // Removed at 8: its row goes; the page's rows and other annotations' stay.
        #expect(try update("8.0", after: 7, "", revision: 8))
        #expect(try index.search("narwhal", documentID: nil, limit: 5).isEmpty)
        #expect(try index.version(documentID: id) == "8.0")
        // A note added at 9 and removed at 11: one replica took in 9 alone, another takes in
        // 9 to 11 from 8. The note had text on the way, so its row goes although the note was
        // not there at 8 and has no text at the end.
        #expect(try index.update(AnnotationTextUpdate(documentID: id, version: "9.0", after: 8, changes: [
            .init(annotationID: "m", page: 0, text: "orca", existed: false, revision: 9),
        ])))
        #expect(try index.search("orca", documentID: id, limit: 5).map(\.annotationID) == ["m"])
        let laterReplica = AnnotationTextUpdate(documentID: id, version: "11.0", after: 8, edits: [
            AnnotationTextEdit(annotationID: "m", page: 0, text: "orca", existed: false, revision: 9),
            AnnotationTextEdit(annotationID: "s", page: 0, text: "", existed: false, revision: 10),  // a stroke: no row anywhere
            AnnotationTextEdit(annotationID: "m", page: 0, text: "", existed: true, revision: 11),
        ])
        #expect(laterReplica.changes.map(\.annotationID) == ["m"])
        #expect(try index.update(laterReplica))
        #expect(try index.search("orca", documentID: nil, limit: 5).isEmpty)
        #expect(try index.version(documentID: id) == "11.0")
    }

    @Test func queriesCannotSpeakTheIndexSyntax() {
        #expect(SQLiteTextIndex.matchExpression("zebra NEAR(\"a b\") OR *") == "\"zebra\" AND \"NEAR\" AND \"a b\" AND \"OR\"")
        #expect(SearchQuery.terms("  \"two words\" three, four.") == ["two words", "three", "four"])
        #expect(SQLiteTextIndex.matchExpression("!!!") == nil)
        #expect(IndexTokens.query("zebra \"a b\" & !x | it's") == "('zebra') & ('a' <-> 'b') & ('x') & ('it' <-> 's')")
        #expect(IndexTokens.query("!!! -") == nil)
    }

    /// The PostgreSQL index's tokens are FTS5's `unicode61 remove_diacritics 2` ones, made
    /// in Swift whatever the database's locale.
    @Test func tokensAreFoldedRunsOfLettersAndDigits() {
        #expect(IndexTokens.tokens("Ünïcode e-mail, 1.5 abc123 Straße ÉCOLE") ==
                ["unicode", "e", "mail", "1", "5", "abc123", "straße", "ecole"])
        #expect(IndexTokens.vector("It's it") == "'it':1 's':2 'it':3")
        #expect(IndexTokens.tokens(String(repeating: "a", count: 600) + " b") == ["b"])
    }

    @Test func snippetsAreTwelveWordsAroundTheFirstMatch() {
        let body = (1...30).map { "w\($0)" }.joined(separator: " ")
        #expect(IndexTokens.snippet(body, query: "W20") == "…w18 w19 w20 w21 w22 w23 w24 w25 w26 w27 w28 w29…")
        #expect(IndexTokens.snippet(body, query: "w1") == "w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12…")
        #expect(IndexTokens.snippet(body, query: "w30") == "…w19 w20 w21 w22 w23 w24 w25 w26 w27 w28 w29 w30")
        #expect(IndexTokens.snippet("a short note", query: "note") == "a short note")
    }

    /// The find's page words: read once per revision, folded again only for other options,
    /// the least recently used documents dropped past the bound, never the one being read.
    @Test func pageWordsAreKeptPerRevisionWithinABound() throws {
        let cache = PageWordsCache(capacity: 10)
        var reads = 0
        func words(_ count: Int) -> () throws -> [TextWord] {
            { reads += 1; return Array(repeating: TextWord(text: "w", quad: TextQuad(bottomLeft: .zero, bottomRight: .zero, topRight: .zero, topLeft: .zero),
                                                           characterEdges: [0, 1], characterRange: 0..<1, isHyphenated: false), count: count) }
        }
        _ = try cache.page("a", revision: 0, page: 0, options: [.caseInsensitive], read: words(4))
        _ = try cache.page("a", revision: 0, page: 0, options: [.caseInsensitive], read: words(4))
        #expect(reads == 1 && cache.count == 4)
        _ = try cache.page("a", revision: 1, page: 0, options: [.caseInsensitive], read: words(3))
        #expect(reads == 2 && cache.count == 3, "a new revision replaces the old one's pages")
        _ = try cache.page("b", revision: 0, page: 0, options: [.caseInsensitive], read: words(5))
        _ = try cache.page("a", revision: 1, page: 0, options: [.caseInsensitive], read: words(3))
        #expect(reads == 3 && cache.count == 8)
        _ = try cache.page("c", revision: 0, page: 0, options: [.caseInsensitive], read: words(6))
        #expect(cache.count == 9, "b, used least recently, is dropped")
        _ = try cache.page("a", revision: 1, page: 0, options: [.caseInsensitive], read: words(3))
        #expect(reads == 4, "a is still kept")
        let cased = try cache.page("a", revision: 1, page: 0, options: [], read: words(3))
        #expect(reads == 4 && cased.folded.options == [] && cache.count == 9, "folded again, not read again")
        _ = try cache.page("d", revision: 0, page: 0, options: [.caseInsensitive], read: words(20))
        #expect(cache.count == 20, "the document being read is kept even past the bound")
    }

    /// The indexer and the find read each page once between them: the indexer takes the
    /// pages the find kept at the same revision, and while the indexer reads a page the find
    /// reads the next ones, then takes that page from the indexer.
    @Test func theIndexerAndTheFindShareTheirPages() throws {
        let cache = PageWordsCache()
        let reads = Locked<[Int]>([])
        @Sendable func words(_ page: Int) -> [TextWord] {
            reads.withLock { $0.append(page) }
            return [TextWord(text: "p\(page)", quad: TextQuad(bottomLeft: .zero, bottomRight: .zero, topRight: .zero, topLeft: .zero),
                             characterEdges: [0, 1], characterRange: 0..<1, isHyphenated: false)]
        }
        #expect(try cache.words("a", revision: 1, page: 0) { words(0) }?.first?.text == "p0", "no find: the indexer reads alone")
        _ = try cache.page("a", revision: 1, page: 0, options: [.caseInsensitive], lastPage: 5) { words($0) }
        #expect(try cache.words("a", revision: 1, page: 0) { words(0) }?.first?.text == "p0")
        #expect(try cache.words("a", revision: 2, page: 0) { words(0) }?.first?.text == "p0")
        #expect(reads.withLock { $0 } == [0, 0, 0], "the find's page at revision 1 is taken; at revision 2 read again")

        reads.withLock { $0 = [] }
        let indexerReads = DispatchSemaphore(value: 0), findMovedOn = DispatchSemaphore(value: 0)
        let indexed = Locked<[TextWord]?>(nil)
        let indexer = Thread {
            let taken = try? cache.words("a", revision: 1, page: 1) {
                indexerReads.signal()
                findMovedOn.wait()
                return words(1)
            }
            indexed.withLock { $0 = taken }
        }
        indexer.start()
        indexerReads.wait()
        var order: [Int] = []
        let page1 = try cache.page("a", revision: 1, page: 1, options: [.caseInsensitive], lastPage: 5) { page in
            order.append(page)
            if page == 2 {
                findMovedOn.signal()
                while indexed.withLock({ $0 }) == nil { Thread.sleep(forTimeInterval: 0.01) }
            }
            return words(page)
        }
        #expect(page1.words.first?.text == "p1")
        #expect(order == [2], "the find read page 2 while the indexer read page 1, and took page 1 from it")
        _ = try cache.page("a", revision: 1, page: 2, options: [.caseInsensitive], lastPage: 5) { words($0) }
        #expect(reads.withLock { $0.sorted() } == [1, 2], "each page read once")
        #expect(try cache.words("a", revision: 1, page: 2) { words(2) }?.first?.text == "p2")
        #expect(reads.withLock { $0.count } == 2)
    }
}

/// A value behind a lock, for a test's threads.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.withLock { body(&value) }
    }
}

/// Tiny PDFs for the server's tests.
enum TextFixtures {
    /// One letter page with `text` in Helvetica 12 at (72, 700).
    static func onePage(_ text: String) throws -> Data {
        let renderer = PDFRenderer(defaultPageSize: CGSize(width: 612, height: 792), origin: .bottomLeft)
        return try renderer.data { context in
            try context.beginPage()
            try context.draw(text, at: CGPoint(x: 72, y: 700), font: StandardFontFace(.helvetica), size: 12)
        }
    }

    /// A letter page for each of `texts`, each as ``onePage(_:)`` draws it.
    static func pages(_ texts: [String]) throws -> Data {
        let renderer = PDFRenderer(defaultPageSize: CGSize(width: 612, height: 792), origin: .bottomLeft)
        return try renderer.data { context in
            for text in texts {
                try context.beginPage()
                try context.draw(text, at: CGPoint(x: 72, y: 700), font: StandardFontFace(.helvetica), size: 12)
            }
        }
    }
}

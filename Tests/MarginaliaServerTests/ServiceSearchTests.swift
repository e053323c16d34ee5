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

    @Test func uploadsAreSearchableWithQuadsAndTrashedOnesAreNot() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let service = try DocumentService(directory: directory.url)
        let sample = try service.importDocument(name: "Welcome", data: Fixtures.sample)
        let other = try service.importDocument(name: "Other", data: try TextFixtures.onePage("Erasers are tools"))
        #expect(service.waitForTextIndex())
        let results = try service.search("erasers")
        #expect(Set(results.hits.map(\.documentID)) == [sample.id, other.id])
        let hit = try #require(results.hits.first { $0.documentID == other.id })
        #expect(hit.page == 0 && hit.kind == "page" && hit.name == "Other")
        #expect(hit.matches.map(\.text) == ["Erasers"])
        #expect(hit.matches.first?.quads.first.map { abs(Double($0.bottomLeft.x) - 72) < 0.01 } == true)

        _ = try service.delete(other.id)
        #expect(service.waitForTextIndex())
        #expect(try service.search("erasers").hits.map(\.documentID) == [sample.id])
        _ = try service.restore(other.id)
        #expect(service.waitForTextIndex())
        #expect(try service.search("tools erasers").hits.map(\.documentID) == [other.id])
        #expect(try service.search("\"tools erasers\"").hits.isEmpty)
    }

    @Test func notesAreSearchableAndUndoTakesThemOut() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let service = try DocumentService(directory: directory.url)
        let id = try service.importDocument(name: "Sample", data: Fixtures.sample).id
        _ = try service.apply(id, Fixtures.request(.operation(Self.note("n1", "Check the zebra crossing")), base: 0))
        // Searching one document first brings the index up to date with it.
        let found = try service.search(id, query: "zebra")
        #expect(found.hits.map(\.kind) == ["annotation"])
        #expect(found.hits.first?.annotationID == "n1" && found.revision == 1)
        _ = try service.apply(id, Fixtures.request(.undo, base: 1))
        #expect(try service.search(id, query: "zebra").hits.isEmpty)
    }

    @Test func theIndexSurvivesARestartAndIsRebuiltWhenLost() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var id = ""
        do {
            let service = try DocumentService(directory: directory.url)
            id = try service.importDocument(name: "Sample", data: Fixtures.sample).id
            #expect(service.waitForTextIndex())
        }
        do {
            let service = try DocumentService(directory: directory.url)
            #expect(try service.search("newsletter").hits.map(\.page) == [1])
        }
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(at: directory.url.appendingPathComponent("text-index.sqlite" + suffix))
        }
        let service = try DocumentService(directory: directory.url)
        #expect(service.waitForTextIndex())
        #expect(try service.search("newsletter").hits.map(\.documentID) == [id])
    }

    @Test func pageTextGivesWordsWithQuadsNumberedFromZero() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let service = try DocumentService(directory: directory.url)
        let id = try service.importDocument(name: "Sample", data: Fixtures.sample).id
        let record = try service.pageText(id, page: 1)
        #expect(record.json["blocks"]?.arrayValue?.isEmpty == false)
        #expect(throws: ServiceError.self) { try service.pageText(id, page: 3) }
        #expect(throws: ServiceError.self) { try service.search("   ") }
    }

    @Test func queriesCannotSpeakTheIndexSyntax() {
        #expect(SQLiteTextIndex.matchExpression("zebra NEAR(\"a b\") OR *") == "\"zebra\" AND \"NEAR\" AND \"a b\" AND \"OR\"")
        #expect(SearchQuery.terms("  \"two words\" three, four.") == ["two words", "three", "four"])
        #expect(SQLiteTextIndex.matchExpression("!!!") == nil)
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
}

import Foundation
import Marginalia
import Testing
@testable import MarginaliaServer

@Suite("Search and page text over HTTP")
struct APISearchTests {
    @Test(arguments: StoreKind.allCases) func searchAcrossDocumentsWithinOneAndPageWords(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        try withRealAPI(service: try place.service(searchable: true)) { port, service in
            let upload = try TestHTTP.request(port: port, "POST", "/api/v1/documents?name=sample.pdf", body: Fixtures.sample)
            let id = try #require(try upload.json()["id"] as? String)
            #expect(service.search.waitForTextIndex())

            let all = try TestHTTP.request(port: port, "GET", "/api/v1/search?q=stroke%20eraser&limit=5")
            #expect(all.status == 200)
            let results = try #require(try all.json()["results"] as? [[String: Any]])
            #expect(results.first?["document"] as? String == id && results.first?["page"] as? Int == 0)
            let matches = try #require(results.first?["matches"] as? [[String: Any]])
            #expect(matches.contains { ($0["text"] as? String)?.lowercased() == "eraser" })
            #expect((matches.first?["quads"] as? [[Double]])?.first?.count == 8)

            let within = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/search?q=newsletter")
            #expect(within.status == 200 && within.headers["x-marginalia-revision"] == nil)
            #expect((try within.json()["results"] as? [[String: Any]])?.map { $0["page"] as? Int } == [1])

            let words = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/pages/1/text")
            #expect(words.status == 200 && words.headers["x-marginalia-revision"] == "0")
            let page = try words.json()
            #expect(page["page"] as? Int == 1)
            let blocks = try #require(page["blocks"] as? [[String: Any]])
            #expect(!blocks.isEmpty)

            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/search").status == 400)
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/search?q=a&limit=0").status == 400)
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/pages/9/text").status == 422)
        }
    }
}

@Suite("Search within a document: options and reading order over HTTP")
struct APIFindTests {
    func find(_ port: UInt16, _ id: String, _ query: String) throws -> [[String: Any]] {
        let answer = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/search?q=\(query)")
        #expect(answer.status == 200, "\(query): \(answer.status)")
        return try #require(try answer.json()["matches"] as? [[String: Any]])
    }

    @Test(arguments: StoreKind.allCases) func caseWholeWordsAndNotesAmongTheText(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        try withRealAPI(service: try place.service(searchable: true)) { port, service in
            let upload = try TestHTTP.request(port: port, "POST", "/api/v1/documents?name=sample.pdf", body: Fixtures.sample)
            let id = try #require(try upload.json()["id"] as? String)
            // A note just after "touches;" ("...the stroke eraser removes whole strokes it
            // touches; the segment eraser cuts..."), its words in the note only.
            let words = try #require(try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/pages/0/text").json()["blocks"]
                as? [[String: Any]]).flatMap { ($0["lines"] as? [[String: Any]]) ?? [] }.flatMap { ($0["words"] as? [[String: Any]]) ?? [] }
            let touches = try #require(words.first { $0["text"] as? String == "touches;" }?["quad"] as? [Double])
            let (x, y) = (touches[2] + 4, touches[5])
            let note = #"{"type":"note","id":"n1","pageIndex":0,"rect":[\#(x),\#(y),\#(x + 10),\#(y + 10)],"contents":"eraser notes"}"#
            let add = try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/commands", body: Data(#"""
                {"protocol":1,"baseRevision":0,"clientId":"t","command":{"type":"add","annotations":[\#(note)]}}
                """#.utf8))
            #expect(add.status == 200)

            // The engine's order: the page's text in reading order, the note in its place.
            let all = try find(port, id, "eraser")
            #expect(all.map { $0["text"] as? String } == ["Eraser", "eraser", "eraser", "eraser"])
            #expect(all.map { $0["kind"] as? String } == ["page", "page", "annotation", "page"])
            #expect(all[2]["annotation"] as? String == "n1" && (all[2]["quads"] as? [[Double]])?.first?.count == 8)
            #expect(try find(port, id, "eraser&wholeWords=true").map { $0["kind"] as? String } == ["page", "annotation", "page"])
            let cased = try find(port, id, "Eraser&caseSensitive=true")
            #expect(cased.map { $0["text"] as? String } == ["Eraser"], "the note says eraser")
            #expect(try find(port, id, "Eraser&caseSensitive=true&wholeWords=true").isEmpty)
            #expect(try find(port, id, "eraser&caseSensitive=false&wholeWords=false").count == 4)
            // The sample's text box is drawn on its page: found once, as page text.
            let tap = try find(port, id, "tap").filter { $0["page"] as? Int == 2 }
            #expect(tap.map { $0["kind"] as? String } == ["page"])
            // The cross-document search keeps its form (no ordered list).
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/search?q=eraser").json()["matches"] == nil)

            // From a page, up to a count: the answer ends with the page that reaches it.
            let sentence = try find(port, id, "the")
            let firstPage = try #require(sentence.first?["page"] as? Int)
            let onFirst = sentence.filter { $0["page"] as? Int == firstPage }.count
            #expect(try find(port, id, "the&limit=1").count == onFirst)
            let later = try find(port, id, "the&from=\(firstPage + 1)")
            #expect(later.count == sentence.count - onFirst && later.allSatisfy { ($0["page"] as? Int ?? 0) > firstPage })
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/search?q=the&limit=0").status == 400)
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/search?q=the&from=-1").status == 400)

            let bad = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/search?q=eraser&caseSensitive=yes")
            #expect(bad.status == 400)
            #expect(String(decoding: bad.body, as: UTF8.self).contains("caseSensitive"))
            _ = service
        }
    }
    /// A viewer's find: a part of a word is found on every page (the index knows only whole
    /// words), the query is one phrase as typed, and nothing waits for the index.
    @Test(arguments: StoreKind.allCases) func partsOfWordsAndPhrasesWithoutTheIndex(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service(searchable: true)
        // The indexer stopped: the index never takes this document in.
        service.search.textIndexer?.stop()
        let pdf = try TextFixtures.pages(["The editor saves the file.", "Edit the page, then save it."])
        try withRealAPI(service: service) { port, service in
            let upload = try TestHTTP.request(port: port, "POST", "/api/v1/documents?name=two.pdf", body: pdf)
            let id = try #require(try upload.json()["id"] as? String)
            let edit = try find(port, id, "edit")
            #expect(edit.map { "\($0["page"] as? Int ?? -1) \($0["text"] as? String ?? "")" } == ["0 edit", "1 Edit"])
            #expect(!service.search.textIndexIsCurrent(id), "answered without the index")
            #expect(try find(port, id, "edit&wholeWords=true").map { $0["page"] as? Int } == [1])
            // Whole words end at word boundaries, punctuation included ("file." and "page,").
            #expect(try find(port, id, "file&wholeWords=true").map { $0["text"] as? String } == ["file"])
            #expect(try find(port, id, "page%20then&wholeWords=true").map { $0["text"] as? String } == ["page, then"])
            #expect(try find(port, id, "fil&wholeWords=true").isEmpty)
            // A phrase in order, any run of spaces or punctuation between its words.
            #expect(try find(port, id, "the%20file").map { $0["text"] as? String } == ["the file"])
            #expect(try find(port, id, "file%20the").isEmpty, "the words are on page 0, not in this order")
            #expect(try find(port, id, "page%20then").map { $0["text"] as? String } == ["page, then"])
            #expect(try find(port, id, "ave").map { $0["page"] as? Int } == [0, 1])
            // The cross-document search keeps the index's rules: it has not indexed this one.
            let across = try TestHTTP.request(port: port, "GET", "/api/v1/search?q=editor")
            #expect((try across.json()["results"] as? [[String: Any]])?.isEmpty == true)
        }
        // A server with no index at all finds within a document too.
        let other = try TestStore(kind)
        defer { other.remove() }
        let bare = try other.service()
        let id = try bare.catalogue.importDocument(name: "Two", data: pdf).id
        #expect(try bare.search.search(id, query: "edit").ordered?.count == 2)
    }
}

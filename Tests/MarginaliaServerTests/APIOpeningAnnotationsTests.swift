import Foundation
import Marginalia
import Testing
@testable import MarginaliaServer

/// `GET …/annotations?around=P&before=B&after=A`: the editor asks for the pages it opens at
/// beside the document's summary, before it knows the page count; the server keeps the window
/// inside the document and says which pages it covers and how many the document has (docs/api.md).
@Suite("Annotations of the pages a document opens at")
struct APIOpeningAnnotationsTests {
    @Test(arguments: [
        // (around, before, after, page count) -> window
        (0, 1, 3, 40, 0...4), (10, 1, 3, 40, 9...13), (39, 1, 3, 40, 35...39), (200, 1, 3, 40, 35...39),
        (0, 1, 3, 5, 0...4), (3, 1, 3, 6, 1...5), (2, 0, 0, 3, 2...2), (7, 0, 0, 3, 2...2), (0, 1000, 1000, 3, 0...2),
    ])
    func theWindowStaysInsideTheDocument(around: Int, before: Int, after: Int, count: Int, window: ClosedRange<Int>) {
        #expect(OpeningAnnotationList.window(around: around, before: before, after: after, pageCount: count) == window)
    }

    @Test func aDocumentWithoutPagesHasNoWindow() {
        #expect(OpeningAnnotationList.window(around: 0, before: 1, after: 3, pageCount: 0) == nil)
    }

    @Test func theAnswerNamesItsPagesAndThePageCount() throws {
        try withRealAPI { port, _ in
            let id = try #require(try TestHTTP.request(port: port, "POST", "/api/v1/documents", body: Fixtures.sample).json()["id"] as? String)
            let base = "/api/v1/documents/\(id)/annotations"
            for (revision, page) in [2, 0, 1, 2].enumerated() {
                #expect(try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/commands",
                                             body: APIPagedAnnotationsTests.stroke(page: page, base: revision)).status == 200)
            }
            func ids(_ query: String) throws -> [String] {
                let json = try TestHTTP.request(port: port, "GET", base + query).json()
                return (json["annotations"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            }
            func opening(_ query: String) throws -> (pages: [String: Int]?, count: Int?, ids: [String]) {
                let response = try TestHTTP.request(port: port, "GET", base + query)
                #expect(response.status == 200, "\(query)")
                #expect(response.headers["x-marginalia-revision"] == "4", "\(query)")
                let json = try response.json()
                #expect(json["revision"] as? Int == 4, "\(query)")
                return (json["pages"] as? [String: Int], json["pageCount"] as? Int,
                        (json["annotations"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
            }
            let middle = try opening("?around=1")
            #expect(middle.pages == ["first": 1, "last": 1] && middle.count == 3)
            #expect(middle.ids == (try ids("?pages=1-1")), "the same annotations as the range form")
            let past = try opening("?around=9&before=1")
            #expect(past.pages == ["first": 1, "last": 2] && past.count == 3, "a page past the end is the last page")
            #expect(past.ids == (try ids("?pages=1-2")))
            let every = try opening("?around=0&before=1&after=3")
            #expect(every.pages == ["first": 0, "last": 2] && every.count == 3, "a short document: every page")
            #expect(every.ids == (try ids("")))
            #expect(try TestHTTP.request(port: port, "GET", base + "?pages=1-3").status == 422,
                    "the range form still refuses a page past the end")
        }
    }

    @Test(arguments: [
        ("?around=0&before=1001", "before '1001': expected a whole number from 0 to 1000"),
        ("?around=0&after=99999", "after '99999': expected a whole number from 0 to 1000"),
        ("?around=-1", "around '-1': expected a whole number from 0 to 2147483647"),
        ("?around=x&after=3", "around 'x': expected a whole number"),
        ("?after=3", "before and after go with around=PAGE"),
        ("?around=0&pages=0-4", "not both"),
        ("?around=0&page=0", "not both"),
    ])
    func badOpeningQueriesAreRefusedNamingTheParameter(query: String, message: String) throws {
        try withRealAPI { port, _ in
            let id = try #require(try TestHTTP.request(port: port, "POST", "/api/v1/documents", body: Fixtures.sample).json()["id"] as? String)
            let response = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/annotations" + query)
            #expect(response.status == 400, "\(query)")
            let text = try #require((try response.json()["error"] as? [String: Any])?["message"] as? String)
            #expect(text.contains(message), "\(text)")
        }
    }
}

import Foundation
import Marginalia
import Testing
@testable import MarginaliaServer

/// `GET …/annotations?pages=FIRST-LAST`: the editor asks for the pages in view first and the
/// rest after (docs/api.md); the parts put together are the whole list, at one revision.
@Suite("Annotations asked for by a range of pages")
struct APIPagedAnnotationsTests {
    static func stroke(page: Int, base: Int) -> Data {
        Data(##"{"protocol":1,"baseRevision":\##(base),"clientId":"ranges","command":{"type":"stroke","pageIndex":\##(page),"points":[[100,100],[140,130],[180,120]],"ink":{"color":"#0000FF","width":2,"opacity":1,"usesPressure":false}}}"##.utf8)
    }

    @Test func rangesOfPagesAddUpToTheWholeList() throws {
        try withRealAPI { port, _ in
            let id = try #require(try TestHTTP.request(port: port, "POST", "/api/v1/documents", body: Fixtures.sample).json()["id"] as? String)
            let base = "/api/v1/documents/\(id)/annotations"
            let before = try #require(try TestHTTP.request(port: port, "GET", base).json()["annotations"] as? [[String: Any]])
            // One stroke on each of the three pages, the last page twice.
            for (revision, page) in [2, 0, 1, 2].enumerated() {
                #expect(try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/commands",
                                             body: Self.stroke(page: page, base: revision)).status == 200)
            }
            func list(_ query: String) throws -> [[String: Any]] {
                let response = try TestHTTP.request(port: port, "GET", base + query)
                #expect(response.status == 200, "\(query)")
                #expect(response.headers["x-marginalia-revision"] == "4", "\(query)")
                #expect(try response.json()["revision"] as? Int == 4, "\(query)")
                return try #require(try response.json()["annotations"] as? [[String: Any]])
            }
            func ids(_ annotations: [[String: Any]]) -> [String] { annotations.compactMap { $0["id"] as? String } }
            let whole = try list("")
            #expect(whole.count == before.count + 4)
            let pages = [try list("?pages=0-0"), try list("?pages=1"), try list("?pages=2-2")]
            #expect(pages.map { Set($0.compactMap { $0["pageIndex"] as? Int }) } == [[0], [1], [2]].map { Set($0) })
            #expect(pages[2].count >= 2)
            #expect(ids(pages.flatMap { $0 }) == ids(whole), "the parts, in page order, are the whole list")
            #expect(ids(try list("?pages=1-2")) == ids(pages[1] + pages[2]))
            #expect(ids(try list("?pages=0-2")) == ids(whole))
            #expect(ids(try list("?page=1")) == ids(pages[1]), "the older one-page form answers the same")
        }
    }

    /// The page list is added to the summary as encoded JSON (APIJSON.data(_:adding:json:)):
    /// the answer is one JSON object with every page, the summary's members and the certification.
    @Test func theDocumentsAnswerIsOneObjectWithEveryPage() throws {
        try withRealAPI { port, _ in
            let id = try #require(try TestHTTP.request(port: port, "POST", "/api/v1/documents?name=three.pdf", body: Fixtures.sample).json()["id"] as? String)
            let detail = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)").json()
            let pages = try #require(detail["pages"] as? [[String: Any]])
            #expect(pages.map { $0["index"] as? Int } == [0, 1, 2])
            #expect(pages.allSatisfy { ($0["box"] as? [Double])?.count == 4 && ($0["width"] as? Double ?? 0) > 0 })
            #expect(detail["name"] as? String == "three.pdf" && detail["id"] as? String == id)
            #expect(detail.keys.contains("certification"))
        }
    }

    @Test(arguments: [
        ("?pages=2-1", 400, "the last page (1) is before the first (2)"),
        ("?pages=a-1", 400, "pages (first) 'a': expected a whole number"),
        ("?pages=0-", 400, "pages (last) '': expected a whole number"),
        ("?pages=0-99999999999", 400, "pages (last) '99999999999': expected a whole number from 0 to 2147483647"),
        ("?page=0&pages=0-1", 400, "not both"),
        ("?pages=1-3", 422, "page 4 is out of range (the document has 3 pages)"),
        ("?pages=5", 422, "page 6 is out of range (the document has 3 pages)"),
    ])
    func badRangesAreRefusedNamingWhy(query: String, status: Int, message: String) throws {
        try withRealAPI { port, _ in
            let id = try #require(try TestHTTP.request(port: port, "POST", "/api/v1/documents", body: Fixtures.sample).json()["id"] as? String)
            let response = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/annotations" + query)
            #expect(response.status == status)
            let text = try #require((try response.json()["error"] as? [String: Any])?["message"] as? String)
            #expect(text.contains(message), "\(text)")
        }
    }
}

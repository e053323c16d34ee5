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
            #expect(service.waitForTextIndex())

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

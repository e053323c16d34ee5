import Foundation
import Marginalia
import Testing
@testable import MarginaliaServer

@Suite("Uploads, extracting pages, versions and deleting for good over HTTP")
struct APIPagesTests {
    @Test func organisingPagesAndDocumentsThroughTheAPI() throws {
        try withRealAPI { port, _ in
            func post(_ path: String, _ body: Data) throws -> TestResponse {
                try TestHTTP.request(port: port, "POST", path, body: body)
            }
            let id = try #require(try post("/api/v1/documents?name=a.pdf", Fixtures.sample).json()["id"] as? String)

            let upload = try post("/api/v1/documents/\(id)/uploads", Fixtures.sample)
            #expect(upload.status == 201)
            #expect(try upload.json()["upload"] as? Int == 1 && upload.json()["pageCount"] as? Int == 3)
            let command = #"{"protocol":1,"baseRevision":0,"clientId":"t1","command":{"type":"insertPages","index":3,"source":{"upload":1},"pages":[0,2]}}"#
            let applied = try post("/api/v1/documents/\(id)/commands", Data(command.utf8))
            #expect(applied.status == 200)
            let entry = try #require((try applied.json()["applied"] as? [[String: Any]])?.first)
            #expect((entry["operation"] as? [String: Any])?["op"] as? String == "copyPages")
            let document = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)").json()
            #expect((document["pages"] as? [Any])?.count == 5)

            let extracted = try post("/api/v1/documents/\(id)/extract", Data(#"{"pages":[4,0],"name":"two"}"#.utf8))
            #expect(try extracted.status == 201 && extracted.json()["pageCount"] as? Int == 2)
            let bad = try post("/api/v1/documents/\(id)/extract", Data(#"{"pages":[1.5],"name":"x"}"#.utf8))
            #expect(bad.status == 400)
            let message = try #require((try bad.json()["error"] as? [String: Any])?["message"] as? String)
            #expect(message.hasPrefix("pages[0]: expected a whole number"), "\(message)")
            #expect(try post("/api/v1/documents/\(id)/extract", Data(#"{"pages":[9],"name":"x"}"#.utf8)).status == 422)

            _ = try post("/api/v1/documents/\(id)/save", Data())
            let versions = try #require(try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/versions").json()["versions"] as? [[String: Any]])
            #expect(versions.last?["changes"] as? Int == 1 && versions.last?["clients"] as? [String] == ["t1"])

            #expect(try TestHTTP.request(port: port, "DELETE", "/api/v1/trash/\(id)").status == 409)
            #expect(try TestHTTP.request(port: port, "DELETE", "/api/v1/documents/\(id)").status == 200)
            let purged = try TestHTTP.request(port: port, "DELETE", "/api/v1/trash/\(id)")
            #expect(try purged.status == 200 && purged.json()["purged"] as? Bool == true)
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)").status == 404)
            #expect(try TestHTTP.request(port: port, "DELETE", "/api/v1/trash/\(id)").status == 404)
        }
    }
}

import Foundation
import Marginalia
import Testing
@testable import MarginaliaServer

/// `GET /api/v1/documents/{id}/outline`: the browser's Outline panel (issue 15, item 7).
@Suite("The outline over HTTP")
struct APIOutlineTests {
    /// Two pages and an outline of two entries, the first with a child.
    static let outlined: Data = {
        let bodies = [
            "<</Type/Catalog/Pages 2 0 R/Outlines 5 0 R>>",
            "<</Type/Pages/Kids[3 0 R 4 0 R]/Count 2>>",
            "<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>",
            "<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>",
            "<</Type/Outlines/First 6 0 R/Last 7 0 R/Count 3>>",
            "<</Title(Start)/Parent 5 0 R/Next 7 0 R/First 8 0 R/Last 8 0 R/Count 1/Dest[3 0 R/Fit]>>",
            "<</Title(End)/Parent 5 0 R/Prev 6 0 R/A<</S/GoTo/D[4 0 R/Fit]>>>>",
            "<</Title(Elsewhere)/Parent 6 0 R/A<</S/URI/URI(https://example.org)>>>>",
        ]
        var text = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (i, body) in bodies.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(i + 1) 0 obj\n\(body)\nendobj\n"
        }
        let start = text.utf8.count
        text += "xref\n0 \(bodies.count + 1)\n0000000000 65535 f\r\n"
        for offset in offsets { text += String(format: "%010d 00000 n\r\n", offset) }
        text += "trailer\n<</Size \(bodies.count + 1)/Root 1 0 R>>\nstartxref\n\(start)\n%%EOF\n"
        return Data(text.utf8)
    }()

    @Test func theOutlineWithItsPagesAndNesting() throws {
        try withRealAPI { port, _ in
            let upload = try TestHTTP.request(port: port, "POST", "/api/v1/documents?name=outlined.pdf", body: Self.outlined)
            let id = try #require(try upload.json()["id"] as? String)
            let answer = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/outline")
            #expect(answer.status == 200 && answer.headers["x-marginalia-revision"] == "0")
            let json = try answer.json()
            let items = try #require(json["items"] as? [[String: Any]])
            #expect(items.map { $0["title"] as? String } == ["Start", "End"])
            #expect(items.map { $0["page"] as? Int } == [0, 1])
            #expect(items.first?["open"] as? Bool == true)
            let child = try #require((items.first?["children"] as? [[String: Any]])?.first)
            #expect(child["title"] as? String == "Elsewhere" && child["page"] is NSNull, "a web link goes to no page: null")

            let sample = try TestHTTP.request(port: port, "POST", "/api/v1/documents?name=sample.pdf", body: Fixtures.sample)
            let plain = try #require(try sample.json()["id"] as? String)
            #expect((try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(plain)/outline").json()["items"] as? [Any])?.isEmpty == true)
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(String(repeating: "0", count: 32))/outline").status == 404)
        }
    }
}

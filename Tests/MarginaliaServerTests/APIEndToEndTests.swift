#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Marginalia
import Testing
@testable import MarginaliaServer

/// Runs `body` against a server over the real DocumentService in a fresh directory (or over
/// `service`), whose event streams send a keep-alive (and notice a client gone) every
/// `keepAlive` seconds; with a `token`, every request needs it.
func withRealAPI<T>(keepAlive: Double = 15, token: String? = nil, service given: DocumentService? = nil,
                    _ body: (UInt16, DocumentService) throws -> T) throws -> T {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("api-e2e-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let service = try given ?? DocumentService(directory: directory)
    let web = try makeWebDirectory()
    defer { try? FileManager.default.removeItem(atPath: web) }
    let app = MarginaliaApp(service: service, staticFiles: StaticFiles(webDirectory: web), token: token)
    var configuration = HTTPServerConfiguration(port: 0)
    configuration.keepAliveInterval = keepAlive
    return try withServer(configuration, handler: app.handler) { server in try body(server.port, service) }
}

@Suite("API end to end over the real store")
struct APIEndToEndTests {
    @Test func uploadDrawSeeSaveDownload() throws {
        try withRealAPI { port, _ in
            let upload = try TestHTTP.request(port: port, "POST", "/api/v1/documents?name=sample.pdf",
                                              body: try SampleDocument.make())
            #expect(upload.status == 201)
            let id = try #require(try upload.json()["id"] as? String)
            #expect(try upload.json()["kind"] as? String == "pdf")

            let detail = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)").json()
            let pages = try #require(detail["pages"] as? [[String: Any]])
            #expect(pages.count == detail["pageCount"] as? Int)

            let events = try TestSocket(port: port)
            events.write(Data("GET /api/v1/documents/\(id)/events HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            #expect(events.read(until: ": document").contains("text/event-stream"))

            let stroke = #"""
                {"baseRevision":0,"clientId":"tab-e2e","action":{"stroke":{"pageIndex":0,
                "points":[[100,100,0.5,0],[140,130,0.5,0.02],[180,120,0.5,0.04],[220,160,0.5,0.06]],
                "ink":{"color":"#FF0000","width":3,"opacity":1,"usesPressure":false},"zoom":1,"recognizeShape":false}}}
                """#
            let applied = try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/operations", body: Data(stroke.utf8))
            #expect(applied.status == 200)
            let result = try applied.json()
            let revision = try #require(result["revision"] as? Int)
            #expect(revision >= 1)
            #expect(applied.headers["x-marginalia-revision"] == String(revision))
            #expect((result["applied"] as? [Any])?.isEmpty == false)

            let seen = events.read(until: "id: \(revision)\n")
            #expect(seen.contains("event: operation"))
            #expect(seen.contains("tab-e2e"))

            let annotations = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/annotations?page=0").json()
            let list = try #require(annotations["annotations"] as? [[String: Any]])
            #expect(list.count == 1)

            let saved = try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/save")
            #expect(saved.status == 200)
            #expect(events.read(until: "event: saved").contains("event: saved"))
            let versions = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/versions").json()
            #expect((versions["versions"] as? [Any])?.isEmpty == false)

            let file = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/file")
            #expect(file.headers["content-type"] == "application/pdf")
            #expect(file.body.starts(with: Data("%PDF".utf8)))
            let document = try PDFDocument(data: file.body)
            let inks = try document.annotations(onPage: 0).filter {
                if case .ink = $0.kind { return true }
                return false
            }
            #expect(inks.count == 1)
        }
    }

    @Test func errorsFromTheStoreAreJSON() throws {
        try withRealAPI { port, _ in
            let missing = try TestHTTP.request(port: port, "GET", "/api/v1/documents/0123456789abcdef0123456789abcdef")
            #expect(missing.status == 404)
            #expect((try missing.json()["error"] as? [String: String])?["code"] == "notFound")
            let junk = try TestHTTP.request(port: port, "POST", "/api/v1/documents", body: Data("hello".utf8))
            #expect(junk.status == 422)
            let id = try #require(try TestHTTP.request(port: port, "POST", "/api/v1/documents",
                                                       body: try SampleDocument.make()).json()["id"] as? String)
            let bad = try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/operations", body: Data(#"{"clientId":"x"}"#.utf8))
            #expect(bad.status == 400)
            let outOfRange = #"{"baseRevision":0,"clientId":"tab","action":{"erase":{"pageIndex":99,"mode":"stroke","size":10,"points":[[1,1]]}}}"#
            let unfit = try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/operations", body: Data(outOfRange.utf8))
            #expect(unfit.status == 422)
        }
    }
}

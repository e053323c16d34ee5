#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import MarginaliaServer

/// A temporary web folder with an index page and one script.
func makeWebDirectory() throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("web-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory.appendingPathComponent("js"), withIntermediateDirectories: true)
    try Data("<!doctype html><title>Marginalia</title>".utf8).write(to: directory.appendingPathComponent("index.html"))
    try Data("export const x = 1;".utf8).write(to: directory.appendingPathComponent("js/app.js"))
    return directory.path
}

/// Runs `body` against a server for the fake service.
func withFakeAPI<T>(token: String? = nil, _ body: (UInt16, FakeDocumentService) throws -> T) throws -> T {
    let service = FakeDocumentService()
    let web = try makeWebDirectory()
    defer { try? FileManager.default.removeItem(atPath: web) }
    let app = MarginaliaApp(service: service, staticFiles: StaticFiles(webDirectory: web), token: token)
    var configuration = HTTPServerConfiguration(port: 0)
    configuration.keepAliveInterval = 0.2
    return try withServer(configuration, handler: app.handler) { server in try body(server.port, service) }
}

let samplePDF = Data("%PDF-1.7\n% test\n".utf8)

@Suite("API routes over the fake service")
struct APIRouteTests {
    @Test func importListGetRenameTrashRestore() throws {
        try withFakeAPI { port, _ in
            let empty = try TestHTTP.request(port: port, "GET", "/api/v1/documents").json()["documents"] as? [Any]
            #expect(empty?.isEmpty == true)
            let created = try TestHTTP.request(port: port, "POST", "/api/v1/documents?name=My%20Notes.pdf", body: samplePDF)
            #expect(created.status == 201)
            #expect(created.headers["x-marginalia-revision"] == "0")
            let summary = try created.json()
            let id = try #require(summary["id"] as? String)
            #expect(summary["name"] as? String == "My Notes.pdf")
            #expect(summary["created"] as? String == "1970-01-01T00:00:00Z")

            let listed = try TestHTTP.request(port: port, "GET", "/api/v1/documents").json()["documents"] as? [[String: Any]]
            #expect(listed?.compactMap { $0["id"] as? String } == [id])

            let detail = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)")
            #expect(detail.status == 200)
            #expect((try detail.json()["pages"] as? [[String: Any]])?.first?["width"] as? Double == 612)
            #expect(try detail.json()["revision"] as? Int == 0)

            let renamed = try TestHTTP.request(port: port, "PATCH", "/api/v1/documents/\(id)", body: Data(#"{"name":"Renamed"}"#.utf8))
            #expect(try renamed.json()["name"] as? String == "Renamed")

            #expect(try TestHTTP.request(port: port, "DELETE", "/api/v1/documents/\(id)").json()["trashed"] as? Bool == true)
            let trash = try TestHTTP.request(port: port, "GET", "/api/v1/trash").json()["documents"] as? [[String: Any]]
            #expect(trash?.count == 1)
            #expect(try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/restore").json()["trashed"] as? Bool == false)
        }
    }

    @Test(arguments: [
        ("GET", "/api/v1/documents/not-an-id", 400, "badRequest"),
        ("GET", "/api/v1/documents/0123456789abcdef0123456789abcdef", 404, "notFound"),
        ("GET", "/api/v1/documents/0123456789ABCDEF0123456789ABCDEF", 400, "badRequest"),
        ("GET", "/api/v1/nothing", 404, "notFound"),
        ("PUT", "/api/v1/documents", 405, "badRequest"),
        ("POST", "/api/v1/documents", 400, "badRequest"),
    ])
    func errorsAreJSON(method: String, path: String, status: Int, code: String) throws {
        try withFakeAPI { port, _ in
            let response = try TestHTTP.request(port: port, method, path)
            #expect(response.status == status)
            #expect((try response.json()["error"] as? [String: String])?["code"] == code)
        }
    }

    @Test func serviceErrorsKeepTheirStatus() throws {
        try withFakeAPI { port, _ in
            let response = try TestHTTP.request(port: port, "POST", "/api/v1/documents", body: Data("not a pdf".utf8))
            #expect(response.status == 422)
            #expect((try response.json()["error"] as? [String: String])?["code"] == "unprocessable")
            let id = try #require(try TestHTTP.request(port: port, "POST", "/api/v1/documents", body: samplePDF).json()["id"] as? String)
            let bad = try TestHTTP.request(port: port, "PATCH", "/api/v1/documents/\(id)", body: Data("[1".utf8))
            #expect(bad.status == 400)
        }
    }

    @Test func operationsAnnotationsSaveAndVersions() throws {
        try withFakeAPI { port, _ in
            let id = try #require(try TestHTTP.request(port: port, "POST", "/api/v1/documents", body: samplePDF).json()["id"] as? String)
            let post = #"{"baseRevision":0,"clientId":"tab-1","operation":{"add":"a1"}}"#
            let applied = try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/operations", body: Data(post.utf8))
            #expect(applied.status == 200)
            #expect(applied.headers["x-marginalia-revision"] == "1")
            #expect(try applied.json()["revision"] as? Int == 1)

            let log = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/operations?after=0").json()
            #expect((log["operations"] as? [[String: Any]])?.first?["clientId"] as? String == "tab-1")
            let annotations = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/annotations?page=0").json()
            #expect((annotations["annotations"] as? [Any])?.count == 1)
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/annotations?page=x").status == 400)

            let saved = try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/save").json()
            #expect(saved["revision"] as? Int == 1)
            #expect((saved["version"] as? [String: Any])?["number"] as? Int == 1)
            let versions = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/versions").json()
            #expect((versions["versions"] as? [Any])?.count == 1)
            #expect(try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/versions/1/restore").status == 200)
            #expect(try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/versions/9/restore").status == 404)

            let file = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/file")
            #expect(file.headers["content-type"] == "application/pdf")
            #expect(file.body == samplePDF)
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/versions/1/file").body == samplePDF)
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/export").status == 200)
        }
    }

    @Test func eventsStreamLiveAndMissedOperations() throws {
        try withFakeAPI { port, service in
            let id = try #require(try TestHTTP.request(port: port, "POST", "/api/v1/documents", body: samplePDF).json()["id"] as? String)
            func post(_ base: Int, _ value: String) throws {
                let body = #"{"baseRevision":\#(base),"clientId":"tab-2","operation":{"add":"\#(value)"}}"#
                _ = try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/operations", body: Data(body.utf8))
            }
            try post(0, "first")

            let live = try TestSocket(port: port)
            live.write(Data("GET /api/v1/documents/\(id)/events HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            let head = live.read(until: ": document")
            #expect(head.contains("text/event-stream"))
            #expect(head.lowercased().contains("x-marginalia-revision: 1"))
            try post(1, "second")
            let seen = live.read(until: "\"second\"")
            #expect(seen.contains("id: 2\nevent: operation\ndata: {"))
            #expect(!seen.contains("\"first\""))
            _ = try TestHTTP.request(port: port, "PATCH", "/api/v1/documents/\(id)", body: Data(#"{"name":"N2"}"#.utf8))
            #expect(live.read(until: "event: renamed").contains("event: renamed"))

            // Reconnecting with Last-Event-ID replays what was missed, then goes live.
            let again = try TestSocket(port: port)
            again.write(Data("GET /api/v1/documents/\(id)/events HTTP/1.1\r\nHost: x\r\nLast-Event-ID: 1\r\n\r\n".utf8))
            let replay = again.read(until: "\"second\"")
            #expect(replay.contains("id: 2\n"))
            #expect(!replay.contains("\"first\""))
            try post(2, "third")
            #expect(again.read(until: "\"third\"").contains("id: 3\n"))
            #expect(service.subscriberCount == 2)
        }
    }

    @Test func anEntryLoggedDuringTheReplayIsSentOnce() throws {
        try withFakeAPI { port, service in
            let id = try #require(try TestHTTP.request(port: port, "POST", "/api/v1/documents", body: samplePDF).json()["id"] as? String)
            let first = #"{"baseRevision":0,"clientId":"tab-1","operation":{"add":"first"}}"#
            _ = try service.apply(id, body: Data(first.utf8))
            // While the stream reads the log to replay, another tab's entry lands: the live
            // event arrives during the replay and the log read includes it too.
            service.duringNextLogRead = {
                let racing = #"{"baseRevision":1,"clientId":"tab-2","operation":{"add":"racing"}}"#
                _ = try? service.apply(id, body: Data(racing.utf8))
            }
            let socket = try TestSocket(port: port)
            socket.write(Data("GET /api/v1/documents/\(id)/events?after=0 HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            _ = socket.read(until: "\"racing\"")
            let later = #"{"baseRevision":2,"clientId":"tab-1","operation":{"add":"later"}}"#
            _ = try service.apply(id, body: Data(later.utf8))
            let text = socket.read(until: "\"later\"")
            #expect(text.components(separatedBy: "\"first\"").count == 2)
            #expect(text.components(separatedBy: "\"racing\"").count == 2)
            #expect(text.components(separatedBy: "\"later\"").count == 2)
            #expect(text.components(separatedBy: "id: 2\n").count == 2)
        }
    }

    @Test func closedStreamsUnsubscribe() throws {
        try withFakeAPI { port, service in
            let id = try #require(try TestHTTP.request(port: port, "POST", "/api/v1/documents", body: samplePDF).json()["id"] as? String)
            do {
                let socket = try TestSocket(port: port)
                socket.write(Data("GET /api/v1/documents/\(id)/events HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
                _ = socket.read(until: ": document")
                #expect(service.subscriberCount == 1)
            }
            let deadline = Date().addingTimeInterval(5)
            while service.subscriberCount > 0 && Date() < deadline { usleep(20_000) }
            #expect(service.subscriberCount == 0)
        }
    }
}

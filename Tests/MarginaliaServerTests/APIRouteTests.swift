#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Marginalia
import Synchronization
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

/// A blank one-page PDF of 612 × 792 points.
let samplePDF: Data = {
    do {
        return try PDFRenderer().data { context in try context.beginPage(size: CGSize(width: 612, height: 792)) }
    } catch {
        fatalError("the blank test PDF: \(error)")
    }
}()

/// A `POST …/commands` body: a three-point red stroke on page 0 starting at `x`, sent by `client`.
func strokeCommand(base: Int, client: String, x: Double = 100) -> Data {
    let points = "[[\(x),100],[\(x + 40),130],[\(x + 80),120]]"
    return Data(##"{"protocol":1,"baseRevision":\##(base),"clientId":"\##(client)","command":{"type":"stroke","pageIndex":0,"points":\##(points),"ink":{"color":"#FF0000","width":3,"opacity":1,"usesPressure":false}}}"##.utf8)
}

@Suite("API routes over the service on a temporary store")
struct APIRouteTests {
    @Test func importListGetRenameTrashRestore() throws {
        try withRealAPI { port, _ in
            let empty = try TestHTTP.request(port: port, "GET", "/api/v1/documents").json()["documents"] as? [Any]
            #expect(empty?.isEmpty == true)
            let created = try TestHTTP.request(port: port, "POST", "/api/v1/documents?name=My%20Notes.pdf", body: samplePDF)
            #expect(created.status == 201)
            #expect(created.headers["x-marginalia-revision"] == "0")
            let summary = try created.json()
            let id = try #require(summary["id"] as? String)
            #expect(summary["name"] as? String == "My Notes.pdf")
            let createdAt = try #require(summary["created"] as? String)
            #expect(ISO8601DateFormatter().date(from: createdAt).map { abs($0.timeIntervalSinceNow) < 600 } == true, "\(createdAt)")

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
        try withRealAPI { port, _ in
            let response = try TestHTTP.request(port: port, method, path)
            #expect(response.status == status)
            #expect((try response.json()["error"] as? [String: String])?["code"] == code)
        }
    }

    @Test func serviceErrorsKeepTheirStatus() throws {
        try withRealAPI { port, _ in
            let response = try TestHTTP.request(port: port, "POST", "/api/v1/documents", body: Data("not a pdf".utf8))
            #expect(response.status == 422)
            #expect((try response.json()["error"] as? [String: String])?["code"] == "unprocessable")
            let id = try #require(try TestHTTP.request(port: port, "POST", "/api/v1/documents", body: samplePDF).json()["id"] as? String)
            let bad = try TestHTTP.request(port: port, "PATCH", "/api/v1/documents/\(id)", body: Data("[1".utf8))
            #expect(bad.status == 400)
        }
    }

    @Test func operationsAnnotationsSaveAndVersions() throws {
        try withRealAPI { port, _ in
            let id = try #require(try TestHTTP.request(port: port, "POST", "/api/v1/documents", body: samplePDF).json()["id"] as? String)
            let applied = try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/commands",
                                               body: strokeCommand(base: 0, client: "tab-1"))
            #expect(applied.status == 200)
            #expect(applied.headers["x-marginalia-revision"] == "1")
            #expect(try applied.json()["revision"] as? Int == 1)

            let log = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/operations?after=0").json()
            #expect((log["operations"] as? [[String: Any]])?.first?["clientId"] as? String == "tab-1")
            let annotations = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/annotations?page=0").json()
            #expect((annotations["annotations"] as? [Any])?.count == 1)
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/annotations?page=x").status == 400)

            // The upload is version 1; the save makes version 2 with the stroke.
            let saved = try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/save").json()
            #expect(saved["revision"] as? Int == 1)
            #expect((saved["version"] as? [String: Any])?["number"] as? Int == 2)
            let versions = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/versions").json()
            #expect((versions["versions"] as? [Any])?.count == 2)
            let file = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/file")
            #expect(file.headers["content-type"] == "application/pdf")
            #expect(file.body.starts(with: samplePDF) && file.body.count > samplePDF.count, "the upload with the stroke appended")
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/versions/1/file").body == samplePDF)
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/versions/2/file").body == file.body)

            #expect(try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/versions/1/restore").status == 200)
            #expect(try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/versions/9/restore").status == 404)
            let restored = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/annotations?page=0").json()
            #expect((restored["annotations"] as? [Any])?.isEmpty == true, "version 1 has no stroke")
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/export").status == 200)
        }
    }

    @Test func eventsStreamLiveAndMissedOperations() throws {
        try withRealAPI { port, service in
            let id = try #require(try TestHTTP.request(port: port, "POST", "/api/v1/documents", body: samplePDF).json()["id"] as? String)
            func post(_ base: Int, _ client: String) throws {
                let response = try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/commands",
                                                    body: strokeCommand(base: base, client: client))
                #expect(response.status == 200, "\(response.text)")
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
            #expect(service.documents.events.subscriberCount(id) == 2)
        }
    }

    /// While the stream reads the log to replay, another tab's entry lands: its live event
    /// arrives during the replay and the log read includes it too; it is sent once.
    @Test func anEntryLoggedDuringTheReplayIsSentOnce() throws {
        try withRealAPI { _, service in
            let id = try service.catalogue.importDocument(name: "a.pdf", data: samplePDF).id
            _ = try service.editing.apply(id, body: strokeCommand(base: 0, client: "first"))
            let racing = Mutex(true)
            let handler: HTTPHandler = { _ in
                do {
                    return try EventRelay.open(service: service, id: id, after: 0) { id, after in
                        if racing.withLock({ first in defer { first = false }; return first }) {
                            _ = try service.editing.apply(id, body: strokeCommand(base: 1, client: "racing", x: 200))
                        }
                        return try service.editing.operations(id, after: after)
                    }
                } catch {
                    return HTTPResponse(status: 500)
                }
            }
            try withServer(handler: handler) { server in
                let socket = try TestSocket(port: server.port)
                socket.write(Data("GET /events HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
                _ = socket.read(until: "\"racing\"")
                _ = try service.editing.apply(id, body: strokeCommand(base: 2, client: "later", x: 300))
                let text = socket.read(until: "\"later\"")
                #expect(text.components(separatedBy: "\"first\"").count == 2)
                #expect(text.components(separatedBy: "\"racing\"").count == 2)
                #expect(text.components(separatedBy: "\"later\"").count == 2)
                #expect(text.components(separatedBy: "id: 2\n").count == 2)
            }
        }
    }

    @Test func closedStreamsUnsubscribe() throws {
        // Keep-alives every 0.2 s: a write to a client gone is how the server notices it left.
        try withRealAPI(keepAlive: 0.2) { port, service in
            let id = try #require(try TestHTTP.request(port: port, "POST", "/api/v1/documents", body: samplePDF).json()["id"] as? String)
            do {
                let socket = try TestSocket(port: port)
                socket.write(Data("GET /api/v1/documents/\(id)/events HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
                _ = socket.read(until: ": document")
                #expect(service.documents.events.subscriberCount(id) == 1)
            }
            let deadline = Date().addingTimeInterval(5)
            while service.documents.events.subscriberCount(id) > 0 && Date() < deadline { usleep(20_000) }
            #expect(service.documents.events.subscriberCount(id) == 0)
        }
    }
}

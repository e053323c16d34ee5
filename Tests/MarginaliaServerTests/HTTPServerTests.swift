#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import MarginaliaServer

/// Starts a server on an ephemeral loopback port for one test.
func withServer<T>(_ configuration: HTTPServerConfiguration = HTTPServerConfiguration(port: 0),
                   handler: @escaping HTTPHandler, _ body: (HTTPServer) throws -> T) throws -> T {
    let server = HTTPServer(configuration: configuration, handler: handler)
    try server.start()
    defer { server.stop() }
    return try body(server)
}

/// Echoes what the server understood of the request, as JSON.
let echoHandler: HTTPHandler = { request in
    var object: [String: Any] = [
        "method": request.method, "path": request.path,
        "query": request.queryItems.map { [$0.name, $0.value] },
        "headers": request.headers, "bodyLength": request.body.count,
        "body": String(decoding: request.body, as: UTF8.self), "remote": request.remoteAddress,
    ]
    if request.path == "/missing" { return .jsonError(status: 404, code: "notFound", message: "no such thing") }
    if request.path == "/slow" { try? await Task.sleep(nanoseconds: 200_000_000); object["slow"] = true }
    let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    return .json(data: data)
}

@Suite("HTTP server over loopback")
struct HTTPServerTests {
    @Test func ephemeralPortIsExposed() throws {
        try withServer(handler: echoHandler) { server in
            #expect(server.port != 0)
            #expect(server.isRunning)
        }
    }

    @Test func getDecodesPathQueryAndHeaders() throws {
        try withServer(handler: echoHandler) { server in
            let response = try TestHTTP.request(port: server.port, "GET", "/a%20b/c?x=1&name=hello%20world&flag",
                                                headers: ["X-Custom-Thing": "Yes"])
            #expect(response.status == 200)
            #expect(response.headers["content-type"]?.hasPrefix("application/json") == true)
            #expect(response.headers["x-content-type-options"] == "nosniff")
            let json = try response.json()
            #expect(json["method"] as? String == "GET")
            #expect(json["path"] as? String == "/a b/c")
            let query = json["query"] as? [[String]] ?? []
            #expect(query == [["x", "1"], ["name", "hello world"], ["flag", ""]])
            let headers = json["headers"] as? [String: String] ?? [:]
            #expect(headers["x-custom-thing"] == "Yes")
            #expect(json["remote"] as? String == "127.0.0.1")
        }
    }

    @Test func postCarriesItsBody() throws {
        try withServer(handler: echoHandler) { server in
            let payload = Data(String(repeating: "0123456789", count: 100_000).utf8)  // 1 MB, many upload calls
            let response = try TestHTTP.request(port: server.port, "POST", "/upload", body: payload)
            let json = try response.json()
            #expect(response.status == 200)
            #expect(json["method"] as? String == "POST")
            #expect(json["bodyLength"] as? Int == payload.count)
        }
    }

    @Test func notFoundIsJSON() throws {
        try withServer(handler: echoHandler) { server in
            let response = try TestHTTP.request(port: server.port, "GET", "/missing")
            #expect(response.status == 404)
            let error = try response.json()["error"] as? [String: String]
            #expect(error?["code"] == "notFound")
        }
    }

    @Test func fiftyConcurrentRequests() throws {
        try withServer(handler: echoHandler) { server in
            let port = server.port
            let statuses = ConcurrentResults()
            let group = DispatchGroup()
            for index in 0..<50 {
                group.enter()
                Thread {
                    defer { group.leave() }
                    let response = try? TestHTTP.request(port: port, "POST", index % 2 == 0 ? "/slow" : "/fast",
                                                     body: Data("request \(index)".utf8))
                    let body = (try? response?.json())?["body"] as? String
                    statuses.add(response?.status == 200 && body == "request \(index)")
                }.start()
            }
            #expect(group.wait(timeout: .now() + 30) == .success)
            #expect(statuses.values.count == 50)
            #expect(statuses.values.allSatisfy { $0 })
        }
    }

    @Test func bodyOverTheLimitGets413AndTheServerKeepsAnswering() throws {
        var configuration = HTTPServerConfiguration(port: 0)
        configuration.maxBodySize = 1000
        try withServer(configuration, handler: echoHandler) { server in
            let big = try TestHTTP.request(port: server.port, "POST", "/upload", body: Data(count: 5000))
            #expect(big.status == 413)
            let error = try big.json()["error"] as? [String: Any]
            #expect(error?["code"] as? String == "tooLarge" && error?["reason"] as? String == "limit.requestBody")
            #expect((error?["args"] as? [String: Any])?["maxBytes"] as? Int == 1000)
            let small = try TestHTTP.request(port: server.port, "POST", "/upload", body: Data(count: 1000))
            #expect(small.status == 200)
        }
    }

    @Test func chunkedBodyOverTheLimitGets413() throws {
        var configuration = HTTPServerConfiguration(port: 0)
        configuration.maxBodySize = 1000
        try withServer(configuration, handler: echoHandler) { server in
            let socket = try TestSocket(port: server.port)
            let chunk = String(repeating: "a", count: 800)
            let request = "POST /upload HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "320\r\n\(chunk)\r\n320\r\n\(chunk)\r\n0\r\n\r\n"
            socket.write(Data(request.utf8))
            let response = try TestHTTP.parse(socket.readToEnd())
            #expect(response.status == 413)
            #expect(try TestHTTP.request(port: server.port, "GET", "/still-here").status == 200)
        }
    }

    @Test func oversizedHeadersAreRefused() throws {
        var configuration = HTTPServerConfiguration(port: 0)
        configuration.headerMemoryLimit = 8192
        try withServer(configuration, handler: echoHandler) { server in
            let response = try TestHTTP.request(port: server.port, "GET", "/",
                                                headers: ["X-Big": String(repeating: "b", count: 20_000)])
            #expect(response.status == 431 || response.status == 413)
            #expect(try TestHTTP.request(port: server.port, "GET", "/").status == 200)
        }
    }

    @Test func servesFiles() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("http-file-\(UUID().uuidString).txt").path
        try Data("file contents".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try withServer(handler: { _ in HTTPResponse(headers: [("Content-Type", "text/plain")], body: .file(path: path)) }) { server in
            let response = try TestHTTP.request(port: server.port, "GET", "/f")
            #expect(response.status == 200)
            #expect(response.text == "file contents")
            #expect(response.headers["content-length"] == "13")
        }
    }

    @Test func stoppedServerRefusesConnections() throws {
        let server = HTTPServer(configuration: HTTPServerConfiguration(port: 0), handler: echoHandler)
        try server.start()
        let port = server.port
        #expect(try TestHTTP.request(port: port, "GET", "/").status == 200)
        server.stop()
        #expect(!server.isRunning)
        #expect(throws: TestClientError.self) { _ = try TestSocket(port: port) }
    }

    @Test func badHostIsATypedError() {
        let server = HTTPServer(configuration: HTTPServerConfiguration(host: "not-an-address", port: 0), handler: echoHandler)
        #expect(throws: HTTPServerError.badHost("not-an-address")) { try server.start() }
    }

    @Test func portInUseIsATypedError() throws {
        try withServer(handler: echoHandler) { server in
            let second = HTTPServer(configuration: HTTPServerConfiguration(port: server.port), handler: echoHandler)
            #expect(throws: HTTPServerError.self) { try second.start() }
        }
    }
}

/// Collects values from concurrent test work.
final class ConcurrentResults: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Bool] = []
    func add(_ value: Bool) { lock.withLock { stored.append(value) } }
    var values: [Bool] { lock.withLock { stored } }
}

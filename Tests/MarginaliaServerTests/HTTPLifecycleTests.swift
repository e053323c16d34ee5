#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import MarginaliaServer

@Suite("HTTP server limits and lifecycle")
struct HTTPLifecycleTests {
    @Test func slowClientsAreDisconnected() throws {
        var configuration = HTTPServerConfiguration(port: 0)
        configuration.connectionTimeoutSeconds = 1
        try withServer(configuration, handler: echoHandler) { server in
            let socket = try TestSocket(port: server.port)
            socket.write(Data("GET / HTTP/1.1\r\nHost: x\r\n".utf8))  // and never the blank line
            let started = Date()
            let received = socket.readToEnd()
            #expect(received.isEmpty)
            #expect(Date().timeIntervalSince(started) < 5)
        }
    }

    @Test func connectionsOverTheLimitAreClosed() throws {
        let hub = StreamHub()
        var configuration = HTTPServerConfiguration(port: 0)
        configuration.threadCount = 1
        configuration.maxConnections = 2
        configuration.keepAliveInterval = 0.2  // how the server notices the streams' clients left
        try withServer(configuration, handler: hub.handler) { server in
            var streams: [TestSocket] = []
            for _ in 0..<2 {
                let socket = try TestSocket(port: server.port)
                socket.write(Data("GET /events HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
                #expect(socket.read(until: ": hello").contains(": hello"))
                streams.append(socket)
            }
            let third = try TestSocket(port: server.port, timeout: 3)
            third.write(Data("GET /plain HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
            #expect(third.readToEnd().isEmpty)
            streams.removeAll()  // two connections free up
            // Generous: the server's one thread notices the closed streams at its next keep-alive
            // write, which a machine busy with the rest of the suite can delay by seconds.
            let deadline = Date().addingTimeInterval(20)
            var answered = false
            while !answered && Date() < deadline {
                answered = (try? TestHTTP.request(port: server.port, "GET", "/plain"))?.status == 200
                if !answered { usleep(50_000) }
            }
            #expect(answered)
        }
    }

    @Test func stopFinishesRequestsInFlight() throws {
        // The handler says when it runs: on a loaded machine a fixed sleep before stopping
        // could come before the request even arrived.
        let entered = DispatchSemaphore(value: 0)
        let server = HTTPServer(configuration: HTTPServerConfiguration(port: 0)) { request in
            entered.signal()
            return await echoHandler(request)
        }
        try server.start()
        let port = server.port
        let results = ConcurrentResults()
        let done = DispatchSemaphore(value: 0)
        Thread {
            let response = try? TestHTTP.request(port: port, "GET", "/slow")
            results.add(response?.status == 200)
            done.signal()
        }.start()
        #expect(entered.wait(timeout: .now() + 30) == .success)
        usleep(20_000)  // the handler is sleeping now
        server.stop()
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(results.values == [true])
    }

    /// While `stop()` waits for a request in flight, a new request is answered 503 with the
    /// reason the editor says in its language (docs/api.md, Reasons).
    @Test func aRequestWhileStoppingIsAnswered503WithItsReason() throws {
        let entered = DispatchSemaphore(value: 0)
        let released = ConcurrentResults()
        let server = HTTPServer(configuration: HTTPServerConfiguration(port: 0)) { request in
            if request.path == "/hold" {
                entered.signal()
                while released.values.isEmpty { try? await Task.sleep(for: .milliseconds(5)) }
            }
            return HTTPResponse(status: 200, body: .data(Data("ok".utf8)))
        }
        try server.start()
        let port = server.port
        let held = DispatchSemaphore(value: 0)
        Thread {
            _ = try? TestHTTP.request(port: port, "GET", "/hold")
            held.signal()
        }.start()
        #expect(entered.wait(timeout: .now() + 30) == .success)
        let stopped = DispatchSemaphore(value: 0)
        Thread {
            server.stop()
            stopped.signal()
        }.start()
        // Until stop() has begun, requests are still served: ask until one is refused.
        var refusal: TestResponse?
        let deadline = Date().addingTimeInterval(30)
        while refusal == nil && Date() < deadline {
            let response = try TestHTTP.request(port: port, "GET", "/other")
            if response.status == 503 { refusal = response } else { usleep(5_000) }
        }
        released.add(true)
        let error = try #require(try refusal?.json()["error"] as? [String: Any])
        #expect(error["code"] as? String == "unavailable" && error["reason"] as? String == "unavailable.shuttingDown")
        #expect(held.wait(timeout: .now() + 30) == .success && stopped.wait(timeout: .now() + 30) == .success)
    }

    @Test func encodedNulIsNotDecoded() throws {
        try withServer(handler: echoHandler) { server in
            let json = try TestHTTP.request(port: server.port, "GET", "/ab?q=x%00y").json()
            #expect((json["query"] as? [[String]])?.first == ["q", "x%00y"])
            // In the path, where it would cut the C string, it is refused (RequestTarget).
            #expect(try TestHTTP.request(port: server.port, "GET", "/a%00b").status == 400)
        }
    }

    @Test func headRequestsGetNoBody() throws {
        try withServer(handler: { _ in .text("hello") }) { server in
            let response = try TestHTTP.request(port: server.port, "HEAD", "/")
            #expect(response.status == 200)
            #expect(response.body.isEmpty)
        }
    }

    @Test func keepAliveConnectionsServeSeveralRequests() throws {
        try withServer(handler: echoHandler) { server in
            let socket = try TestSocket(port: server.port)
            socket.write(Data("GET /one HTTP/1.1\r\nHost: x\r\n\r\nGET /two HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
            let text = String(decoding: socket.readToEnd(), as: UTF8.self)
            #expect(text.contains("\"path\":\"\\/one\"") || text.contains("\"path\":\"/one\""))
            #expect(text.contains("\"path\":\"\\/two\"") || text.contains("\"path\":\"/two\""))
        }
    }
}

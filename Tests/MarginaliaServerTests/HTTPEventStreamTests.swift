#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import MarginaliaServer

/// Hands out event streams to a test, which pushes to them after the clients connected.
final class StreamHub: @unchecked Sendable {
    private let lock = NSLock()
    private var streams: [EventStream] = []
    var all: [EventStream] { lock.withLock { streams } }

    var handler: HTTPHandler {
        { [self] request in
            guard request.path == "/events" else { return .text("plain") }
            let stream = EventStream()
            stream.comment("hello")
            lock.withLock { streams.append(stream) }
            return .events(stream)
        }
    }

    func waitForStreams(_ count: Int, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while all.count < count {
            if Date() > deadline { return false }
            usleep(2_000)
        }
        return true
    }
}

@Suite("Server-sent events")
struct HTTPEventStreamTests {
    @Test func eventsPushedAfterConnectingArrive() throws {
        let hub = StreamHub()
        try withServer(handler: hub.handler) { server in
            let socket = try TestSocket(port: server.port)
            socket.write(Data("GET /events HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            let head = socket.read(until: ": hello")
            #expect(head.contains("200"))
            #expect(head.lowercased().contains("content-type: text/event-stream"))
            #expect(hub.waitForStreams(1))
            usleep(50_000)  // let the connection suspend with nothing to send
            let stream = try #require(hub.all.first)
            #expect(stream.send(event: "operation", id: "7", data: "{\"a\":1}\nsecond line"))
            let text = socket.read(until: "second line\n\n")
            #expect(text.contains("id: 7\nevent: operation\ndata: {\"a\":1}\ndata: second line\n\n"))
            stream.close()
            // The chunked body ends; the connection itself stays open for the next request.
            #expect(socket.read(until: "\r\n0\r\n\r\n").hasSuffix("\r\n0\r\n\r\n"))
        }
    }

    @Test func twoHundredConcurrentClients() throws {
        let hub = StreamHub()
        var configuration = HTTPServerConfiguration(port: 0)
        configuration.threadCount = 2
        try withServer(configuration, handler: hub.handler) { server in
            var sockets: [TestSocket] = []
            for _ in 0..<200 {
                let socket = try TestSocket(port: server.port)
                socket.write(Data("GET /events HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
                sockets.append(socket)
            }
            #expect(hub.waitForStreams(200))
            // Plain requests are still answered while 200 streams are open and idle.
            #expect(try TestHTTP.request(port: server.port, "GET", "/plain").text == "plain")
            for stream in hub.all { stream.send(event: "ping", data: "to everyone") }
            var received = 0
            for socket in sockets where socket.read(until: "data: to everyone\n\n").contains("data: to everyone") {
                received += 1
            }
            #expect(received == 200)
        }
    }

    @Test func clientGoingAwayIsNoticed() throws {
        let hub = StreamHub()
        var configuration = HTTPServerConfiguration(port: 0)
        configuration.keepAliveInterval = 0.1
        try withServer(configuration, handler: hub.handler) { server in
            let closed = ConcurrentResults()
            do {
                let socket = try TestSocket(port: server.port)
                socket.write(Data("GET /events HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
                _ = socket.read(until: ": hello")
                #expect(hub.waitForStreams(1))
                hub.all.first?.onClose { closed.add(true) }
            }  // the socket closes here
            let deadline = Date().addingTimeInterval(5)
            while closed.values.isEmpty && Date() < deadline { usleep(10_000) }
            #expect(closed.values == [true])
            #expect(hub.all.first?.isOpen == false)
            #expect(hub.all.first?.send(data: "late") == false)
        }
    }

    @Test func aClientThatDoesNotReadIsCutOff() {
        let stream = EventStream(maxPendingBytes: 100)
        #expect(stream.send(data: String(repeating: "x", count: 50)))
        #expect(!stream.send(data: String(repeating: "y", count: 60)))
        #expect(!stream.isOpen)
    }

    @Test func keepAliveCommentsAreSent() throws {
        let hub = StreamHub()
        var configuration = HTTPServerConfiguration(port: 0)
        configuration.keepAliveInterval = 0.1
        try withServer(configuration, handler: hub.handler) { server in
            let socket = try TestSocket(port: server.port)
            socket.write(Data("GET /events HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            #expect(socket.read(until: ": keep-alive").contains(": keep-alive\n\n"))
        }
    }

    @Test func stopClosesOpenStreams() throws {
        let hub = StreamHub()
        let server = HTTPServer(configuration: HTTPServerConfiguration(port: 0), handler: hub.handler)
        try server.start()
        let socket = try TestSocket(port: server.port)
        socket.write(Data("GET /events HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        _ = socket.read(until: ": hello")
        #expect(hub.waitForStreams(1))
        let started = Date()
        server.stop()
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(hub.all.first?.isOpen == false)
    }
}

#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import MarginaliaServer

/// The request deadlines (``ConnectionDeadlines``): a client that trickles its request is
/// closed even though it never falls silent, while other clients keep being answered.
@Suite("HTTP request deadlines (slowloris)")
struct ConnectionDeadlinesTests {
    private func configuration() -> HTTPServerConfiguration {
        var configuration = HTTPServerConfiguration(port: 0)
        configuration.connectionTimeoutSeconds = 30  // silence alone would never close them
        configuration.requestHeaderTimeoutSeconds = 2
        configuration.minimumBodyRate = 1024
        return configuration
    }

    /// Writes `line` every half second until the server closes; the seconds that took, or nil.
    private func trickle(_ socket: TestSocket, _ start: String, _ line: String, for limit: Double) -> Double? {
        let started = Date()
        guard socket.write(Data(start.utf8)) else { return 0 }
        while Date().timeIntervalSince(started) < limit {
            usleep(500_000)
            if !socket.write(Data(line.utf8)) || socket.peerClosed() { return Date().timeIntervalSince(started) }
        }
        return nil
    }

    @Test func tricklingHeadersAreClosedAtTheDeadline() throws {
        try withServer(configuration(), handler: echoHandler) { server in
            let slow = try TestSocket(port: server.port)
            let closedAfter = trickle(slow, "GET / HTTP/1.1\r\nHost: x\r\n", "X-Slow: 1\r\n", for: 15)
            let seconds = try #require(closedAfter, "a trickling header was never closed")
            #expect(seconds >= 1.5 && seconds < 8)
            #expect(try TestHTTP.request(port: server.port, "GET", "/after").status == 200)
        }
    }

    @Test func tricklingBodiesAreClosedAtTheDeadline() throws {
        try withServer(configuration(), handler: echoHandler) { server in
            let slow = try TestSocket(port: server.port)
            let head = "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n"
            let closedAfter = trickle(slow, head, "a", for: 15)
            let seconds = try #require(closedAfter, "a trickling body was never closed")
            #expect(seconds >= 1.5 && seconds < 10)
        }
    }

    @Test func aTrickledSecondRequestOnAKeptAliveConnectionIsClosed() throws {
        var configuration = configuration()
        configuration.connectionTimeoutSeconds = 2
        try withServer(configuration, handler: echoHandler) { server in
            let socket = try TestSocket(port: server.port)
            socket.write(Data("GET /first HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            #expect(socket.read(until: "\"path\"").contains("200 OK"))
            // Never silent, so the idle timeout never fires: the deadline (one idle timeout
            // plus the header time after the response) closes it.
            let closedAfter = trickle(socket, "GET /second HTTP/1.1\r\n", "X-Slow: 1\r\n", for: 20)
            let seconds = try #require(closedAfter, "a trickled second request was never closed")
            #expect(seconds >= 2 && seconds < 10)
        }
    }

    @Test func aSteadyUploadIsNotCut() throws {
        try withServer(configuration(), handler: echoHandler) { server in
            let socket = try TestSocket(port: server.port)
            let size = 16 * 1024
            socket.write(Data("POST /upload HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: \(size)\r\n\r\n".utf8))
            // 4 KiB/s for four seconds: past the 2 s allowance, but above the minimum rate.
            for _ in 0..<8 {
                #expect(socket.write(Data(repeating: 0x61, count: size / 8)))
                usleep(500_000)
            }
            let response = try TestHTTP.parse(socket.readToEnd())
            #expect(response.status == 200)
            #expect(try response.json()["bodyLength"] as? Int == size)
        }
    }

    @Test func eventStreamsHaveNoDeadline() throws {
        let hub = StreamHub()
        try withServer(configuration(), handler: hub.handler) { server in
            let stream = try TestSocket(port: server.port)
            stream.write(Data("GET /events HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            #expect(stream.read(until: ": hello").contains(": hello"))
            usleep(4_000_000)
            #expect(!stream.peerClosed())
        }
    }
}

extension TestSocket {
    /// Whether the peer has closed (a non-blocking peek sees end of file or an error).
    func peerClosed() -> Bool {
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        if count == 0 { return true }
        return count < 0 && errno != EAGAIN && errno != EWOULDBLOCK
    }
}

import Foundation
import Marginalia
import Testing
@testable import MarginaliaServer

@Suite("Presence: who has a document open")
struct APIPresenceTests {
    private func viewers(_ port: UInt16, _ id: String) throws -> [[String: Any]] {
        let answer = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/presence").json()
        #expect(answer["version"] as? Int == 1)
        return try #require(answer["viewers"] as? [[String: Any]])
    }

    @Test func streamsThatNameAClientAreSeenByTheOthersUntilTheyClose() throws {
        // A closed stream is noticed at its next keep-alive.
        try withRealAPI(keepAlive: 0.2) { port, _ in
            let upload = try TestHTTP.request(port: port, "POST", "/api/v1/documents?name=p.pdf", body: try SampleDocument.make())
            let id = try #require(try upload.json()["id"] as? String)
            #expect(try viewers(port, id).isEmpty)

            let ada = try TestSocket(port: port)
            ada.write(Data("GET /api/v1/documents/\(id)/events?client=tab-ada&name=Ada%20L. HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            // Its own stream tells it who is there: itself.
            let first = ada.read(until: "\"tab-ada\"")
            #expect(first.contains("event: presence\ndata: {"))
            // A stream without a client is not a viewer.
            let anonymous = try TestSocket(port: port)
            anonymous.write(Data("GET /api/v1/documents/\(id)/events HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            _ = anonymous.read(until: ": document")
            do {
                let grace = try TestSocket(port: port)
                grace.write(Data("GET /api/v1/documents/\(id)/events?client=tab-grace&name=Grace HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
                #expect(ada.read(until: "\"tab-grace\"").contains("\"name\":\"Grace\""))
                let both = try viewers(port, id)
                #expect(both.map { $0["clientId"] as? String } == ["tab-ada", "tab-grace"])
                #expect(both.map { $0["name"] as? String } == ["Ada L.", "Grace"])
                #expect(both.allSatisfy { ($0["since"] as? String)?.hasSuffix("Z") == true })
            }
            // Grace's socket closed: Ada hears (a third presence event) that only she is left.
            let events = ada.read(until: "event: presence", count: 3).components(separatedBy: "event: presence")
            #expect(events.count == 4)
            let left = events.last ?? ""
            #expect(left.contains("\"viewers\":[{\"clientId\":\"tab-ada\",\"name\":\"Ada L.\",\"since\":"))
            #expect(!left.contains("tab-grace"))
            let deadline = Date().addingTimeInterval(5)
            while try viewers(port, id).count > 1, Date() < deadline { usleep(20_000) }
            #expect(try viewers(port, id).map { $0["clientId"] as? String } == ["tab-ada"])
        }
    }

    @Test func aTabThatSaysItLeftIsGoneAtOnceAndAReconnectReplacesItsEntry() throws {
        try withRealAPI { port, _ in
            let upload = try TestHTTP.request(port: port, "POST", "/api/v1/documents?name=p.pdf", body: try SampleDocument.make())
            let id = try #require(try upload.json()["id"] as? String)
            let ada = try TestSocket(port: port)
            ada.write(Data("GET /api/v1/documents/\(id)/events?client=tab-ada HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            _ = ada.read(until: "\"tab-ada\"")
            let grace = try TestSocket(port: port)
            grace.write(Data("GET /api/v1/documents/\(id)/events?client=tab-grace&name=G HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            _ = ada.read(until: "\"tab-grace\"")
            // Grace changes her name: her tab reconnects; her old stream is still open.
            let renamed = try TestSocket(port: port)
            renamed.write(Data("GET /api/v1/documents/\(id)/events?client=tab-grace&name=Grace HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            _ = ada.read(until: "\"name\":\"Grace\"")
            #expect(try viewers(port, id).map { $0["name"] as? String } == [nil, "Grace"])
            // She closes the tab: the beacon removes her though both sockets are still open.
            let left = try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/presence/leave?client=tab-grace")
            #expect(left.status == 200)
            #expect(try viewers(port, id).map { $0["clientId"] as? String } == ["tab-ada"])
            let events = ada.read(until: "event: presence", count: 4).components(separatedBy: "event: presence")
            #expect(events.last?.contains("tab-grace") == false)
            #expect(try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/presence/leave").status == 400)
            withExtendedLifetime((grace, renamed)) {}
        }
    }

    @Test func aBadClientIdIsRefused() throws {
        try withRealAPI { port, _ in
            let upload = try TestHTTP.request(port: port, "POST", "/api/v1/documents?name=p.pdf", body: try SampleDocument.make())
            let id = try #require(try upload.json()["id"] as? String)
            let bad = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/events?client=a%20b")
            #expect(bad.status == 400)
            #expect(String(decoding: bad.body, as: UTF8.self).contains("not a client id"))
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents/0123456789abcdef0123456789abcdef/presence").status == 404)
        }
    }
}

import Foundation
import Testing
@testable import MarginaliaServer

/// What the server decides when a request's header has arrived (the libmicrohttpd callback and
/// the HTTP fuzz target share it), and the request the handler then sees.
@Suite struct RequestHeadTests {
    @Test func theTargetIsReadOnceAndTheMethodDefaultsToGET() {
        guard case .accepted(let head) = RequestHead.read(method: nil, target: "/app/../api/v1/documents",
                                                          contentLength: nil, maxBodySize: 100) else {
            Issue.record("refused")
            return
        }
        #expect(head == RequestHead(method: "GET", path: "/api/v1/documents"))
    }

    @Test(arguments: ["x/api/v1/documents", "http://host/api/v1/documents", "/a%00b", "/../etc/passwd"])
    func aBadTargetIsAnswered400NamingIt(target: String) throws {
        guard case .answered(let response) = RequestHead.read(method: "GET", target: target, contentLength: "5",
                                                               maxBodySize: 100) else {
            Issue.record("accepted \(target)")
            return
        }
        #expect(response.status == 400)
        #expect(try errorMessage(response).contains("request"))
    }

    @Test func aDeclaredLengthOverTheLimitIsReadAndDroppedBeforeIts413() {
        // The answer waits for the body: a browser still sending would see a reset, not the 413.
        guard case .dropped(let head) = RequestHead.read(method: "POST", target: "/api/v1/documents",
                                                         contentLength: "101", maxBodySize: 100) else {
            Issue.record("not dropped")
            return
        }
        #expect(head == RequestHead(method: "POST", path: "/api/v1/documents"))
    }

    @Test func aDeclaredLengthBeyondWhatIsDroppedIsAnswered413NamingTheLimitAtOnce() throws {
        guard case .answered(let response) = RequestHead.read(method: "POST", target: "/api/v1/documents",
                                                               contentLength: String(RequestHead.maxDropped + 1),
                                                               maxBodySize: 100) else {
            Issue.record("not answered")
            return
        }
        #expect(response.status == 413)
        #expect(try errorMessage(response).contains("limit of 100 bytes"))
        // The reason the editor says in the user's language (docs/api.md, Reasons).
        let error = try errorObject(response)
        #expect(error["code"] as? String == "tooLarge" && error["reason"] as? String == "limit.requestBody")
        let args = error["args"] as? [String: Any]
        #expect(args?.count == 2 && args?["maxBytes"] as? Int == 100 && args?["option"] as? String == "--max-body")
    }

    @Test func anUploadOverItsLimitIsAnsweredWithTheUploadReason() throws {
        let error = try errorObject(RequestHead.tooLarge(upload: 8192))
        #expect(error["reason"] as? String == "limit.upload")
        let args = error["args"] as? [String: Any]
        #expect(args?.count == 2 && args?["maxBytes"] as? Int == 8192 && args?["option"] as? String == "--max-upload")
    }

    @Test func headerNamesAreLowercasedAndRepeatedFieldsJoined() {
        let head = RequestHead(method: "GET", path: "/")
        let request = head.request(queryItems: [("a", "1")], headerFields: [("Accept", "a"), ("ACCEPT", "b"), ("X-One", "1")],
                                   body: Data("x".utf8), remoteAddress: "::1")
        #expect(request.headers == ["accept": "a, b", "x-one": "1"])
        #expect(request.query("a") == "1" && request.body == Data("x".utf8) && request.remoteAddress == "::1")
    }

    private func errorMessage(_ response: HTTPResponse) throws -> String {
        try errorObject(response)["message"] as? String ?? ""
    }

    private func errorObject(_ response: HTTPResponse) throws -> [String: Any] {
        guard case .data(let data) = response.body,
              let object = try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]] else { return [:] }
        return object["error"] ?? [:]
    }
}

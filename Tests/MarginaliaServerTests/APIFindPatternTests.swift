import Foundation
import Marginalia
import Testing
@testable import MarginaliaServer

/// The document search's patterns (`regex=true`, `preset=email|phone`): the editor's "find and
/// mark every match" for redaction asks the server's engine this way (docs/api.md).
@Suite("Find by pattern over HTTP")
struct APIFindPatternTests {
    static func matches(_ port: UInt16, _ id: String, _ query: String) throws -> [String] {
        let answer = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/search?\(query)")
        #expect(answer.status == 200, "\(query): \(answer.status)")
        let matches = try #require(try answer.json()["matches"] as? [[String: Any]])
        #expect(matches.allSatisfy { ($0["quads"] as? [[Double]])?.first?.count == 8 }, "every match has its quads")
        return matches.map { "\($0["page"] as? Int ?? -1) \($0["text"] as? String ?? "")" }
    }

    @Test func presetsAndRegularExpressionsFindTheirMatchesPageByPage() throws {
        let place = try TestStore(.sqlite)
        defer { place.remove() }
        let pdf = try TextFixtures.pages(["Write to ann@example.org on 2024-01-15.", "Or call 555-123-4567, order 10.15.7."])
        try withRealAPI(service: try place.service()) { port, _ in
            let upload = try TestHTTP.request(port: port, "POST", "/api/v1/documents?name=two.pdf", body: pdf)
            let id = try #require(try upload.json()["id"] as? String)
            #expect(try Self.matches(port, id, "preset=email") == ["0 ann@example.org"])
            #expect(try Self.matches(port, id, "preset=phone") == ["1 555-123-4567"])
            #expect(try Self.matches(port, id, "preset=phone&from=1&limit=1") == ["1 555-123-4567"])
            // As for words, case is ignored unless caseSensitive=true.
            #expect(try Self.matches(port, id, "q=or%5Cw*&regex=true") == ["0 org", "1 Or", "1 order"])
            #expect(try Self.matches(port, id, "q=or%5Cw*&regex=true&caseSensitive=true") == ["0 org", "1 order"])
            #expect(try Self.matches(port, id, "q=or&regex=true&wholeWords=true&caseSensitive=false") == ["1 Or"])

            let unknown = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/search?preset=ssn")
            #expect(unknown.status == 400 && String(decoding: unknown.body, as: UTF8.self).contains("preset 'ssn'"))
            let broken = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/search?q=%28unclosed&regex=true")
            #expect(broken.status == 400 && String(decoding: broken.body, as: UTF8.self).contains("not a regular expression"))
            let long = String(repeating: "a", count: 1_001)
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/search?q=\(long)&regex=true").status == 400)
            // A preset needs no q, but one given is held to the limit all the same (the schema's maxLength).
            let withPreset = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/search?q=\(long)&preset=phone")
            #expect(withPreset.status == 400 && String(decoding: withPreset.body, as: UTF8.self).contains("at most 1000 characters"))
            #expect(try Self.matches(port, id, "q=\(long.dropLast())&preset=phone") == ["1 555-123-4567"])
            let phrase = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/search?q=\(long)")
            #expect(phrase.status == 400 && String(decoding: phrase.body, as: UTF8.self).contains("this one has 1001"))
        }
    }
}

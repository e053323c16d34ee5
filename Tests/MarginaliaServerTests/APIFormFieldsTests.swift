import Foundation
import Marginalia
import Testing
@testable import MarginaliaServer

@Suite("API form fields over the real store")
struct APIFormFieldsTests {
    private func upload(_ port: UInt16) throws -> String {
        let upload = try TestHTTP.request(port: port, "POST", "/api/v1/documents?name=form.pdf", body: try SampleDocument.make())
        return try #require(try upload.json()["id"] as? String)
    }

    private func fields(_ port: UInt16, _ id: String) throws -> [[String: Any]] {
        let response = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/fields")
        #expect(response.status == 200)
        #expect(response.headers["x-marginalia-revision"] != nil)
        return try #require(try response.json()["fields"] as? [[String: Any]])
    }

    @Test func listsTheSampleFieldsWithHighlightAndEditable() throws {
        try withRealAPI { port, _ in
            let id = try upload(port)
            let response = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/fields")
            #expect(try response.json()["revision"] as? Int == 0)
            let list = try fields(port, id)
            let name = try #require(list.first { $0["name"] as? String == "name" })
            #expect(name["type"] as? String == "text")
            #expect(name["pageIndex"] as? Int == 1)
            #expect(name["highlight"] as? Bool == true)
            #expect(name["editable"] as? Bool == true)
            #expect((name["rect"] as? [Double])?.count == 4)
            #expect((name["widgets"] as? [[String: Any]])?.count == 1)
            let checkbox = try #require(list.first { $0["type"] as? String == "checkbox" })
            #expect(checkbox["value"] as? Bool == false)
            #expect(checkbox["onState"] is String)
        }
    }

    @Test func sameRecordAsTheCommandLine() throws {
        // The server adds two keys to the record `marginalia fields --json` prints; the rest
        // is the same value.
        let document = try PDFDocument(data: try SampleDocument.make())
        let form = try document.acroForm()
        for field in form.fields {
            guard case .object(let cli) = field.jsonRecord,
                  case .object(let api) = field.jsonRecord(highlightedBy: DefaultFormFieldPolicy()) else {
                Issue.record("not an object"); continue
            }
            #expect(Array(api.keys.prefix(cli.keys.count)) == cli.keys)
            let added = api.keys.dropFirst(cli.keys.count)
            #expect(Array(added.prefix(2)) == ["highlight", "editable"])
            #expect(added.count == 2 || field.type == .text || field.type == .list)
        }
    }

    @Test func fillingGoesThroughOperationsAndUndoes() throws {
        try withRealAPI { port, _ in
            let id = try upload(port)
            func post(_ body: String) throws -> TestResponse {
                try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/operations", body: Data(body.utf8))
            }
            let fill = try post(#"{"baseRevision":0,"clientId":"tab-1","operation":{"fillField":{"name":"name","before":"","after":"Ada"}}}"#)
            #expect(fill.status == 200)
            #expect(try fields(port, id).first { $0["name"] as? String == "name" }?["value"] as? String == "Ada")

            let unknown = try post(#"{"baseRevision":1,"clientId":"tab-1","operation":{"fillField":{"name":"nobody","before":"","after":"x"}}}"#)
            #expect(unknown.status == 422)
            let wrongType = try post(#"{"baseRevision":1,"clientId":"tab-1","operation":{"fillField":{"name":"subscribe","before":false,"after":["a"]}}}"#)
            #expect(wrongType.status == 422)

            #expect(try post(#"{"baseRevision":1,"clientId":"tab-1","undo":true}"#).status == 200)
            #expect(try fields(port, id).first { $0["name"] as? String == "name" }?["value"] as? String == "")
            let response = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/fields")
            #expect(try response.json()["revision"] as? Int == 2)
        }
    }

    @Test func answersTheSizeEachWidgetWouldDrawATypedValueAt() throws {
        try withRealAPI { port, _ in
            let id = try upload(port)
            let path = "/api/v1/documents/\(id)/fields/sizes"
            // The sample's name field's /DA names 11 points: the size whatever is typed.
            let typed = try TestHTTP.request(port: port, "GET", path + "?name=name&value=Ada%20Lovelace")
            #expect(typed.status == 200)
            #expect(typed.headers["x-marginalia-revision"] == "0")
            let answer = try typed.json()
            #expect(answer["name"] as? String == "name")
            let widgets = try #require(answer["widgets"] as? [[String: Any]])
            #expect(widgets.count == 1)
            #expect(widgets.first?["fontSize"] as? Double == 11)
            #expect(widgets.first?["pageIndex"] as? Int == 1)

            let unknown = try TestHTTP.request(port: port, "GET", path + "?name=nobody&value=x")
            #expect(unknown.status == 404)
            #expect(try unknown.json()["error"].flatMap { ($0 as? [String: Any])?["message"] as? String }?.contains("nobody") == true)
            #expect(try TestHTTP.request(port: port, "GET", path + "?value=x").status == 400)
            let long = String(repeating: "a", count: FontRoutes.maximumCharacters + 1)
            let tooLong = try TestHTTP.request(port: port, "GET", path + "?name=name&value=\(long)")
            #expect(tooLong.status == 413)
            #expect(try tooLong.json()["error"].flatMap { ($0 as? [String: Any])?["message"] as? String }?.hasPrefix("value:") == true)
        }
    }

    @Test func badIdAndMissingDocument() throws {
        try withRealAPI { port, _ in
            let malformed = try TestHTTP.request(port: port, "GET", "/api/v1/documents/nope/fields")
            #expect(malformed.status == 400)
            let missing = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(String(repeating: "a", count: 32))/fields")
            #expect(missing.status == 404)
        }
    }
}

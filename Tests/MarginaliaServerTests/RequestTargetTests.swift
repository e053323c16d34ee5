import Foundation
import Testing
@testable import MarginaliaServer

/// The one reading of a request target (issue 25): what access control and the router both see.
@Suite("Request targets")
struct RequestTargetTests {
    @Test(arguments: [
        ("/api/v1/documents", "/api/v1/documents"),
        ("/", "/"),
        ("/app/../api/v1/documents", "/api/v1/documents"),
        ("/app/./js/app.js", "/app/js/app.js"),
        ("/a/b/..", "/a/"),
        ("/a/b/.", "/a/b/"),
        ("/a/./b/../../c", "/c"),
        ("//api/v1/documents", "//api/v1/documents"),
        ("/api/v1/documents/", "/api/v1/documents/"),
        ("/app/js/app.js", "/app/js/app.js"),
        ("/a/.../..b/b../.c", "/a/.../..b/b../.c"),
        ("/a/x.y/../b", "/a/b"),
    ])
    func originFormIsReadWithItsDotSegmentsResolved(target: String, path: String) throws {
        #expect(try RequestTarget.read(target, method: "GET") == .path(path))
    }

    @Test(arguments: ["x/api/v1/documents", "*/api/v1/documents", "a/api/v1/documents/0123/file", "http://host/api/v1/documents",
                      "https://host/", "127.0.0.1:8080", "", "api", "/..", "/../etc/passwd", "/app/../../etc/passwd",
                      "/api%00/v1", "/a\\b", "/a\u{1}b", "/a\u{7f}b", "*"])
    func everythingElseIsRefused(target: String) {
        #expect(throws: RequestTarget.Refusal.self) { try RequestTarget.read(target, method: "GET") }
    }

    /// The byte scan for `%00` answers as Foundation's `contains("%00")` did.
    @Test(arguments: ["/a%00b", "/%00", "/a%%00", "/a%0%00", "/a%000", "/%0", "/a%0", "/a%01/00", "/a0%0", "/%20%30%30",
                      "/00%", "/é%00", "/%0é0", "/a/b%2500", "/plain/path"])
    func anEscapedNULIsFoundAsFoundationFindsIt(target: String) {
        #expect(RequestTarget.holdsEscapedNUL(target) == target.contains("%00"), "\(target)")
    }

    @Test func theAsteriskFormIsForOptionsOnly() throws {
        #expect(try RequestTarget.read("*", method: "OPTIONS") == .asterisk)
        #expect(throws: RequestTarget.Refusal.self) { try RequestTarget.read("*", method: "DELETE") }
    }

    @Test func aRefusalSaysWhatWasWrong() {
        do {
            _ = try RequestTarget.read("http://host/api", method: "GET")
            Issue.record("the absolute form was accepted")
        } catch {
            #expect(error.description.contains("absolute"))
        }
    }

    /// Access control and the router read the same path, so a target the router serves is one
    /// the check saw: without the token, nothing but the editor's own files.
    @Test(arguments: ["/api/v1/documents", "/nothing", "//api/v1/documents", "/API/v1/documents", "/api", "*"])
    func everyPathButTheEditorsFilesNeedsTheToken(path: String) {
        let access = AccessControl(token: "s3cret")
        #expect(access.check(HTTPRequest(method: "GET", path: path))?.status == 401)
        #expect(access.check(HTTPRequest(method: "GET", path: path, headers: ["authorization": "Bearer s3cret"])) == nil)
        #expect(access.check(HTTPRequest(method: "GET", path: path, headers: ["authorization": "Bearer s3creT"]))?.status == 401)
        #expect(access.check(HTTPRequest(method: "GET", path: path, headers: ["cookie": "marginalia_token=s3crex"]))?.status == 401)
        #expect(access.check(HTTPRequest(method: "GET", path: path, headers: ["cookie": "marginalia_token="]))?.status == 401)
        #expect(access.check(HTTPRequest(method: "GET", path: path, headers: ["cookie": "a=1; marginalia_token=s3cret"])) == nil)
    }

    @Test(arguments: ["/", "/index.html", "/app/js/app.js", "/vendor/pdfjs/pdf.mjs", "/vendor/pdfjs/cmaps/UniJIS-UCS2-H.bcmap"])
    func theEditorsOwnFilesAreOpen(path: String) {
        #expect(AccessControl(token: "s3cret").check(HTTPRequest(method: "GET", path: path)) == nil)
    }
}

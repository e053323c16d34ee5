import Foundation
import Testing
@testable import MarginaliaServer

@Suite("Token access and static files")
struct APIAccessAndStaticTests {
    @Test func tokenIsRequiredOnTheAPI() throws {
        try withFakeAPI(token: "s3cret") { port, _ in
            let refused = try TestHTTP.request(port: port, "GET", "/api/v1/documents")
            #expect(refused.status == 401)
            #expect((try refused.json()["error"] as? [String: String])?["code"] == "unauthorized")
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents", headers: ["Authorization": "Bearer wrong"]).status == 401)
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents", headers: ["Authorization": "Bearer s3cret"]).status == 200)
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents", headers: ["Cookie": "a=b; marginalia_token=s3cret"]).status == 200)
            // Static files need no token (the page itself holds no data).
            #expect(try TestHTTP.request(port: port, "GET", "/").status == 200)
        }
    }

    @Test func tokenInTheAddressSetsTheCookieAndRedirects() throws {
        try withFakeAPI(token: "s3cret") { port, _ in
            let response = try TestHTTP.request(port: port, "GET", "/?token=s3cret")
            #expect(response.status == 303)
            #expect(response.headers["location"] == "/")
            let cookie: String = response.headers["set-cookie"] ?? ""
            #expect(cookie.hasPrefix("marginalia_token=s3cret"))
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Strict"))
            #expect(try TestHTTP.request(port: port, "GET", "/?token=nope").status == 401)
        }
    }

    @Test func noTokenMeansOpenAPI() throws {
        try withFakeAPI { port, _ in
            let response = try TestHTTP.request(port: port, "GET", "/api/v1/documents")
            #expect(response.status == 200)
        }
    }

    @Test func indexAndAppFilesWithSecurityHeaders() throws {
        try withFakeAPI { port, _ in
            let index = try TestHTTP.request(port: port, "GET", "/")
            #expect(index.status == 200)
            #expect(index.text.contains("<title>Marginalia</title>"))
            #expect(index.headers["content-type"] == "text/html; charset=utf-8")
            #expect(index.headers["content-security-policy"] == StaticFiles.contentSecurityPolicy)
            #expect(index.headers["x-content-type-options"] == "nosniff")
            let script = try TestHTTP.request(port: port, "GET", "/app/js/app.js")
            #expect(script.status == 200)
            #expect(script.headers["content-type"] == "text/javascript; charset=utf-8")
            #expect(script.headers["x-content-type-options"] == "nosniff")
        }
    }

    @Test(arguments: ["/app/../index.html", "/app/js/../../etc/passwd", "/app/%2e%2e/%2e%2e/etc/passwd",
                      "/app/js/app.js%00.png", "/app/js", "/app/", "/app//etc/passwd", "/vendor/pdfjs/../../../../etc/passwd",
                      "/app/js%2fapp.js%5c..", "/app/./index.html"])
    func traversalIsImpossible(path: String) throws {
        try withFakeAPI { port, _ in
            let response = try TestHTTP.request(port: port, "GET", path)
            #expect(response.status == 404)
            #expect(!response.text.contains("root:"))
        }
    }

    @Test func resolveKeepsInsideTheRoot() {
        #expect(StaticFiles.resolve("../x", under: "/tmp") == nil)
        #expect(StaticFiles.resolve("a/../../x", under: "/tmp") == nil)
        #expect(StaticFiles.resolve("a\0b", under: "/tmp") == nil)
        #expect(StaticFiles.resolve("", under: "/tmp") == nil)
    }

    @Test func pdfjsIsServedFromDebiansBuild() throws {
        let path = "/usr/share/javascript/pdf/build/pdf.js"
        guard FileManager.default.fileExists(atPath: path) else { return }
        try withFakeAPI { port, _ in
            let response = try TestHTTP.request(port: port, "GET", "/vendor/pdfjs/pdf.js")
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "text/javascript; charset=utf-8")
            #expect(response.text.contains("pdfjsLib"))
        }
    }
}

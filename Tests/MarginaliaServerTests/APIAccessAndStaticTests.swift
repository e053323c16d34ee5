import Foundation
import Testing
@testable import MarginaliaServer

@Suite("Token access and static files")
struct APIAccessAndStaticTests {
    @Test func tokenIsRequiredOnTheAPI() throws {
        try withRealAPI(token: "s3cret") { port, _ in
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

    /// A wrong token of the token's own length, in each place a token is read: a comparison
    /// that stopped at the length (or a cookie taken for being there) let these in (issue 30).
    @Test func aWrongTokenOfTheSameLengthIsRefusedEverywhere() throws {
        try withRealAPI(token: "s3cret") { port, _ in
            for wrong in ["s3creT", "xxxxxx", "S3CRET"] {
                #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents", headers: ["Authorization": "Bearer \(wrong)"]).status == 401)
                #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents", headers: ["Cookie": "marginalia_token=\(wrong)"]).status == 401)
            }
            for cookie in ["marginalia_token=", "marginalia_token=s3cret2", "marginalia_token=3cret", "other=s3cret"] {
                #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents", headers: ["Cookie": cookie]).status == 401, "\(cookie)")
            }
            let address = try TestHTTP.request(port: port, "GET", "/?token=s3creT")
            #expect(address.status == 401)
            #expect(address.headers["set-cookie"] == nil)
        }
    }

    @Test func tokenInTheAddressSetsTheCookieAndRedirects() throws {
        try withRealAPI(token: "s3cret") { port, _ in
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
        try withRealAPI { port, _ in
            let response = try TestHTTP.request(port: port, "GET", "/api/v1/documents")
            #expect(response.status == 200)
        }
    }

    @Test func indexAndAppFilesWithSecurityHeaders() throws {
        try withRealAPI { port, _ in
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

    /// Refused as targets (400: a `..` above the root, a NUL, a backslash) or not found (404):
    /// never a file outside the web folder. Dot segments are resolved before the static files
    /// see the path (``RequestTarget``), so `/app/js/../../etc/passwd` asks for `/etc/passwd`.
    @Test(arguments: ["/app/js/../../etc/passwd", "/app/%2e%2e/%2e%2e/etc/passwd",
                      "/app/js/app.js%00.png", "/app/js", "/app/", "/app//etc/passwd", "/vendor/pdfjs/../../../../etc/passwd",
                      "/vendor/pdfjs/standard_fonts/../../../../../etc/passwd", "/vendor/pdfjs/cmaps/../../etc/passwd",
                      "/vendor/pdfjs/cmaps/", "/vendor/pdfjs/standard_fonts",
                      "/app/js%2fapp.js%5c..", "/app/../../../etc/passwd"])
    func traversalIsImpossible(path: String) throws {
        try withRealAPI { port, _ in
            let response = try TestHTTP.request(port: port, "GET", path)
            #expect(response.status == 404 || response.status == 400)
            #expect(!response.text.contains("root:"))
        }
    }

    @Test(arguments: ["/app/../index.html", "/app/./index.html", "/vendor/../index.html"])
    func aDotSegmentIsResolvedBeforeTheFilesAreLookedUp(path: String) throws {
        try withRealAPI { port, _ in
            let response = try TestHTTP.request(port: port, "GET", path)
            #expect(response.status == 200)
            #expect(response.text.contains("<title>Marginalia</title>"))
        }
    }

    @Test func resolveKeepsInsideTheRoot() {
        #expect(StaticFiles.resolve("../x", under: "/tmp") == nil)
        #expect(StaticFiles.resolve("a/../../x", under: "/tmp") == nil)
        #expect(StaticFiles.resolve("a\0b", under: "/tmp") == nil)
        #expect(StaticFiles.resolve("", under: "/tmp") == nil)
    }

    @Test func pdfjsIsServedFromWhereInstallDepsPutsIt() throws {
        // scripts/install-deps.sh installs it (docs/editor-web.md, "pdf.js"): missing, it fails here.
        let library = StaticFiles.defaultPdfjsDirectory + "/pdf.mjs"
        try #require(FileManager.default.fileExists(atPath: library), "\(library) is missing: run scripts/install-deps.sh")
        try withRealAPI { port, _ in
            for name in ["pdf.mjs", "pdf.worker.mjs"] {
                let response = try TestHTTP.request(port: port, "GET", "/vendor/pdfjs/" + name)
                #expect(response.status == 200, "\(name)")
                #expect(response.headers["content-type"] == "text/javascript; charset=utf-8", "\(name)")
                #expect(response.text.contains("pdfjsVersion = \(StaticFiles.pdfjsVersion)"), "\(name)")  // its licence header
            }
            let decoder = try TestHTTP.request(port: port, "GET", "/vendor/pdfjs/wasm/openjpeg.wasm")
            #expect(decoder.status == 200)
            #expect(decoder.headers["content-type"] == "application/wasm")
            #expect(decoder.body.starts(with: [0, 0x61, 0x73, 0x6D]))  // "\0asm"
        }
    }

    /// The editor draws the standard 14 fonts from pdf.js's own font files, CJK text with its
    /// packed predefined CMaps and CMYK colours with its ICC profile (Web/js/pdfopen.js).
    @Test func pdfjsFontsCMapsAndProfileAreServed() throws {
        try withRealAPI { port, _ in
            let font = try TestHTTP.request(port: port, "GET", "/vendor/pdfjs/standard_fonts/FoxitSerif.pfb")
            #expect(font.status == 200)
            #expect(font.body.starts(with: [1, 0, 4]))  // a bare CFF font
            let truetype = try TestHTTP.request(port: port, "GET", "/vendor/pdfjs/standard_fonts/LiberationSans-Regular.ttf")
            #expect(truetype.status == 200)
            #expect(truetype.headers["content-type"] == "font/ttf")
            for name in ["UniJIS-UCS2-H", "GBK-EUC-H", "UniKS-UTF16-H"] {
                let cmap = try TestHTTP.request(port: port, "GET", "/vendor/pdfjs/cmaps/\(name).bcmap")
                #expect(cmap.status == 200, "\(name)")
                #expect(cmap.body.first.map { $0 >> 1 } == 1, "\(name)")  // pdf.js's packed format: a header byte of 2 or 3
            }
            let profile = try TestHTTP.request(port: port, "GET", "/vendor/pdfjs/iccs/CGATS001Compat-v2-micro.icc")
            #expect(profile.status == 200)
            #expect(Array(profile.body[36..<40]) == Array("acsp".utf8))  // ICC.1, 7.2.9
            #expect(try TestHTTP.request(port: port, "GET", "/vendor/pdfjs/cmaps/No-Such-CMap.bcmap").status == 404)
        }
    }

    /// Without pdf.js where the server looks, a request for it says what to run.
    @Test func aMissingPdfjsSaysHowToInstallIt() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-pdfjs-\(UUID().uuidString)").path
        let files = StaticFiles(webDirectory: try makeWebDirectory(), pdfjsDirectory: empty)
        let response = try #require(files.respond(to: HTTPRequest(method: "GET", path: "/vendor/pdfjs/pdf.mjs")))
        #expect(response.status == 404)
        guard case .data(let body) = response.body else { Issue.record("a 404 answers with a JSON body"); return }
        let error = try #require(try JSONSerialization.jsonObject(with: body) as? [String: [String: String]])["error"]
        let text = try #require(error?["message"])
        #expect(text.contains("pdf.js 6.4.299 is not installed in \(empty)"))
        #expect(text.contains("scripts/install-deps.sh"))
        #expect(text.contains("--pdfjs"))
        #expect(StaticFiles.pdfjsProblem(in: StaticFiles.defaultPdfjsDirectory) == nil)
    }
}

import Foundation
import Testing
@testable import MarginaliaServer

/// A 405 names the methods the path does take (RFC 9110 §15.5.6). Found by Schemathesis
/// (`scripts/api-fuzz.sh`, its `unsupported_method` check): `TRACE /api/v1/documents` and every
/// other path answered 405 without an `Allow` field.
@Suite struct MethodNotAllowedTests {
    private func router() -> Router {
        var router = Router()
        router.add("GET", "/api/v1/documents", needs: .view) { _, _ in .text("list") }
        router.add("POST", "/api/v1/documents", needs: .edit) { _, _ in .text("import") }
        router.add("DELETE", "/api/v1/documents/{id}", needs: .manage) { _, _ in .text("trash") }
        return router
    }

    @Test(arguments: [
        ("TRACE", "/api/v1/documents", "GET, POST, HEAD"),
        ("PUT", "/api/v1/documents", "GET, POST, HEAD"),
        ("GET", "/api/v1/documents/0123456789abcdef0123456789abcdef", "DELETE"),
    ])
    func aMethodThePathDoesNotTakeIsAnswered405WithAllow(method: String, path: String, allow: String) async {
        let response = await router().respond(to: HTTPRequest(method: method, path: path))
        #expect(response.status == 405)
        #expect(response.header("Allow") == allow)
    }

    @Test func aStaticFileAnswers405WithAllowToo() throws {
        let files = StaticFiles(webDirectory: try makeWebDirectory())
        let response = try #require(files.respond(to: HTTPRequest(method: "POST", path: "/")))
        #expect(response.status == 405)
        #expect(response.header("Allow") == "GET, HEAD")
    }

    @Test func anUnknownPathStays404WithoutAllow() async {
        let response = await router().respond(to: HTTPRequest(method: "TRACE", path: "/api/v1/nothing"))
        #expect(response.status == 404)
        #expect(response.header("Allow") == nil)
    }
}

/// The probes take `GET` and `HEAD`; found by Schemathesis's `unsupported_method` check:
/// `TRACE /healthz` fell through to the token check and answered 401 on a path that needs none.
@Suite struct ProbeMethodTests {
    private let probes = HealthEndpoints(storeKind: "sqlite") {}

    @Test(arguments: ["/healthz", "/readyz"])
    func anotherMethodOnAProbeIs405WithAllow(path: String) throws {
        let response = try #require(probes.respond(to: HTTPRequest(method: "TRACE", path: path)))
        #expect(response.status == 405)
        #expect(response.header("Allow") == "GET, HEAD")
        #expect(probes.respond(to: HTTPRequest(method: "HEAD", path: path))?.status == 200)
    }

    @Test func otherPathsAreLeftToTheApplication() {
        #expect(probes.respond(to: HTTPRequest(method: "TRACE", path: "/api/v1/documents")) == nil)
        #expect(probes.respond(to: HTTPRequest(method: "GET", path: "/healthz/x")) == nil)
    }
}

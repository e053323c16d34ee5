import Foundation
import Testing
@testable import MarginaliaServer

/// The token cookie's `Secure`, HSTS, and the plain-HTTP listener's 308 (docs/deploy.md).
@Suite("Transport security")
struct TransportSecurityTests {
    private func answer(_ transport: TransportSecurity, _ headers: [String: String] = [:]) async -> HTTPResponse {
        let handler = transport.wrapping { _ in .text("ok") }
        return await handler(HTTPRequest(method: "GET", path: "/", headers: headers))
    }

    @Test func hstsOnEveryAnswerOverTLSAndNeverOverPlainHTTP() async {
        #expect(await answer(.tls(hstsMaxAge: 600)).header("Strict-Transport-Security") == "max-age=600")
        #expect(await answer(.plain).header("Strict-Transport-Security") == nil)
        // A forged X-Forwarded-Proto means nothing without --behind-tls-proxy.
        #expect(await answer(.plain, ["x-forwarded-proto": "https"]).header("Strict-Transport-Security") == nil)
    }

    @Test func behindAProxyHSTSFollowsXForwardedProto() async {
        let proxy = TransportSecurity.behindTLSProxy(hstsMaxAge: TransportSecurity.defaultHSTSMaxAge)
        #expect(await answer(proxy, ["x-forwarded-proto": "https"]).header("Strict-Transport-Security") == "max-age=31536000")
        #expect(await answer(proxy, ["x-forwarded-proto": "http"]).header("Strict-Transport-Security") == nil)
        #expect(await answer(proxy).header("Strict-Transport-Security") == nil)
        // The nearest proxy's value (the last) counts.
        #expect(await answer(proxy, ["x-forwarded-proto": "http, https"]).header("Strict-Transport-Security") != nil)
        #expect(await answer(proxy, ["x-forwarded-proto": "https, http"]).header("Strict-Transport-Security") == nil)
    }

    @Test(arguments: [(TransportSecurity.plain, false), (.tls(hstsMaxAge: 1), true), (.behindTLSProxy(hstsMaxAge: 1), true)])
    func theTokenCookieIsSecureOverHTTPS(transport: TransportSecurity, secure: Bool) {
        let access = AccessControl(token: "s3cret", securesCookie: transport.securesCookies)
        let response = access.check(HTTPRequest(method: "GET", path: "/", queryItems: [("token", "s3cret")]))
        let cookie = response?.header("Set-Cookie") ?? ""
        #expect(cookie.hasPrefix("marginalia_token=s3cret;"))
        #expect(cookie.hasSuffix("; Secure") == secure)
    }

    @Test func theRedirectKeepsHostPathAndQuery() {
        let redirect = HTTPSRedirect(fallbackHost: "0.0.0.0", httpsPort: 8443)
        let request = HTTPRequest(method: "POST", path: "/api/v1/documents/a b%/save",
                                  queryItems: [("q", "x&y=z"), ("flag", "")], headers: ["host": "pdf.example.org:8080"])
        let response = redirect.respond(to: request)
        #expect(response.status == 308)
        #expect(response.header("Location") == "https://pdf.example.org:8443/api/v1/documents/a%20b%25/save?q=x%26y%3Dz&flag")
        let standard = HTTPSRedirect(fallbackHost: "::1", httpsPort: 443)
        #expect(standard.location(for: HTTPRequest(method: "GET", path: "/", headers: ["host": "[::1]:80"])) == "https://[::1]/")
        // No Host, or one that is not a host name: the configured address.
        #expect(standard.location(for: HTTPRequest(method: "GET", path: "/x")) == "https://[::1]/x")
        #expect(standard.location(for: HTTPRequest(method: "GET", path: "/", headers: ["host": "evil\r\nSet-Cookie: a=b"]))
                == "https://[::1]/")
    }
}

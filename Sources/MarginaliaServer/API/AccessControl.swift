import Foundation

/// The token check for servers bound to a non-loopback address (docs/api.md, "Access").
///
/// Every request but those for the editor's own files must carry the token as
/// `Authorization: Bearer T` or the cookie `marginalia_token=T`. Opening the editor's page with
/// `?token=T` sets that cookie (HttpOnly, SameSite=Strict) and redirects to `/`, so the printed
/// URL logs a browser in once. Over HTTPS (``TransportSecurity``) the cookie is also `Secure`,
/// so a browser never sends it over plain HTTP.
public struct AccessControl: Sendable {
    /// The required token, or nil when none is required (loopback).
    public let token: String?
    /// Whether the token cookie carries `Secure`.
    public let securesCookie: Bool

    /// The cookie that carries the token.
    public static let cookieName = "marginalia_token"

    public init(token: String?, securesCookie: Bool = false) {
        self.token = token.flatMap { $0.isEmpty ? nil : $0 }
        self.securesCookie = securesCookie
    }

    /// A random 32-hex-digit token.
    public static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// The response that ends the request here (a redirect or a 401), or nil to go on.
    ///
    /// Everything needs the token but the editor's own files (``StaticFiles/serves(_:)``), which
    /// hold no document data: a path no route knows is refused like any other, so no spelling
    /// of a target can reach data around the check. `request.path` is the one reading of the
    /// target (``RequestTarget``) that the router sees too.
    public func check(_ request: HTTPRequest) -> HTTPResponse? {
        guard let token else { return nil }
        if StaticFiles.serves(request.path) {
            guard let offered = request.query("token") else { return nil }
            guard Self.same(offered, token) else {
                return .apiError(APIError.unauthorized("the token in the address is wrong"))
            }
            return HTTPResponse(status: 303, headers: [
                ("Location", "/"),
                ("Set-Cookie", "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict" + (securesCookie ? "; Secure" : "")),
                ("Cache-Control", "no-store"),
            ])
        }
        if let header = request.header("authorization"), header.lowercased().hasPrefix("bearer "),
           Self.same(String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces), token) {
            return nil
        }
        if let cookie = request.cookie(Self.cookieName), Self.same(cookie, token) {
            return nil
        }
        return .apiError(APIError.unauthorized(
            "this server needs its token: send 'Authorization: Bearer TOKEN' or open the printed URL with ?token="))
    }

    /// Compares in time that does not depend on where the strings differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}

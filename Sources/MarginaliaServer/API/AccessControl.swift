import Foundation

/// Who may send requests (docs/api.md, "Access", "People and roles" and "Tokens from your
/// backend").
///
/// With a JWT key (``JWTVerifier``) a token shaped like a JWT is checked against it first, and
/// the caller is the user it names; such a server then needs a token on every request, on
/// loopback too.
///
/// A store without users (``UserStore/hasUsers()``) works as before people existed: servers
/// bound to a non-loopback address need the one shared token, loopback needs none, and every
/// caller may do everything (``Caller/anyone``). Once the store has a user, every request but
/// those for the editor's own files must carry a user's token, whatever the address, and the
/// shared token is no longer accepted: the caller is that user, with their role.
///
/// A token travels as `Authorization: Bearer T` or the cookie `marginalia_token=T`. Opening
/// the editor's page with `?token=T` sets that cookie (HttpOnly, SameSite=Strict) and
/// redirects to `/`, so the printed URL logs a browser in once. Over HTTPS
/// (``TransportSecurity``) the cookie is also `Secure`, so a browser never sends it over
/// plain HTTP.
public struct AccessControl: Sendable {
    /// The shared token, or nil when none is required (loopback).
    public let token: String?
    /// Whether the token cookie carries `Secure`.
    public let securesCookie: Bool
    /// Where users are kept; nil for a server without them (route tests build one so).
    public let users: (any UserStore)?
    /// The check of JWTs signed by the operator's backend; nil when the server takes none.
    public let jwt: JWTVerifier?
    /// Where sign-ins through the editor's address are recorded.
    public let audit: AuditLog

    /// The cookie that carries the token.
    public static let cookieName = "marginalia_token"

    /// What ``decide(_:now:)`` found.
    public enum Decision: Sendable {
        /// Go on with this caller.
        case proceed(Caller)
        /// End the request with this answer (a redirect setting the cookie, a 401, a 503).
        case answer(HTTPResponse)
    }

    public init(token: String?, securesCookie: Bool = false, users: (any UserStore)? = nil, jwt: JWTVerifier? = nil,
                audit: AuditLog = AuditLog()) {
        self.audit = audit
        self.token = token.flatMap { $0.isEmpty ? nil : $0 }
        self.securesCookie = securesCookie
        self.users = users
        self.jwt = jwt
    }

    /// A random 32-hex-digit token.
    public static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// Whether the request may go on, and as whom.
    ///
    /// Everything needs a token but the editor's own files (``StaticFiles/serves(_:)``), which
    /// hold no document data: a path no route knows is refused like any other, so no spelling
    /// of a target can reach data around the check. `request.path` is the one reading of the
    /// target (``RequestTarget``) that the router sees too.
    public func decide(_ request: HTTPRequest, now: Date = Date()) -> Decision {
        let editorsFile = StaticFiles.serves(request.path)
        // The editor's own files hold no data: without a token to take, no store is asked.
        if editorsFile && request.query("token") == nil { return .proceed(.anyone) }
        do {
            if let jwt, let offered = editorsFile ? request.query("token") : Self.offeredToken(request),
               JWTVerifier.looksLikeJWT(offered) {
                do {
                    let caller = try jwt.verify(offered, now: now)
                    guard editorsFile else { return .proceed(caller) }
                    audit.record(.signIn, by: caller, detail: "jwt")
                    return .answer(settingCookie(offered))
                } catch {
                    throw APIError.unauthorized(error.description)
                }
            }
            if let users, try users.hasUsers() {
                return try signIn(request, users: users, now: now)
            }
            if jwt != nil, token == nil, !editorsFile {
                throw APIError.unauthorized("this server needs a token: a JWT signed by its operator's backend, as 'Authorization: Bearer JWT'")
            }
        } catch {
            return .answer(.apiError(error))
        }
        guard let token else { return .proceed(.anyone) }
        if StaticFiles.serves(request.path) {
            guard let offered = request.query("token") else { return .proceed(.anyone) }
            guard Self.same(offered, token) else {
                return .answer(.apiError(APIError.unauthorized("the token in the address is wrong")))
            }
            return .answer(settingCookie(token))
        }
        if let header = request.header("authorization"), header.lowercased().hasPrefix("bearer "),
           Self.same(String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces), token) {
            return .proceed(.anyone)
        }
        if let cookie = request.cookie(Self.cookieName), Self.same(cookie, token) {
            return .proceed(.anyone)
        }
        return .answer(.apiError(APIError.unauthorized(
            "this server needs its token: send 'Authorization: Bearer TOKEN' or open the printed URL with ?token=")))
    }

    /// The answer that ends the request here (a redirect, a 401), or nil to go on.
    public func check(_ request: HTTPRequest) -> HTTPResponse? {
        if case .answer(let response) = decide(request) { return response }
        return nil
    }

    /// The decision on a server with users: the offered token must be an active user's.
    private func signIn(_ request: HTTPRequest, users: any UserStore, now: Date) throws -> Decision {
        if StaticFiles.serves(request.path) {
            guard let offered = request.query("token") else { return .proceed(.anyone) }
            audit.record(.signIn, by: Caller(try user(offered, in: users, now: now)))
            return .answer(settingCookie(offered))
        }
        guard let offered = Self.offeredToken(request) else {
            throw APIError.unauthorized(
                "sign in: send 'Authorization: Bearer TOKEN' with a token from `marginalia users add`, or open the editor with ?token=TOKEN")
        }
        return .proceed(Caller(try user(offered, in: users, now: now)))
    }

    /// The active user whose token is `token`.
    ///
    /// - Throws: a 401 ``APIError`` saying whether the token is unknown, revoked or expired.
    private func user(_ token: String, in users: any UserStore, now: Date) throws -> UserRecord {
        guard let user = try users.user(tokenHash: TokenHash.of(token)) else {
            throw APIError.unauthorized("the token is no user's token on this server")
        }
        if user.revoked != nil { throw APIError.unauthorized("the token of user '\(user.name)' was revoked") }
        if let expires = user.expires, now >= expires {
            throw APIError.unauthorized("the token of user '\(user.name)' expired at \(ISO8601DateFormatter().string(from: expires))")
        }
        return user
    }

    /// The token of the `Authorization: Bearer` field, else of the cookie.
    static func offeredToken(_ request: HTTPRequest) -> String? {
        if let header = request.header("authorization"), header.lowercased().hasPrefix("bearer ") {
            let token = String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
            if !token.isEmpty { return token }
        }
        return request.cookie(Self.cookieName).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The redirect to `/` that sets the cookie to `token`.
    private func settingCookie(_ token: String) -> HTTPResponse {
        HTTPResponse(status: 303, headers: [
            ("Location", "/"),
            ("Set-Cookie", "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict" + (securesCookie ? "; Secure" : "")),
            ("Cache-Control", "no-store"),
        ])
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

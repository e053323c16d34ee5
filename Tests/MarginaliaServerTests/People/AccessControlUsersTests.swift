import Foundation
import Testing
@testable import MarginaliaServer

/// Signing in on a server whose store has users: a user's token, in the header, the cookie
/// or once in the address, makes the caller that user; the shared token no longer counts.
@Suite("Signing in as a user")
struct AccessControlUsersTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func access(_ users: any UserStore) throws -> AccessControl {
        _ = try users.addUser(UserRecord(name: "Ana", role: .commenter, created: now, expires: now.addingTimeInterval(60)),
                              tokenHash: TokenHash.of("ana-token"))
        _ = try users.addUser(UserRecord(name: "Ben", role: .admin, created: now), tokenHash: TokenHash.of("ben-token"))
        _ = try users.revokeUser("Ben", now: now)
        return AccessControl(token: "shared", users: users)
    }

    private func caller(_ decision: AccessControl.Decision) -> Caller? {
        if case .proceed(let caller) = decision { return caller }
        return nil
    }

    private func refusal(_ decision: AccessControl.Decision) -> String? {
        guard case .answer(let response) = decision, response.status == 401, case .data(let body) = response.body
        else { return nil }
        return String(decoding: body, as: UTF8.self)
    }

    @Test func aUsersTokenMakesTheCallerThatUser() throws {
        let place = try TestStore(.sqlite)
        defer { place.remove() }
        let access = try access(try #require(try place.open() as? any UserStore))
        let path = "/api/v1/documents"
        let bearer = HTTPRequest(method: "GET", path: path, headers: ["authorization": "Bearer ana-token"])
        #expect(caller(access.decide(bearer, now: now)) == Caller(name: "Ana", role: .commenter))
        let cookie = HTTPRequest(method: "GET", path: path, headers: ["cookie": "marginalia_token=ana-token"])
        #expect(caller(access.decide(cookie, now: now)) == Caller(name: "Ana", role: .commenter))
        #expect(refusal(access.decide(HTTPRequest(method: "GET", path: path), now: now))?.contains("sign in") == true)
        // The shared token, and a token once right, are no one's now.
        let shared = HTTPRequest(method: "GET", path: path, headers: ["authorization": "Bearer shared"])
        #expect(refusal(access.decide(shared, now: now))?.contains("no user's token") == true)
        let ben = HTTPRequest(method: "GET", path: path, headers: ["authorization": "Bearer ben-token"])
        #expect(refusal(access.decide(ben, now: now))?.contains("'Ben' was revoked") == true)
        #expect(refusal(access.decide(bearer, now: now.addingTimeInterval(60)))?.contains("'Ana' expired") == true)
        // On loopback too: no address is trusted once there are users.
        let loopbackAccess = AccessControl(token: nil, users: access.users)
        #expect(refusal(loopbackAccess.decide(HTTPRequest(method: "GET", path: path), now: now)) != nil)
    }

    @Test func theEditorsAddressSetsTheUsersCookie() throws {
        let place = try TestStore(.sqlite)
        defer { place.remove() }
        let access = try access(try #require(try place.open() as? any UserStore))
        let response = try #require(access.check(HTTPRequest(method: "GET", path: "/", queryItems: [("token", "ana-token")])))
        #expect(response.status == 303 && response.header("Set-Cookie")?.hasPrefix("marginalia_token=ana-token;") == true)
        let bad = access.decide(HTTPRequest(method: "GET", path: "/", queryItems: [("token", "shared")]), now: now)
        #expect(refusal(bad) != nil)
        #expect(caller(access.decide(HTTPRequest(method: "GET", path: "/app/js/app.js"), now: now)) == .anyone)
    }

    @Test func aStoreWithoutUsersKeepsTheSharedToken() throws {
        let place = try TestStore(.sqlite)
        defer { place.remove() }
        let access = AccessControl(token: "shared", users: try #require(try place.open() as? any UserStore))
        let shared = HTTPRequest(method: "GET", path: "/api/v1/documents", headers: ["authorization": "Bearer shared"])
        #expect(caller(access.decide(shared, now: now)) == .anyone)
    }
}

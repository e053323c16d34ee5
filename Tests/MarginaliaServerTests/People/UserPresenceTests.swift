import Foundation
import Testing
@testable import MarginaliaServer

/// Whether a store has users is asked before every request (``AccessControl``); the store
/// answers from ``UserPresence`` without a query while the answer cannot have changed, and a
/// first user added through another store object (another process: `marginalia users add`
/// beside a running server, or another replica) is seen by the very next request.
@Suite("Users present, known without a query")
struct UserPresenceTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: StoreKind.allCases) func theFirstUserAddedElsewhereIsSeenAtOnce(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let server = try #require(try place.open() as? any UserStore)
        let access = AccessControl(token: nil, users: server)
        let request = HTTPRequest(method: "GET", path: "/api/v1/documents")
        // No users: loopback needs no token, asked twice (the second answer from memory).
        for _ in 0..<2 {
            guard case .proceed(.anyone) = access.decide(request, now: now) else {
                Issue.record("a store without users let anyone in before")
                return
            }
        }
        let command = try #require(try place.open() as? any UserStore)
        _ = try command.addUser(UserRecord(name: "Ana", role: .editor, created: now), tokenHash: TokenHash.of("ana-token"))
        #expect(try server.hasUsers())
        guard case .answer(let refused) = access.decide(request, now: now) else {
            Issue.record("the request after the first user was added went on without a token")
            return
        }
        #expect(refused.status == 401)
        let signedIn = HTTPRequest(method: "GET", path: "/api/v1/documents", headers: ["authorization": "Bearer ana-token"])
        guard case .proceed(let caller) = access.decide(signedIn, now: now) else {
            Issue.record("Ana's token was refused")
            return
        }
        #expect(caller == Caller(name: "Ana", role: .editor))
    }

    /// The answer comes from memory: a user written into the catalogue behind the store's back
    /// (not through ``UserStore/addUser(_:tokenHash:)``, which announces it) is not seen until
    /// a user is announced, or the store is opened again.
    @Test func aFolderWithoutUsersIsNotQueriedAgainUntilOneIsAnnounced() throws {
        let place = try TestStore(.sqlite)
        defer { place.remove() }
        let folder = try #require(place.folderURL)
        let server = try #require(try place.open() as? SQLiteDocumentStore)
        #expect(try server.hasUsers() == false)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(SQLiteDocumentStore.usersFlagName).path))
        let behind = try SQLiteDatabase(path: folder.appendingPathComponent("catalogue.sqlite").path)
        try behind.run("INSERT INTO users (name, role, token_hash, created, expires, revoked) VALUES (?, 'reader', ?, ?, NULL, NULL)",
                       [.text("Cid"), .text(TokenHash.of("cid-token")), .real(now.timeIntervalSince1970)])
        #expect(try server.hasUsers() == false)
        #expect(try (try place.open() as? any UserStore)?.hasUsers() == true)  // a store opened now asks
        let command = try #require(try place.open() as? any UserStore)
        _ = try command.addUser(UserRecord(name: "Dan", role: .reader, created: now), tokenHash: TokenHash.of("dan-token"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(SQLiteDocumentStore.usersFlagName).path))
        #expect(try server.hasUsers())
    }
}

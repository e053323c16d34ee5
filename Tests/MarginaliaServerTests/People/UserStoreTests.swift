import Foundation
import Testing
@testable import MarginaliaServer

/// The people of a store (``UserStore``): kept in both stores, so that another store object
/// (a restart, or another replica) sees them; only the token's SHA-256 is stored.
@Suite("Users in the store")
struct UserStoreTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aTokenHashIsItsSHA256InHex() {
        // FIPS 180-2, appendix B.1: SHA-256("abc").
        #expect(TokenHash.of("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    /// A name's length counts code points, as the API's schema (JSON Schema's maxLength) does:
    /// ten letters under ten combining marks each are 110, too long.
    @Test func aNamesLengthCountsCodePoints() throws {
        let marked = String(repeating: "a" + String(repeating: "\u{0301}", count: 10), count: 10)
        #expect(marked.count == 10 && marked.unicodeScalars.count == 110)
        #expect(throws: PeopleError.self) { try PeopleError.validateName(marked) }
        let longest = String(repeating: "e\u{0301}", count: 50)
        #expect(try PeopleError.validateName(longest) == longest)
    }

    @Test(arguments: StoreKind.allCases) func usersAreSharedAddedOnceAndRevoked(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let first = try #require(try place.open() as? any UserStore)
        #expect(try first.hasUsers() == false)
        let ana = UserRecord(name: "Ana", role: .editor, created: now, expires: now.addingTimeInterval(86_400))
        _ = try first.addUser(ana, tokenHash: TokenHash.of("token-ana"))
        _ = try first.addUser(UserRecord(name: "Ben", role: .reader, created: now.addingTimeInterval(1)),
                              tokenHash: TokenHash.of("token-ben"))
        #expect(throws: PeopleError.userExists("Ana")) {
            try first.addUser(UserRecord(name: "Ana", role: .admin, created: now), tokenHash: TokenHash.of("another"))
        }

        let other = try #require(try place.open() as? any UserStore)
        #expect(try other.hasUsers())
        #expect(try other.users().map(\.name) == ["Ana", "Ben"])
        #expect(try other.user(tokenHash: TokenHash.of("token-ana")) == ana)
        #expect(try other.user(tokenHash: TokenHash.of("token-ana ")) == nil)
        let revoked = try other.revokeUser("Ben", now: now.addingTimeInterval(5))
        #expect(revoked.revoked == now.addingTimeInterval(5))
        // Revoking again keeps the first time.
        #expect(try first.revokeUser("Ben", now: now.addingTimeInterval(9)).revoked == now.addingTimeInterval(5))
        #expect(try first.user(tokenHash: TokenHash.of("token-ben"))?.isActive(at: now.addingTimeInterval(6)) == false)
        #expect(throws: PeopleError.noSuchUser("Cid")) { try first.revokeUser("Cid", now: now) }
    }

    @Test(arguments: StoreKind.allCases) func theStoreRefusesAnythingButAHash(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let users = try #require(try place.open() as? any UserStore)
        #expect(throws: StoreError.invalidRequest("a token hash must be 64 lowercase hexadecimal digits")) {
            try users.addUser(UserRecord(name: "Ana", role: .reader, created: now), tokenHash: "the-token-itself")
        }
        #expect(try users.hasUsers() == false)
    }

    @Test func anExpiredOrRevokedUserIsNotActive() {
        let user = UserRecord(name: "Ana", role: .reader, created: now, expires: now.addingTimeInterval(10))
        #expect(user.isActive(at: now.addingTimeInterval(9.9)) && user.state(at: now) == "active")
        #expect(!user.isActive(at: now.addingTimeInterval(10)) && user.state(at: now.addingTimeInterval(10)) == "expired")
        var revoked = user
        revoked.revoked = now
        #expect(!revoked.isActive(at: now) && revoked.state(at: now) == "revoked")
    }

    @Test func rolesIncludeTheOnesBefore() {
        #expect(Role.allCases.map { role in Permission.allCases.filter(role.grants).map(\.rawValue) } == [
            ["view"], ["view", "comment"], ["view", "comment", "edit"], ["view", "comment", "edit", "manage"],
        ])
        #expect(throws: PeopleError.unknownRole("owner")) { try Role(named: "owner") }
    }
}

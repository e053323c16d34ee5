import Foundation
import Testing
@testable import MarginaliaServer

/// `marginalia store migrate` carries the people (users with their token hashes, owners and
/// shares, the audit log with its ids, saved signatures) into PostgreSQL, and `store verify` finds a share that
/// differs.
@Suite("Store migration of people")
struct PeopleMigrationTests {
    @Test func usersSharesAndTheAuditLogAreCopiedAndChecked() throws {
        let source = try StoreMigrationTests.makeSource()
        defer { source.place.remove() }
        let store = try #require(try source.place.open() as? SQLiteDocumentStore)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        _ = try store.addUser(UserRecord(name: "ana", role: .editor, created: now, expires: now.addingTimeInterval(60)),
                              tokenHash: TokenHash.of("ana-token"))
        _ = try store.addUser(UserRecord(name: "ben", role: .reader, created: now), tokenHash: TokenHash.of("ben-token"))
        _ = try store.revokeUser("ben", now: now)
        try store.setOwner(of: source.uploads, to: "ana")
        try store.share(source.uploads, with: DocumentShares.everyone, as: .commenter)
        try store.appendAudit(AuditEntry(at: now, actor: "ana", action: .download, document: source.uploads))
        try store.appendAudit(AuditEntry(at: now, actor: nil, action: .purge, document: "0123456789abcdef0123456789abcdef",
                                         detail: "gone"))
        try store.addSavedSignature(SavedSignature(id: SavedSignature.makeID(), owner: "ana", kind: .initials, label: "A.S.",
                                                   drawing: .typed(text: "A.S.", font: "Z003"), created: now, modified: now),
                                    maxSaved: 20)
        try store.addSavedSignature(SavedSignature(id: SavedSignature.makeID(), owner: "ben", kind: .signature, label: "Signature",
                                                   drawing: .ink(padWidth: 360, padHeight: 120, strokes: [[[1, 2, 0.5, 0], [30.25, 40, 0.75, 0.01]]]),
                                                   created: now, modified: now.addingTimeInterval(5)),
                                    maxSaved: 20)
        let key = try TestPKCS12.key(3)
        try store.setCertificate(try UserCertificate.make(owner: "ana", pkcs12: try TestPKCS12.make(commonName: "Ana"),
                                                          password: TestPKCS12.password, key: key, now: now))
        store.close()

        let (target, copy, _) = try StoreMigrationTests.migrate(source)
        defer { target.remove() }
        let expected = try SQLiteDocumentStore(readingFrom: try #require(source.place.folderURL)).peopleSnapshot()
        #expect(expected.users.count == 2 && expected.shares.count == 2 && expected.audit.count == 2 && expected.savedSignatures.count == 2)
        #expect(try copy.peopleSnapshot() == expected)
        // The sealed certificate is copied as it is, and opens with the same operator key.
        #expect(expected.certificates.map(\.owner) == ["ana"])
        #expect(try copy.certificate(of: "ana")?.credential(with: key).password == TestPKCS12.password)
        #expect(try copy.user(tokenHash: TokenHash.of("ana-token"))?.name == "ana")
        // The next line continues the copied ids.
        #expect(try copy.appendAudit(AuditEntry(at: now, actor: "ana", action: .export)).id == 3)

        try copy.share(source.uploads, with: DocumentShares.everyone, as: .reader)
        let reading = try SQLiteDocumentStore(readingFrom: try #require(source.place.folderURL))
        #expect(throws: StoreDifference.people("shares: 2 row(s) against 2, or their values")) {
            try StoreMigration.verify(copy, against: reading)
        }
    }
}

import Foundation
import Testing
@testable import MarginaliaServer

/// A caller's role on one document (``DocumentShares/role(of:)``): admins everywhere, the
/// owner everything, others what was shared with them or everyone, capped by their own role.
@Suite("Roles on a shared document")
struct DocumentSharesTests {
    private let shares = DocumentShares(owner: "ana", grants: ["ben": .commenter, DocumentShares.everyone: .reader,
                                                               "cid": .admin])

    @Test(arguments: [
        (Caller(name: "root", role: .admin), Role?.some(.admin)),
        (Caller(name: "ana", role: .editor), .admin),
        (Caller(name: "ben", role: .editor), .commenter),
        (Caller(name: "cid", role: .commenter), .commenter),
        (Caller(name: "dee", role: .editor), .reader),
        (Caller.anyone, .admin),
    ])
    func roles(caller: Caller, expected: Role?) {
        #expect(shares.role(of: caller) == expected)
    }

    @Test func withoutEveryoneAStrangerHasNone() {
        var closed = shares
        closed.grants[DocumentShares.everyone] = nil
        #expect(closed.role(of: Caller(name: "dee", role: .editor)) == nil)
        #expect(DocumentShares().role(of: Caller(name: "dee", role: .commenter)) == .commenter)
    }

    @Test(arguments: StoreKind.allCases) func sharesAreKeptAndGoWithThePurgedDocument(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let store = try place.open()
        let sharing = try #require(store as? any SharingStore)
        let id = try store.createDocument(name: "doc", kind: .pdf, pdf: Fixtures.sample, pageCount: 3).id
        try sharing.setOwner(of: id, to: "ana")
        try sharing.share(id, with: "ben", as: .editor)
        try sharing.share(id, with: DocumentShares.everyone, as: .reader)
        try sharing.share(id, with: "ben", as: .commenter)
        #expect(throws: StoreError.invalidRequest("'ana' owns document \(id): an owner needs no share")) {
            try sharing.share(id, with: "ana", as: .reader)
        }
        let other = try #require(try place.open() as? any SharingStore)
        #expect(try other.shares(of: id) == DocumentShares(owner: "ana", grants: ["ben": .commenter, "*": .reader]))
        try other.share(id, with: "ben", as: nil)
        try other.setOwner(of: id, to: "cid")
        #expect(try sharing.shares(of: id) == DocumentShares(owner: "cid", grants: ["*": .reader]))
        _ = try store.setTrashed(id, true)
        try store.purge(id)
        #expect(try sharing.shares(of: id) == DocumentShares())
        #expect(throws: StoreError.notFound("document \(id)")) { try sharing.setOwner(of: id, to: "ana") }
    }
}

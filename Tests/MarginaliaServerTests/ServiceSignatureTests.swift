import Foundation
import Marginalia
import Testing
@testable import MarginaliaServer

/// What the service keeps of a signed document's signatures: a version restored must hold
/// every signature the document has (docs/signatures.md, "On the server").
@Suite("Document service: signatures")
struct ServiceSignatureTests {
    /// Version 1 the sample, version 2 the sample signed (an update appended, as signing does).
    private static func signedAfterTheFirstVersion(_ place: TestStore) throws -> String {
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        let signed = try ServiceRetentionTests.signedSample()
        #expect(signed.prefix(Fixtures.sample.count) == Fixtures.sample)
        _ = try service.store.saveVersion(id, bytes: signed, basedOn: 1, revision: 0,
                                          pageCount: try PDFDocument(data: signed).pageCount, now: Date())
        return id
    }

    @Test(arguments: StoreKind.allCases) func restoringAVersionWithoutTheSignatureIsRefused(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let id = try Self.signedAfterTheFirstVersion(place)
        let service = try place.service()
        #expect {
            try service.saving.restoreVersion(id, 1)
        } throws: { error in
            guard let refused = error as? ServiceError, refused.code == "conflict" else { return false }
            return refused.message.contains("Signature1") && refused.message.contains("version 1")
                && refused.reason == Reason(.restoreLosesSignatures, [("version", .number(1)), ("signatures", .string("Signature1"))])
        }
        #expect(try service.saving.versions(id).versions.map(\.number) == [1, 2])
        // The signed version itself holds the signature: it is restored.
        _ = try service.saving.restoreVersion(id, 2)
        #expect(try service.saving.versionData(id, 3) == service.saving.versionData(id, 2))
    }
}

import Foundation
import Marginalia
import Testing
@testable import MarginaliaServer

@Suite("Document service: the current file, built once per state")
struct ServiceCurrentFileTests {
    /// ``DocumentService/currentFile(_:)`` keeps the file it built until the state changes:
    /// each kind of change must show in the next file asked for.
    @Test(arguments: StoreKind.allCases) func theFileFollowsEveryChange(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        let shown = { try PDFDocument(data: service.saving.currentFile(id).data).annotations(onPage: 0).map(\.id) }
        let original = try shown()
        let first = try service.saving.currentFile(id)
        #expect(try service.saving.currentFile(id) == first)
        #expect(first.tag == Digest.entityTag(first.data))

        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a1")), base: 0))
        #expect(try shown() == original + ["a1"])
        _ = try service.editing.apply(id, Fixtures.request(.undo, base: 1))
        #expect(try shown() == original)
        _ = try service.editing.apply(id, Fixtures.request(.redo, base: 2))
        #expect(try shown() == original + ["a1"])
        let saved = try service.saving.save(id)
        let afterSave = try service.saving.currentFile(id)
        #expect(afterSave.storedLength == (try service.saving.versionData(id, saved.number)).count)
        #expect(try shown() == original + ["a1"])
        _ = try service.saving.restoreVersion(id, 1)
        #expect(try shown() == original)
        let restored = try service.saving.currentFile(id)
        #expect(restored.tag != afterSave.tag && restored.tag == Digest.entityTag(restored.data))
    }

    /// A range reader asks for a version piece by piece: the version is read once, and its
    /// tag is its bytes' digest.
    @Test func aVersionIsReadOnceForTheRequestsThatFollow() throws {
        let place = try TestStore(.sqlite)
        defer { place.remove() }
        let store = ControlledStore(try place.open())
        let service = DocumentService(store: store)
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a1")), base: 0))
        _ = try service.saving.save(id)
        let reads = store.versionReadCount
        let first = try service.saving.versionFile(id, 1)
        for _ in 0..<5 { #expect(try service.saving.versionFile(id, 1) == first) }
        #expect(store.versionReadCount == reads + 1)
        #expect(first.data == Fixtures.sample && first.tag == Digest.entityTag(first.data))
        let second = try service.saving.versionFile(id, 2)
        #expect(store.versionReadCount == reads + 2)
        #expect(second.data.starts(with: first.data) && second.tag != first.tag)
        #expect(throws: ServiceError.self) { try service.saving.versionFile(id, 3) }
    }
}

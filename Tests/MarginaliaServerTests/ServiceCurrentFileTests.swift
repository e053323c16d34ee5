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
        #expect(first.update.isEmpty && first.data == Fixtures.sample)

        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a1")), base: 0))
        #expect(try shown() == original + ["a1"])
        // The edit is an update after the stored bytes, which are served from where they lie.
        let edited = try service.saving.currentFile(id)
        #expect(edited.stored == Fixtures.sample && !edited.update.isEmpty && edited.tag != first.tag)
        #expect(edited.bytes(in: 0..<edited.count) == edited.data)
        #expect(edited.bytes(in: edited.storedLength - 3..<edited.storedLength + 3) == edited.data[(edited.storedLength - 3)..<(edited.storedLength + 3)])
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
        #expect(restored.tag != afterSave.tag && restored.update.isEmpty)
    }

    /// A range reader asks for a version piece by piece: the version is read once, and its
    /// tag is worked out from what names it, not from its bytes.
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
        let versionOne = try store.version(id, number: 1)
        #expect(first.data == Fixtures.sample && first.tag == DocumentSaving.versionTag(id, versionOne))
        let second = try service.saving.versionFile(id, 2)
        #expect(store.versionReadCount == reads + 2)
        #expect(second.data.starts(with: first.data) && second.tag != first.tag)
        #expect(throws: ServiceError.self) { try service.saving.versionFile(id, 3) }
    }

    /// A save appends only the update to the stored file: every earlier version stays its
    /// prefix, untouched, and what follows the latest version (an append whose version was
    /// never recorded) is cut off first.
    @Test func aSaveAppendsTheUpdateToTheStoredFile() throws {
        let place = try TestStore(.sqlite)
        defer { place.remove() }
        let store = try place.open()
        let service = DocumentService(store: store)
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a1")), base: 0))
        let update = try service.saving.currentFile(id).update
        let saved = try service.saving.save(id)
        #expect(try store.versionData(id, number: saved.number) == Fixtures.sample + update)
        // A torn append left behind: the next save cuts it off.
        let file = try #require(try store.versionFile(id, number: saved.number)).url
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("torn".utf8))
        try handle.close()
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a2")), base: 1))
        let second = try service.saving.currentFile(id).update
        let again = try service.saving.save(id)
        #expect(try Data(contentsOf: file) == Fixtures.sample + update + second)
        let reopened = try PDFDocument(data: store.versionData(id, number: again.number))
        #expect(try reopened.annotations(onPage: 0).map(\.id).suffix(2) == ["a1", "a2"])
        #expect(throws: StoreError.self) {
            try store.appendVersion(id, update: second, basedOn: saved.number, revision: 2, pageCount: 1, now: Date())
        }
    }
}

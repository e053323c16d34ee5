import Foundation
import Marginalia
import MarginaliaEditor
import Testing
@testable import MarginaliaServer

@Suite("Document service: organising pages, versions, deleting for good")
struct ServicePagesTests {
    func command(_ command: EditorCommand, base: Int, client: String = "tab-1") -> ApplyRequest {
        Fixtures.request(.command(command), base: base, client: client)
    }

    @Test func pagesInsertedFromAnotherDocumentReplayTheSameAfterItChanges() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var service = try DocumentService(directory: folder.url)
        let target = try service.catalogue.importDocument(name: "target", data: Fixtures.sample).id
        let source = try service.catalogue.importDocument(name: "source", data: Fixtures.sample).id
        // The source's unsaved edit is part of what is inserted.
        _ = try service.editing.apply(source, Fixtures.request(.operation(Fixtures.add("s1", page: 1)), base: 0))

        let inserted = try service.editing.apply(target, command(.insertPages(index: 3, source: .document(source), pages: [1]), base: 0))
        #expect(inserted.applied.count == 1)
        #expect(try service.editing.pages(target).count == 4)
        let copied = try service.annotationIDs(target, page: 3)
        #expect(copied.count == (try service.annotationIDs(source, page: 1)).count && !copied.contains("s1"))
        #expect(try (service.store as? SQLiteDocumentStore)?.uploadNumbers(target) == [1])

        // The source changes after; a restart replays the copy from the upload, same ids.
        _ = try service.editing.apply(source, Fixtures.request(.operation(Fixtures.add("s2", page: 1)), base: 1))
        service = try DocumentService(directory: folder.url)
        #expect(try service.annotationIDs(target, page: 3) == copied)

        // One undo takes the page away, redo brings the same page back.
        _ = try service.editing.apply(target, Fixtures.request(.undo, base: 1))
        #expect(try service.editing.pages(target).count == 3)
        _ = try service.editing.apply(target, Fixtures.request(.redo, base: 2))
        #expect(try service.annotationIDs(target, page: 3) == copied)

        #expect(throws: ServiceError.self) {
            try service.editing.apply(target, command(.insertPages(index: 0, source: .document(String(repeating: "a", count: 32)), pages: nil), base: 3))
        }
    }

    @Test func uploadsAreNumberedAndAnImageBecomesOnePage() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let service = try DocumentService(directory: folder.url)
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        let first = try service.editing.addUpload(id, data: Fixtures.sample)
        let second = try service.editing.addUpload(id, data: try Fixtures.image("palette.png"))
        #expect(first.upload == 1 && first.pageCount == 3 && second.upload == 2 && second.pageCount == 1)
        _ = try service.editing.apply(id, command(.insertPages(index: 0, source: .upload(2), pages: nil), base: 0))
        #expect(try service.editing.pages(id).count == 4)
        #expect(throws: ServiceError.unprocessable("command.source: upload 9 of document \(id) was not found")) {
            try service.editing.apply(id, command(.insertPages(index: 0, source: .upload(9), pages: nil), base: 1))
        }
        #expect(throws: ServiceError.self) { try service.editing.addUpload(id, data: Data("not a pdf".utf8)) }
    }

    @Test func pageCommandsAreOneStepAndAnotherClientsReorderBlocksUndo() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let service = try DocumentService(directory: folder.url)
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        let widths = try service.editing.pages(id).map(\.rotation)
        _ = try service.editing.apply(id, command(.rotatePages(pages: [0, 2], degrees: 90), base: 0, client: "tab-1"))
        #expect(try service.editing.pages(id).map(\.rotation) == [widths[0] + 90, widths[1], widths[2] + 90].map { $0 % 360 })
        _ = try service.editing.apply(id, command(.duplicatePages(pages: [0, 1], to: 3), base: 1, client: "tab-2"))
        #expect(try service.editing.pages(id).count == 5)
        let blocked = #expect(throws: ServiceError.self) { try service.editing.apply(id, Fixtures.request(.undo, base: 2, client: "tab-1")) }
        #expect(blocked?.code == "conflict")
        _ = try service.editing.apply(id, Fixtures.request(.undo, base: 2, client: "tab-2"))
        #expect(try service.editing.pages(id).count == 3)
    }

    @Test func extractingPagesMakesANewDocumentAndLeavesTheFirst() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let service = try DocumentService(directory: folder.url)
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("x", page: 2)), base: 0))
        let extracted = try service.catalogue.extractPages(id, pages: [2, 0], name: "two pages")
        #expect(extracted.pageCount == 2 && extracted.name == "two pages")
        let ids = try service.annotationIDs(extracted.id, page: 0)
        #expect(ids.count == (try service.annotationIDs(id, page: 2)).count && !ids.contains("x"))
        #expect(try service.editing.pages(id).count == 3)
        #expect(throws: ServiceError.self) { try service.catalogue.extractPages(id, pages: [3], name: "none") }
        #expect(throws: ServiceError.badRequest("pages: name at least one page to extract")) {
            try service.catalogue.extractPages(id, pages: [], name: "none")
        }
    }

    @Test func versionsSayHowManyChangesAndWhoMadeThem() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let service = try DocumentService(directory: folder.url)
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a")), base: 0, client: "tab-1"))
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("b", x: 300)), base: 1, client: "tab-2"))
        _ = try service.editing.apply(id, Fixtures.request(.undo, base: 2, client: "tab-1"))
        _ = try service.saving.save(id)
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("c")), base: 3, client: "tab-2"))
        _ = try service.saving.save(id)
        _ = try service.saving.restoreVersion(id, 2)
        let versions = try service.saving.versions(id).versions
        #expect(versions.map(\.number) == [1, 2, 3, 4])
        #expect(versions.map(\.changes) == [0, 3, 1, 0])
        #expect(versions.map(\.clients) == [[], ["tab-1", "tab-2"], ["tab-2"], []])
    }

    @Test func deletingForGoodNeedsTheTrashAndRemovesEveryFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let service = try DocumentService(directory: folder.url)
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        let other = try service.catalogue.importDocument(name: "other", data: Fixtures.sample).id
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a")), base: 0))
        _ = try service.saving.save(id)
        _ = try service.saving.restoreVersion(id, 1)
        _ = try service.editing.addUpload(id, data: Fixtures.sample)
        func files(_ of: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: try #require(service.store as? SQLiteDocumentStore).filesDirectory.path).filter { $0.hasPrefix(of) }.sorted()
        }
        #expect(try files(id).count == 3)
        #expect(throws: ServiceError.conflict("document \(id) is not in the trash: move it there before deleting it for good")
            .because(Reason(.notInTrash))) {
            try service.saving.purge(id)
        }
        let events = EventRecorder()
        _ = try service.presence.subscribe(id, events.record)
        _ = try service.catalogue.delete(id)
        try service.saving.purge(id)
        #expect(try files(id).isEmpty)
        #expect(try files(other).count == 1)
        #expect(throws: ServiceError.self) { try service.catalogue.summary(id) }
        #expect(try service.catalogue.trash().isEmpty && service.catalogue.list().map(\.id) == [other])
        #expect(throws: StoreError.self) { try service.store.operations(id, after: 0) }
        #expect(events.names.suffix(1) == ["purged"])
    }
}

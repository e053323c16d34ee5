import Foundation
import Marginalia
import MarginaliaEditor
import Testing
@testable import MarginaliaServer

@Suite("Document service: saving, versions and crash recovery")
struct ServiceVersionTests {
    @Test(arguments: StoreKind.allCases) func savesAppendVersionsThatArePrefixes(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        let events = EventRecorder()
        _ = try service.presence.subscribe(id, events.record)

        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a1")), base: 0))
        let second = try service.saving.save(id)
        #expect(second.number == 2 && second.revision == 1)
        #expect(try service.catalogue.summary(id).savedRevision == 1 && service.catalogue.summary(id).revision == 1)
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a2")), base: 1))
        let third = try service.saving.save(id)
        #expect(third.number == 3 && third.revision == 2)
        #expect(try service.saving.save(id) == third)  // nothing new to save

        let versions = try service.saving.versions(id)
        #expect(versions.versions.map(\.number) == [1, 2, 3] && versions.revision == 2)
        let datas = try (1...3).map { try service.saving.versionData(id, $0) }
        #expect(datas[0] == Fixtures.sample)
        #expect(datas[1].count > datas[0].count && datas[1].prefix(datas[0].count) == datas[0])
        #expect(datas[2].count > datas[1].count && datas[2].prefix(datas[1].count) == datas[1])
        #expect(try service.catalogue.summary(id).size == datas[2].count)
        let saved = try PDFDocument(data: datas[2])
        #expect(try saved.annotations(onPage: 0).map(\.id).suffix(2) == ["a1", "a2"])
        let older = try PDFDocument(data: datas[1])
        #expect(try !older.annotations(onPage: 0).map(\.id).contains("a2"))
        #expect(events.names == ["operation", "saved", "operation", "saved", "saved"])
    }

    @Test(arguments: StoreKind.allCases) func fileDataIncludesUnsavedEditsWithoutWriting(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a1")), base: 0))
        let current = try service.saving.fileData(id)
        #expect(current.prefix(Fixtures.sample.count) == Fixtures.sample)
        #expect(try PDFDocument(data: current).annotations(onPage: 0).contains { $0.id == "a1" })
        #expect(try service.saving.versions(id).versions.count == 1)
        #expect(try place.open().loadDocument(id).data == Fixtures.sample)

        let flat = try PDFDocument(data: try service.exports.exportFlattened(id, comments: .drop))
        #expect(try flat.annotations(onPage: 0).isEmpty)
        #expect(try service.annotationIDs(id).contains("a1"))
    }

    @Test(arguments: StoreKind.allCases) func restoringAVersionKeepsLaterVersions(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        let original = try service.annotationIDs(id)
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a1")), base: 0))
        _ = try service.saving.save(id)
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a2")), base: 1))  // unsaved

        let summary = try service.saving.restoreVersion(id, 1)
        #expect(summary.revision == 2 && summary.savedRevision == 2)
        #expect(try service.annotationIDs(id) == original)
        // The unsaved edit was saved first as version 3; version 4 is version 1's content.
        let versions = try service.saving.versions(id).versions
        #expect(versions.map(\.number) == [1, 2, 3, 4])
        #expect(try service.saving.versionData(id, 4) == Fixtures.sample)
        #expect(try PDFDocument(data: service.saving.versionData(id, 3)).annotations(onPage: 0).map(\.id).suffix(2) == ["a1", "a2"])
        // The history starts again: nothing to undo on the restored content.
        #expect(try service.editing.apply(id, Fixtures.request(.undo, base: 2)).applied.isEmpty)
        // Later saves append to the restored lineage.
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("b1")), base: 2))
        let fifth = try service.saving.save(id)
        #expect(fifth.number == 5)
        let data5 = try service.saving.versionData(id, 5)
        #expect(data5.prefix(Fixtures.sample.count) == Fixtures.sample)
        #expect(try service.saving.versionData(id, 2).count == versions[1].size)

        // A new service sees the same state.
        let reopened = try place.service()
        #expect(try reopened.annotationIDs(id) == original + ["b1"])
        #expect(try reopened.saving.versions(id).versions.map(\.number) == [1, 2, 3, 4, 5])
        #expect { try reopened.saving.restoreVersion(id, 9) } throws: { ($0 as? ServiceError)?.code == "notFound" }
    }

    @Test(arguments: StoreKind.allCases) func acknowledgedEditsSurviveACrash(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        var id = ""
        var expected: [String] = []
        do {
            let service = try place.service()
            id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
            _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a1")), base: 0))
            _ = try service.saving.save(id)
            _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a2", x: 200)), base: 1))
            _ = try service.editing.apply(id, Fixtures.request(.undo, base: 2))  // undoes a2
            _ = try service.editing.apply(id, Fixtures.request(.undo, base: 3))  // undoes a1, saved before
            _ = try service.editing.apply(id, Fixtures.request(.redo, base: 4))  // a1 back
            _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a3", x: 300)), base: 5))
            _ = try service.editing.apply(id, Fixtures.request(.operation(.insertPage(index: 3, width: 200, height: 300)), base: 6))
            expected = try service.annotationIDs(id)
            #expect(expected.suffix(2) == ["a1", "a3"])
            // The service is dropped here without saving, as a crash would.
        }
        let recovered = try place.service()
        #expect(try recovered.catalogue.summary(id).revision == 7 && recovered.catalogue.summary(id).savedRevision == 1)
        #expect(try recovered.catalogue.summary(id).pageCount == 4)
        #expect(try recovered.annotationIDs(id) == expected)
        #expect(try recovered.editing.pages(id).count == 4)
        // The undo history came back too: undo removes the page, then a3.
        _ = try recovered.editing.apply(id, Fixtures.request(.undo, base: 7))
        #expect(try recovered.editing.pages(id).count == 3)
        _ = try recovered.editing.apply(id, Fixtures.request(.undo, base: 8))
        #expect(try !recovered.annotationIDs(id).contains("a3"))
        _ = try recovered.editing.apply(id, Fixtures.request(.redo, base: 9))
        #expect(try recovered.annotationIDs(id) == expected)

        let version = try recovered.saving.save(id)
        #expect(version.revision == 10)
        let file = try PDFDocument(data: recovered.saving.versionData(id, version.number))
        #expect(try file.pageCount == 3)
        #expect(try file.annotations(onPage: 0).map(\.id) == expected)
        #expect(try file.annotations(onPage: 0).first { $0.id == "a3" }?.rect.minX ?? 0 >= 299)
    }

    @Test func aCrashBetweenWritingASaveAndCommittingItReplaysOnce() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var id = ""
        do {
            let service = try DocumentService(directory: folder.url)
            id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
            _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a1")), base: 0))
            // The save's bytes were written; its version row never committed. Written as the
            // store writes (never cutting the file in place): this service's indexer may be
            // reading the file mapped, and a file cut under a mapping ends the process (SIGBUS).
            let file = folder.url.appendingPathComponent("files/\(id).pdf")
            try service.saving.fileData(id).write(to: file, options: .atomic)
        }
        let recovered = try DocumentService(directory: folder.url)
        #expect(try recovered.annotationIDs(id).filter { $0 == "a1" }.count == 1)
        #expect(try recovered.catalogue.summary(id).revision == 1)
        _ = try recovered.saving.save(id)
        #expect(try PDFDocument(data: recovered.saving.fileData(id)).annotations(onPage: 0).filter { $0.id == "a1" }.count == 1)
    }

    @Test(arguments: StoreKind.allCases) func actionsBecomeLoggedUndoableSteps(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        let before = try service.annotationIDs(id, page: 1)
        let stroke = #"""
            {"baseRevision": 0, "clientId": "tab-1", "action": {"stroke": {"pageIndex": 1,
             "points": [[100, 100, 0.5, 0], [150, 140, 0.6, 0.02], [200, 150, 0.6, 0.04], [260, 190, 0.5, 0.06]],
             "ink": {"color": "#FF0000", "width": 4, "opacity": 1, "usesPressure": true}, "zoom": 2}}}
            """#
        let drawn = try service.editing.apply(id, ApplyRequest.decode(Data(stroke.utf8)))
        #expect(drawn.revision == 1 && drawn.applied.map(\.kind) == [.do])
        let after = try service.annotationIDs(id, page: 1)
        #expect(after.count == before.count + 1)

        let erase = #"""
            {"baseRevision": 0, "clientId": "tab-2", "action": {"erase": {"pageIndex": 1, "mode": "stroke", "size": 10,
             "points": [[150, 200], [150, 80]]}}}
            """#
        let erased = try service.editing.apply(id, ApplyRequest.decode(Data(erase.utf8)))
        #expect(erased.revision == 2 && erased.missed.map(\.revision) == [1])
        #expect(try service.annotationIDs(id, page: 1) == before)
        _ = try service.editing.apply(id, Fixtures.request(.undo, base: 2, client: "tab-2"))
        #expect(try service.annotationIDs(id, page: 1) == after)

        let reopened = try place.service()
        #expect(try reopened.annotationIDs(id, page: 1) == after)
        let offPage = #"{"baseRevision": 3, "clientId": "t", "action": {"erase": {"pageIndex": 9, "mode": "stroke", "size": 10, "points": [[1, 1]]}}}"#
        #expect { try reopened.editing.apply(id, ApplyRequest.decode(Data(offPage.utf8))) } throws: {
            ($0 as? ServiceError)?.code == "unprocessable"
        }
        #expect(try reopened.catalogue.summary(id).revision == 3)
    }
}

import Foundation
import Marginalia
import Testing
@testable import MarginaliaServer

@Suite("Document service: catalogue and import")
struct ServiceCatalogueTests {
    @Test(arguments: StoreKind.allCases) func importsAPDFAndListsRenamesTrashesRestores(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let summary = try service.catalogue.importDocument(name: "Welcome", data: Fixtures.sample)
        #expect(summary.kind == .pdf && summary.pageCount == 3 && summary.revision == 0 && !summary.trashed)
        #expect(try service.catalogue.list().map(\.id) == [summary.id])

        let events = EventRecorder()
        _ = try service.presence.subscribe(summary.id, events.record)
        #expect(try service.catalogue.rename(summary.id, to: "Renamed").name == "Renamed")
        #expect(try service.catalogue.delete(summary.id).trashed)
        #expect(try service.catalogue.list().isEmpty)
        #expect(try service.catalogue.trash().map(\.id) == [summary.id])
        #expect(try !service.catalogue.restore(summary.id).trashed)
        #expect(try service.catalogue.list().map(\.name) == ["Renamed"])
        #expect(events.names == ["renamed", "deleted", "restored"])
    }

    @Test(arguments: StoreKind.allCases) func pagesDescribeTheCropBoxAndRotation(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "Welcome", data: Fixtures.sample).id
        let pages = try service.editing.pages(id)
        #expect(pages.count == 3)
        #expect(pages[0] == PageInfo(index: 0, width: 612, height: 792, rotation: 0, box: [0, 0, 612, 792]))
    }

    @Test(arguments: ["rgba.png", "rgb.jpg"])
    func importsAnImageAsAOnePagePDFOfItsSize(file: String) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let service = try DocumentService(directory: folder.url)
        let bytes = try Fixtures.image(file)
        let image = try ImageDecoder.decode(bytes)
        let summary = try service.catalogue.importDocument(name: file, data: bytes)
        #expect(summary.kind == .image && summary.pageCount == 1)
        let pages = try service.editing.pages(summary.id)
        #expect(pages.map(\.width) == [Double(image.width)] && pages.map(\.height) == [Double(image.height)])
        let stored = try PDFDocument(data: try service.saving.fileData(summary.id))
        #expect(try stored.pageCount == 1)
    }

    @Test(arguments: [Data(), Data("hello, world".utf8), Data("%PDF-1.7\nnot really a pdf".utf8),
                      Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 1])])
    func refusesBytesThatAreNotAPDFOrImage(bytes: Data) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let service = try DocumentService(directory: folder.url)
        do {
            _ = try service.catalogue.importDocument(name: "bad", data: bytes)
            Issue.record("garbage was imported")
        } catch let error as ServiceError {
            #expect(error.code == "unprocessable")
        }
        #expect(try service.catalogue.list().isEmpty)
    }

    @Test(arguments: StoreKind.allCases) func badIDsAndUnknownDocumentsAreTypedErrors(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        for call in [{ _ = try service.catalogue.summary("../../etc/passwd") }, { _ = try service.editing.pages("x") },
                     { _ = try service.saving.fileData("0123") }] {
            #expect { try call() } throws: { ($0 as? ServiceError)?.code == "badRequest" }
        }
        let unknown = String(repeating: "0", count: 32)
        for call in [{ _ = try service.catalogue.summary(unknown) }, { _ = try service.editing.pages(unknown) },
                     { _ = try service.saving.save(unknown) }, { _ = try service.saving.versionData(unknown, 1) },
                     { _ = try service.presence.subscribe(unknown) { _ in } }] {
            #expect { try call() } throws: { ($0 as? ServiceError)?.code == "notFound" }
        }
        #expect { try service.catalogue.importDocument(name: "", data: Fixtures.sample) } throws: {
            ($0 as? ServiceError)?.code == "badRequest"
        }
    }

    @Test(arguments: StoreKind.allCases) func summariesEncodeWithTheSpecKeysAndISODates(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let summary = try service.catalogue.importDocument(name: "Welcome", data: Fixtures.sample)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(summary)) as? [String: Any]
        #expect(Set(json?.keys.map { $0 } ?? []) == ["id", "name", "kind", "pageCount", "revision", "savedRevision",
                                                      "size", "created", "modified", "trashed"])
        let created = json?["created"] as? String
        #expect(created.flatMap { try? Date($0, strategy: .iso8601) } != nil)
    }
}

/// Collects a document's events, from any thread.
final class EventRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [DocumentEvent] = []

    var all: [DocumentEvent] {
        lock.lock()
        defer { lock.unlock() }
        return events
    }

    var names: [String] {
        all.map(\.name)
    }

    var revisions: [Int] {
        all.compactMap { if case .operation(let entry) = $0 { return entry.revision } else { return nil } }
    }

    func record(_ event: DocumentEvent) {
        lock.lock()
        events.append(event)
        lock.unlock()
    }
}

@Suite("Document service: events and errors as JSON")
struct ServiceEventTests {
    @Test(arguments: StoreKind.allCases) func eventsCarryTheirStreamNamesAndPayloads(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let sample = try service.catalogue.importSampleIfEmpty()
        #expect(sample?.pageCount == 3)
        #expect(try service.catalogue.importSampleIfEmpty() == nil)
        let id = try #require(sample?.id)
        let events = EventRecorder()
        _ = try service.presence.subscribe(id, events.record)
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a1")), base: 0))
        _ = try service.saving.save(id)
        _ = try service.saving.restoreVersion(id, 1)
        #expect(events.all.map(\.name) == ["operation", "saved", "versionRestored"])
        #expect(events.all.map(\.revision) == [1, nil, nil])
        let logged = try JSONDecoder().decode(LoggedOperation.self, from: events.all[0].payload())
        #expect(logged.revision == 1 && logged.operation == Fixtures.add("a1"))
        let saved = try JSONSerialization.jsonObject(with: events.all[1].payload()) as? [String: Any]
        #expect(saved?["revision"] as? Int == 1 && (saved?["version"] as? [String: Any])?["number"] as? Int == 2)
    }

    @Test func errorsHaveTheAPIBody() throws {
        let body = try JSONSerialization.jsonObject(with: ServiceError.notFound("document x was not found").responseBody)
        let error = (body as? [String: Any])?["error"] as? [String: String]
        #expect(error == ["code": "notFound", "message": "document x was not found"])
        #expect(ServiceError.unprocessable("x").httpStatus == 422)
        // A reason rides along, the code, status and message stay the error's.
        let explained = ServiceError.conflict("moved").because(Reason(.changedSince))
        #expect(explained.code == "conflict" && explained.httpStatus == 409 && explained.message == "moved")
        let withReason = try JSONSerialization.jsonObject(with: explained.responseBody) as? [String: [String: Any]]
        #expect(withReason?["error"]?["reason"] as? String == "conflict.changedSince")
        #expect(ServiceError.busy("full", retryAfter: 3).because(Reason(.memoryBusy)).retryAfter == 3)
    }
}

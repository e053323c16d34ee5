import Foundation
import Marginalia
import MarginaliaEditor
import Testing
@testable import MarginaliaServer

@Suite("Document service: retention")
struct ServiceRetentionTests {
    /// Every byte the store keeps of documents: the files of a data folder, or the chunks of
    /// a database.
    private static func storedBytes(_ place: TestStore) throws -> Data {
        var all = Data()
        switch try place.open() {
        case let store as SQLiteDocumentStore:
            let files = store.filesDirectory
            for name in try FileManager.default.contentsOfDirectory(atPath: files.path).sorted() {
                all.append(try Data(contentsOf: files.appendingPathComponent(name)))
            }
        case let store as PostgresDocumentStore:
            for key in try store.blobs.keys(withPrefix: "") { all.append(try store.blobs.get(key)) }
        default:
            Issue.record("an unexpected store")
        }
        return all
    }

    private static func holds(_ data: Data, _ text: String) -> Bool {
        data.range(of: Data(text.utf8)) != nil
    }

    /// Versions 1-4: the sample; with "gone-1"; without it; with "kept-2" too.
    private static func fourVersions(_ service: DocumentService) throws -> String {
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("gone-1")), base: 0))
        _ = try service.saving.save(id)
        _ = try service.editing.apply(id, Fixtures.request(.operation(.removeAnnotation(Fixtures.square("gone-1"))), base: 1))
        _ = try service.saving.save(id)
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("kept-2", x: 300)), base: 2))
        _ = try service.saving.save(id)
        return id
    }

    @Test(arguments: StoreKind.allCases) func theVersionsLeftOutAreGoneBytesAndAll(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let id = try Self.fourVersions(service)
        let before = try (3...4).map { try PDFDocument(data: service.saving.versionData(id, $0)).annotations(onPage: 0).map(\.id) }
        let servedBefore = try service.saving.versionFile(id, 3)
        #expect(Self.holds(servedBefore.data, "gone-1"), "version 3 appends to the file that had it")
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("unsaved", x: 400)), base: 3))
        #expect(Self.holds(try Self.storedBytes(place), "gone-1"))

        let pruned = try #require(try service.saving.pruneVersions(id, policy: RetentionPolicy(keepVersions: 2)))
        #expect(pruned.versions == [1, 2])
        #expect(pruned.bytesRemoved > 0)
        #expect(try service.saving.versions(id).versions.map(\.number) == [3, 4])
        #expect(!Self.holds(try Self.storedBytes(place), "gone-1"))
        #expect(Self.holds(try Self.storedBytes(place), "kept-2"))
        // The versions kept read as before, and the unsaved edit is still there.
        #expect(try (3...4).map { try PDFDocument(data: service.saving.versionData(id, $0)).annotations(onPage: 0).map(\.id) } == before)
        #expect(try service.annotationIDs(id).suffix(2) == ["kept-2", "unsaved"])
        #expect(throws: ServiceError.self) { try service.saving.versionData(id, 1) }
        // The version served is the rewritten one, not the one kept from before.
        let servedAfter = try service.saving.versionFile(id, 3)
        #expect(!Self.holds(servedAfter.data, "gone-1") && servedAfter.tag != servedBefore.tag)
        let rewritten = try service.store.version(id, number: 3)
        #expect(servedAfter.tag == DocumentSaving.versionTag(id, rewritten))

        // Saves append to the rewritten file; a restart (another store object) reads it all.
        let fifth = try service.saving.save(id)
        #expect(fifth.number == 5)
        let restarted = try place.service()
        #expect(try restarted.annotationIDs(id).suffix(2) == ["kept-2", "unsaved"])
        #expect(try restarted.saving.versions(id).versions.map(\.number) == [3, 4, 5])
        let third = try restarted.saving.versionData(id, 3)
        #expect(try restarted.saving.versionData(id, 5).prefix(third.count) == third)
        // Nothing more to forget.
        #expect(try service.saving.pruneVersions(id, policy: RetentionPolicy(keepVersions: 3)) == nil)
    }

    @Test func daysCountBackFromNow() throws {
        let place = try TestStore(.sqlite)
        defer { place.remove() }
        let service = try place.service()
        let id = try Self.fourVersions(service)
        #expect(try service.saving.pruneVersions(id, policy: RetentionPolicy(keepDays: 1)) == nil)
        let later = Date().addingTimeInterval(2 * 86_400)
        let pruned = try service.saving.pruneVersions(id, policy: RetentionPolicy(keepDays: 1), now: later)
        #expect(pruned?.versions == [1, 2, 3])
        #expect(try service.saving.versions(id).versions.map(\.number) == [4])
        #expect(try PDFDocument(data: service.saving.versionData(id, 4)).annotations(onPage: 0).map(\.id).last == "kept-2")
    }

    @Test func aSignedVersionStaysByteForByteWithTheVersionsBeforeIt() throws {
        let place = try TestStore(.sqlite)
        defer { place.remove() }
        let service = try place.service()
        let signed = try Self.signedSample()
        let id = try service.catalogue.importDocument(name: "signed", data: signed).id
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("gone-1")), base: 0))
        _ = try service.saving.save(id)
        _ = try service.editing.apply(id, Fixtures.request(.operation(.removeAnnotation(Fixtures.square("gone-1"))), base: 1))
        _ = try service.saving.save(id)

        let pruned = try service.saving.pruneVersions(id, policy: RetentionPolicy(keepVersions: 1))
        #expect(pruned?.versions == [2])
        #expect(try service.saving.versionData(id, 1) == signed)
        #expect(!Self.holds(try Self.storedBytes(place), "gone-1"))
        #expect(try service.saving.versions(id).versions.map(\.number) == [1, 3])
    }

    /// qpdf's test file: encrypted (AES-128, no user password) and signed by another tool.
    @Test func anEncryptedSignedFileFromAnotherToolKeepsItsSignedBytes() throws {
        let corpus = ProcessInfo.processInfo.environment["MARGINALIA_CORPUS"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus")
        let url = corpus.appendingPathComponent("qpdf-minimal-signed-restricted.pdf")
        try #require(FileManager.default.fileExists(atPath: url.path), "\(url.path) is missing (the corpus, ../shared/corpus)")
        let signed = try Data(contentsOf: url)
        #expect(try PDFFile(source: ByteSource(data: signed)).signatureCoverage() == [signed.count])

        let place = try TestStore(.sqlite)
        defer { place.remove() }
        let importer = try place.service()
        let id = try importer.catalogue.importDocument(name: "signed", data: signed).id
        #expect(try importer.saving.versionData(id, 1) == signed)
        // The file is certified with P=1, so the service refuses every edit: versions 2 and 3
        // are appended by the engine, as another tool would write them, straight into the store.
        var bytes = signed
        for (offset, name) in ["gone-1", "kept-2"].enumerated() {
            let document = try PDFDocument(data: bytes)
            try Fixtures.add(name, x: Double(100 + 100 * offset)).apply(to: document)
            bytes = Data(try document.dataRepresentation())
            _ = try importer.store.saveVersion(id, bytes: bytes, basedOn: offset + 1, revision: 0,
                                               pageCount: try document.pageCount, now: Date())
        }
        let service = try place.service()
        let third = try PDFDocument(data: try service.saving.versionData(id, 3)).annotations(onPage: 0).map(\.id)

        let pruned = try service.saving.pruneVersions(id, policy: RetentionPolicy(keepVersions: 1))
        #expect(pruned?.versions == [2])
        #expect(try service.saving.versionData(id, 1) == signed)
        let rewritten = try PDFDocument(data: try service.saving.versionData(id, 3))
        #expect(try rewritten.annotations(onPage: 0).map(\.id) == third)
        #expect(rewritten.file.isEncrypted)
        #expect(try service.annotationIDs(id).suffix(2) == ["gone-1", "kept-2"])
    }

    @Test func theTrashIsEmptiedAfterItsDays() throws {
        let place = try TestStore(.sqlite)
        defer { place.remove() }
        let service = try place.service()
        let kept = try service.catalogue.importDocument(name: "kept", data: Fixtures.sample).id
        let trashed = try service.catalogue.importDocument(name: "trashed", data: Fixtures.sample).id
        _ = try service.catalogue.delete(trashed)
        try service.store.setRetention(StoreRetention(trashDays: 30))
        #expect(try service.saving.applyRetention().emptiedFromTrash.isEmpty)
        let report = try service.saving.applyRetention(now: Date().addingTimeInterval(31 * 86_400))
        #expect(report.emptiedFromTrash == [trashed])
        #expect(try service.catalogue.list().map(\.id) == [kept])
        #expect(try service.catalogue.trash().isEmpty)
    }

    @Test func aDocumentsOwnPolicyComesBeforeTheStores() throws {
        let place = try TestStore(.sqlite)
        defer { place.remove() }
        let service = try place.service()
        let id = try Self.fourVersions(service)
        let other = try Self.fourVersions(service)
        try service.store.setRetention(StoreRetention(versions: RetentionPolicy(keepVersions: 3)))
        try service.store.setRetention(of: id, RetentionPolicy(keepVersions: 1))
        let report = try service.saving.applyRetention()
        #expect(Set(report.pruned.map(\.document)) == [id, other])
        #expect(try service.saving.versions(id).versions.map(\.number) == [4])
        #expect(try service.saving.versions(other).versions.map(\.number) == [2, 3, 4])
        #expect(throws: StoreError.self) { try service.store.setRetention(of: id, RetentionPolicy(keepVersions: 0)) }
    }

    /// The sample with a signature field whose value covers the whole file (as a signed file's
    /// /ByteRange does; the signature itself is not checked here).
    static func signedSample() throws -> Data {
        let file = try PDFFile(source: ByteSource(data: Fixtures.sample))
        let value = file.add(.dictionary(PDFDictionary([
            "Type": .name("Sig"), "ByteRange": .array([0, .integer(1_000_000_000), 0, 0]),
            "Contents": .string([0]),
        ])))
        let field = file.add(.dictionary(PDFDictionary(["FT": .name("Sig"), "T": .string(Array("Signature1".utf8)),
                                                        "V": .reference(value)])))
        let root = try #require(file.trailer["Root"]?.referenceValue)
        var catalog = try file.catalog()
        catalog["AcroForm"] = .dictionary(PDFDictionary(["Fields": .array([.reference(field)]), "SigFlags": 3]))
        file.update(root, with: .dictionary(catalog))
        var bytes = try file.dataRepresentation()
        let placeholder = Array("1000000000".utf8)
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: placeholder) })
        bytes.replaceSubrange(at..<at + 10, with: Array(String(format: "%010d", bytes.count).utf8))
        #expect(try PDFFile(source: ByteSource(bytes: bytes)).signatureCoverage() == [bytes.count])
        return Data(bytes)
    }
}

@Suite("Store migration: retention")
struct RetentionMigrationTests {
    @Test func aPrunedStoreAndItsSettingsMigrateAndVerify() throws {
        let place = try TestStore(.sqlite)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        for n in 0..<3 {
            _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("s\(n)", x: Double(100 + 40 * n))), base: n))
            _ = try service.saving.save(id)
        }
        try service.store.setRetention(StoreRetention(versions: RetentionPolicy(keepVersions: 2), trashDays: 9))
        try service.store.setRetention(of: id, RetentionPolicy(keepDays: 3))
        _ = try service.saving.pruneVersions(id, policy: RetentionPolicy(keepVersions: 2))
        #expect(try service.saving.versions(id).versions.map(\.number) == [3, 4])

        let target = try TestStore(.postgresql)
        defer { target.remove() }
        let copy = try #require(try target.open() as? PostgresDocumentStore)
        let report = try StoreMigration.copy(from: try place.open(), to: copy)
        #expect(report.versions == 2)
        #expect(try copy.retention() == StoreRetention(versions: RetentionPolicy(keepVersions: 2), trashDays: 9))
        #expect(try copy.retention(of: id) == RetentionPolicy(keepDays: 3))
        try copy.setRetention(of: id, nil)
        #expect(throws: StoreDifference.retention(document: id, source: "Optional(MarginaliaServer.RetentionPolicy(keepVersions: nil, keepDays: Optional(3)))", copy: "nil")) {
            try StoreMigration.verify(copy, against: try place.open())
        }
    }
}

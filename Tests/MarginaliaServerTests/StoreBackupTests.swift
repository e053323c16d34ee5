import Foundation
import Testing
@testable import MarginaliaServer

/// `marginalia store backup` and `store restore` (``StoreBackup``): a backup of a data folder
/// that a service is using is the store at one moment, however much is written meanwhile;
/// a restore is compared with its backup as `store verify` compares.
@Suite("Store backup and restore")
struct StoreBackupTests {
    @Test func aBackupIsIdenticalToTheStoreAndRestoresIdentical() throws {
        let source = try StoreMigrationTests.makeSource()
        let folder = try #require(source.place.folderURL)
        let backups = try TemporaryDirectory()
        let backup = backups.url.appendingPathComponent("backup")
        // The source's service stays open, as a running server's would.
        let report = try StoreBackup.backUp(from: folder, to: backup)
        #expect(report.documents == 3)
        #expect(report.files == 5)   // three documents' files and two uploads (one a copied state)
        let compared = try StoreMigration.verify(try SQLiteDocumentStore(readingFrom: backup),
                                                 against: try SQLiteDocumentStore(readingFrom: folder))
        #expect(compared.documents == 3 && compared.uploads == 2)

        let restored = backups.url.appendingPathComponent("restored")
        #expect(try StoreBackup.restore(from: backup, to: restored).documents == 3)
        let service = DocumentService(store: try SQLiteDocumentStore(directory: restored))
        #expect(try service.editing.annotations(source.copies, page: 3).annotations.map(\.id).contains("c1"))

        // Neither writes into a folder that holds anything.
        #expect(throws: StoreError.self) { try StoreBackup.restore(from: backup, to: restored) }
        #expect(throws: StoreError.self) { try StoreBackup.backUp(from: folder, to: backup) }
        #expect(throws: StoreError.self) { try StoreBackup.backUp(from: backups.url, to: backups.url.appendingPathComponent("x")) }
    }

    /// Backups taken while another thread edits and saves: each opens, and is a moment of the
    /// store: its log and versions are the start of the store's final ones, its versions'
    /// bytes the store's.
    @Test func aBackupTakenDuringEditsAndSavesIsOneMomentOfTheStore() throws {
        let place = try TestStore(.sqlite)
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "busy.pdf", data: Fixtures.sample).id
        let folder = try #require(place.folderURL)
        let backups = try TemporaryDirectory()
        let writing = DispatchSemaphore(value: 0)
        let stop = Locked(false)
        let writerFailure = Locked<String?>(nil)
        let writer = Thread {
            var revision = 0
            var step = 0
            while !stop.withLock({ $0 }) {
                do {
                    revision = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("w\(step)", x: Double(10 + step % 400))),
                                                                      base: revision)).revision
                    if step % 3 == 0 { _ = try service.saving.save(id) }
                } catch {
                    writerFailure.withLock { $0 = "\(error)" }
                    break
                }
                if step == 5 { writing.signal() }
                step += 1
            }
            writing.signal()
        }
        writer.start()
        writing.wait()
        var backupsTaken: [URL] = []
        for n in 0..<4 {
            let backup = backups.url.appendingPathComponent("b\(n)")
            _ = try StoreBackup.backUp(from: folder, to: backup)
            backupsTaken.append(backup)
        }
        stop.withLock { $0 = true }
        writing.wait()
        #expect(writerFailure.withLock { $0 } == nil)

        let store = try SQLiteDocumentStore(readingFrom: folder)
        let finalLog = try store.operations(id, after: 0)
        let finalVersions = try store.versions(id)
        for backup in backupsTaken {
            let copy = try SQLiteDocumentStore(readingFrom: backup)
            let log = try copy.operations(id, after: 0)
            let versions = try copy.versions(id)
            #expect(!log.isEmpty && log.count <= finalLog.count)
            #expect(Array(finalLog.prefix(log.count)) == log, "\(backup.lastPathComponent): the log is not the store's start")
            #expect(Array(finalVersions.prefix(versions.count)) == versions)
            for version in versions {
                #expect(try copy.versionData(id, number: version.number) == store.versionData(id, number: version.number))
            }
        }
    }
}

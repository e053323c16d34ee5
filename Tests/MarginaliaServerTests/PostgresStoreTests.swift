import Foundation
import Testing
@testable import MarginaliaServer

@Suite("PostgreSQL store")
struct PostgresStoreTests {
    private func record(_ revision: Int, _ client: String = "t") -> OperationRecord {
        OperationRecord(revision: revision, clientID: client, kind: .do, json: #"{"n":\#(revision)}"#)
    }

    @Test func configurationKeepsPasswordsOutOfWhatItPrints() throws {
        let configuration = try PostgresConfiguration(url: "postgresql://editor:s3cr%40t@db.example:5433/marginalia?sslmode=require")
        #expect(configuration.redacted == "postgresql://editor:***@db.example:5433/marginalia?sslmode=require")
        #expect(!"\(configuration)".contains("s3cr"))
        #expect(PostgresConfiguration.redact("postgres://u@h/d?password=x1&sslmode=disable") == "postgres://u@h/d?password=***&sslmode=disable")
        #expect(PostgresConfiguration.redact("postgresql://h/d") == "postgresql://h/d")
        #expect(throws: StoreError.self) { try PostgresConfiguration(url: "mysql://u:pw@h/d") }
        do {
            _ = try PostgresConfiguration(url: "mysql://u:hunter2@h/d")
        } catch {
            #expect(!"\(error)".contains("hunter2"))
        }
        #expect(!PostgresConfiguration.isURL("/var/lib/marginalia"))

        // A password file's first line becomes libpq's password unless the URL has one.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pw-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("from-file \n second line\n".utf8).write(to: file)
        let withFile = try PostgresConfiguration(url: "postgresql://editor@db/m", passwordFile: file.path)
        #expect(try withFile.connectionParameters(purpose: "t").contains { $0 == ("password", "from-file") })
        let urlWins = try PostgresConfiguration(url: "postgresql://editor:inline@db/m", passwordFile: file.path)
        #expect(try !urlWins.connectionParameters(purpose: "t").contains { $0.0 == "password" })
        #expect(throws: StoreError.self) { try PostgresConfiguration(url: "postgresql://db/m", passwordFile: "/nonexistent/pw") }
    }

    @Test func versionsAreStoredAsTheBytesEachSaveAppended() throws {
        let place = try TestStore(.postgresql)
        defer { place.remove() }
        let store = try #require(try place.open() as? PostgresDocumentStore)
        let id = try store.createDocument(name: "a", kind: .pdf, pdf: Fixtures.sample, pageCount: 3).id
        try store.appendOperations(id, [record(1), record(2)], pageCount: 3)
        let update1 = Fixtures.sample + Data("\n% save one\n".utf8)
        let update2 = update1 + Data("\n% save two, a little longer\n".utf8)
        #expect(try store.saveVersion(id, bytes: update1, basedOn: 1, revision: 1, pageCount: 3, now: Date()).number == 2)
        #expect(try store.saveVersion(id, bytes: update2, basedOn: 2, revision: 2, pageCount: 3, now: Date()).number == 3)
        // A save made from an older version is refused: another replica saved first.
        #expect(throws: StoreError.conflict("document \(id) was saved as version 3 since version 2", .savedSince(latest: 3, basedOn: 2))) {
            try store.saveVersion(id, bytes: update2 + Data("x".utf8), basedOn: 2, revision: 2, pageCount: 3, now: Date())
        }
        let restored = try store.restoreVersion(id, number: 1, revision: 2, pageCount: 3, now: Date())
        #expect(restored.number == 4 && restored.file == "\(id).r4.pdf")
        #expect(try store.versionData(id, number: 1) == Fixtures.sample)
        #expect(try store.versionData(id, number: 2) == update1)
        #expect(try store.versionData(id, number: 3) == update2)
        #expect(try store.versionData(id, number: 4) == Fixtures.sample)
        let loaded = try store.loadDocument(id)
        #expect(loaded.data == Fixtures.sample && loaded.version.number == 4 && loaded.record.historyBase == 2)
        // What is kept: the whole file for versions 1 and 4, only the appended bytes for 2 and 3.
        let stored = try store.pool.withConnection { try $0.query("SELECT coalesce(sum(length(data)), 0) FROM blobs") }
        #expect(stored.first?.integer(0) == 2 * Fixtures.sample.count + update2.count - Fixtures.sample.count)
        // A restore at a revision the log has moved past is refused.
        try store.appendOperations(id, [record(3)], pageCount: 3)
        #expect(throws: StoreError.self) { try store.restoreVersion(id, number: 2, revision: 2, pageCount: 3, now: Date()) }
    }

    @Test func aNewerSchemaIsRefusedAndTheVersionIsRecorded() throws {
        let place = try TestStore(.postgresql)
        defer { place.remove() }
        let store = try #require(try place.open() as? PostgresDocumentStore)
        #expect(try store.schemaVersion == PostgresSchema.currentVersion)
        _ = try place.open()  // opening again migrates nothing
        // A database at version 1 (before the one-round-trip append and the text index) is
        // brought to the current one.
        try store.pool.withConnection {
            try $0.run("DROP FUNCTION marginalia_append(\(PostgresAuthorTests.appendArguments)), "
                       + "marginalia_append(\(PostgresAuthorTests.appendArguments), text[]); "
                       + "ALTER TABLE operations DROP COLUMN author; "
                       + "DROP TABLE text_entries, text_pages, text_documents, users, shares, audit, retention, document_retention, "
                       + "saved_signatures, user_certificates; "
                       + "ALTER TABLE versions DROP COLUMN redacted; "
                       + "DROP FUNCTION marginalia_audit_append_only(); UPDATE marginalia_schema SET version = 1")
        }
        let upgraded = try #require(try place.open() as? PostgresDocumentStore)
        #expect(try upgraded.schemaVersion == PostgresSchema.currentVersion)
        let textTables = try upgraded.pool.withConnection { try $0.query("SELECT to_regclass('text_entries') IS NOT NULL") }
        #expect(textTables.first?.text(0) == "t")
        let id = try upgraded.createDocument(name: "a", kind: .pdf, pdf: Fixtures.sample, pageCount: 3).id
        try upgraded.appendOperations(id, [record(1)], pageCount: 3)
        #expect(try upgraded.operations(id, after: 0).map(\.revision) == [1])
        try store.pool.withConnection { try $0.run("UPDATE marginalia_schema SET version = 99") }
        #expect(throws: StoreError.damaged("the database has schema version 99; this program knows versions up to \(PostgresSchema.currentVersion)")) {
            _ = try place.open()
        }
    }

    @Test func otherStoresHearEveryChangeButTheirOwn() throws {
        let place = try TestStore(.postgresql)
        defer { place.remove() }
        let writer = try place.open()
        let reader = try place.open()
        let heard = ChangeRecorder()
        reader.observeChanges(heard.record)
        writer.observeChanges { _ in Issue.record("a store heard its own change") }
        try waitUntil("both listeners are connected") { (try? reader.checkReady()) != nil && (try? writer.checkReady()) != nil }
        let id = try writer.createDocument(name: "a", kind: .pdf, pdf: Fixtures.sample, pageCount: 3).id
        try writer.appendOperations(id, [record(1), record(2)], pageCount: 3)
        _ = try writer.saveVersion(id, bytes: Fixtures.sample + Data("%\n".utf8), basedOn: 1, revision: 2, pageCount: 3, now: Date())
        _ = try writer.rename(id, to: "b")
        _ = try writer.setTrashed(id, true)
        _ = try writer.restoreVersion(id, number: 1, revision: 2, pageCount: 3, now: Date())
        let expected: [StoreChange] = [.operations(document: id, first: 1, last: 2), .saved(document: id, version: 2),
                                       .renamed(document: id), .trashed(document: id, true),
                                       .versionRestored(document: id, version: 3)]
        try waitUntil("the notices arrive") { heard.all.count >= expected.count }
        #expect(heard.all == expected)
    }

    /// Two replicas append to one document at the same instant. With the row lock, the
    /// second waits for the first, sees its entry and appends after it; without the lock
    /// both believe they are first and one of them fails.
    @Test func theRowLockSerialisesAppendsFromTwoReplicas() throws {
        #expect(try appendTwiceAtOnce(locking: true).failures == 0)
        let unlocked = try appendTwiceAtOnce(locking: false)
        #expect(unlocked.failures == 1, "without the lock both replicas claimed revision 1")
    }

    /// A replica overtaken by another has its append refused once, then rebases holding the
    /// document's row lock, so that no rebase is thrown away; its next commit of the document
    /// goes to the lock at once (no append bound to be refused), and once it finds nobody
    /// logged in between, the one after tries the one-round-trip append again. Each step is
    /// in the counts `GET /healthz` serves.
    @Test func anOvertakenAppendRebasesOnceUnderTheRowLockAndTheNextGoesStraightToIt() throws {
        let place = try TestStore(.postgresql)
        defer { place.remove() }
        let replicas = try [place.open(), place.open()].map { try #require($0 as? PostgresDocumentStore) }
        let id = try replicas[0].createDocument(name: "a", kind: .pdf, pdf: Fixtures.sample, pageCount: 3).id
        var calls: [(newer: [Int], rowFree: Bool)] = []
        /// Appends `client`'s entry through replica 0 as if made at `revision`.
        func append(at revision: Int, _ client: String) throws {
            try replicas[0].appendOperations(id, expecting: LogPosition(revision: revision),
                                             LogAppend(records: [record(revision + 1, client)], pageCount: 3),
                                             now: Date()) { current, newer in
                let rowFree = (try? replicas[1].pool.withConnection { connection in
                    try connection.query("SELECT id FROM documents WHERE id = $1 FOR UPDATE NOWAIT", [.text(id)])
                }) != nil
                calls.append((newer.map(\.revision), rowFree))
                return LogAppend(records: [record((newer.last?.revision ?? current.revision) + 1, client)], pageCount: 3)
            }
        }
        try replicas[1].appendOperations(id, [record(1, "other")], pageCount: 3)
        try append(at: 0, "mine")
        #expect(replicas[0].logAppendCounts == LogAppendCounts(committed: 1, refused: 1, rebases: 1, locked: 1))
        try replicas[1].appendOperations(id, [record(3, "other")], pageCount: 3)
        try append(at: 2, "mine")
        #expect(replicas[0].logAppendCounts == LogAppendCounts(committed: 2, refused: 1, rebases: 2, locked: 2))
        #expect(calls.map(\.rowFree) == [false, false])
        #expect(calls.map(\.newer) == [[1], [3]])
        // Nobody in between: the lock finds the position current, and the next tries without it.
        try append(at: 4, "mine")
        #expect(replicas[0].logAppendCounts == LogAppendCounts(committed: 3, refused: 1, rebases: 2, locked: 3))
        try append(at: 5, "mine")
        #expect(replicas[0].logAppendCounts == LogAppendCounts(committed: 4, refused: 1, rebases: 2, locked: 3))
        let log = try replicas[0].operations(id, after: 0)
        #expect(log.map(\.revision) == [1, 2, 3, 4, 5, 6])
        #expect(log.map(\.clientID) == ["other", "mine", "other", "mine", "mine", "mine"])
        #expect(try replicas[1].document(id).revision == 6)
    }

    private func appendTwiceAtOnce(locking: Bool) throws -> (failures: Int, revisions: [Int]) {
        let place = try TestStore(.postgresql)
        defer { place.remove() }
        let replicas = try [place.open(), place.open()].map { try #require($0 as? PostgresDocumentStore) }
        for replica in replicas { replica.locksDocuments = locking }
        let id = try replicas[0].createDocument(name: "a", kind: .pdf, pdf: Fixtures.sample, pageCount: 3).id
        let barrier = Barrier(parties: 2)
        let failures = Counter()
        let group = DispatchGroup()
        for (index, replica) in replicas.enumerated() {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                do {
                    // A position never current, so each replica decides what to append after
                    // reading the row, in `rebase`.
                    let stale = LogAppend(records: [], pageCount: 3)
                    try replica.appendOperations(id, expecting: LogPosition(revision: -1), stale, now: Date()) { current, newer in
                        // Each waits (up to 0.5 s) for the other to be here too: only possible
                        // when nothing stops both from reading the row at once.
                        barrier.arrive(waitingAtMost: 0.5)
                        #expect(newer.count == current.revision)
                        return LogAppend(records: [record(current.revision + 1, "replica-\(index)")], pageCount: 3)
                    }
                } catch {
                    failures.increment()
                }
            }
        }
        group.wait()
        let revisions = try replicas[0].operations(id, after: 0).map(\.revision)
        if failures.value == 0 { #expect(revisions == [1, 2]) }
        return (failures.value, revisions)
    }

    @Test func migrationCopiesEverythingAndTheCheckFindsADifference() throws {
        let source = try TestStore(.sqlite)
        defer { source.remove() }
        let service = try source.service()
        let first = try service.catalogue.importDocument(name: "first.pdf", data: Fixtures.sample).id
        let second = try service.catalogue.importDocument(name: "second.pdf", data: Fixtures.sample).id
        for n in 0..<5 {
            _ = try service.editing.apply(first, Fixtures.request(.operation(Fixtures.add("m\(n)", x: Double(20 * n))), base: n,
                                                          author: n == 2 ? nil : "Ana \(n)"))
        }
        _ = try service.saving.save(first)
        _ = try service.editing.apply(first, Fixtures.request(.undo, base: 5))
        _ = try service.saving.save(first)
        _ = try service.saving.restoreVersion(first, 2)
        _ = try service.editing.apply(first, Fixtures.request(.operation(Fixtures.add("after")), base: 6))
        _ = try service.catalogue.delete(second)

        let target = try TestStore(.postgresql)
        defer { target.remove() }
        let copy = try #require(try target.open() as? PostgresDocumentStore)
        let report = try StoreMigration.copy(from: service.store, to: copy)
        #expect(report.documents == 2 && report.versions == 5 && report.logEntries == 7)
        // Served from the copy, the documents are what they were.
        let served = DocumentService(store: copy)
        #expect(try served.annotationIDs(first) == service.annotationIDs(first))
        #expect(try copy.operations(first, after: 0).prefix(5).map(\.author) == ["Ana 0", "Ana 1", nil, "Ana 3", "Ana 4"])
        #expect(try served.catalogue.trash().map(\.id) == [second])
        // A second run refuses a database that is not empty.
        #expect(throws: StoreError.self) { try StoreMigration.copy(from: service.store, to: copy) }
        // The check is not blind: one changed log entry is found.
        try copy.pool.withConnection { connection in
            try connection.query("UPDATE operations SET json = json || ' ' WHERE document = $1 AND revision = 3", [.text(first)])
        }
        #expect {
            try StoreMigration.verify(copy, against: service.store)
        } throws: { error in
            guard case .logEntry(first, 3, let what)? = error as? StoreDifference else { return false }
            return what.hasPrefix("its json is ")
        }
    }
}

/// Waits up to 10 s for `condition`.
func waitUntil(_ what: String, timeout: Double = 10, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return }
        usleep(10_000)
    }
    throw StoreError.unavailable("timed out waiting until \(what)")
}

/// Lets threads wait for each other, for a while.
final class Barrier: @unchecked Sendable {
    private let condition = NSCondition()
    private let parties: Int
    private var arrived = 0

    init(parties: Int) {
        self.parties = parties
    }

    /// Counts this thread in and waits until all parties are in or `seconds` passed.
    func arrive(waitingAtMost seconds: Double) {
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        condition.broadcast()
        let deadline = Date().addingTimeInterval(seconds)
        while arrived < parties && condition.wait(until: deadline) {}
    }
}

final class ChangeRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var changes: [StoreChange] = []
    var all: [StoreChange] { lock.withLock { changes } }
    func record(_ change: StoreChange) { lock.withLock { changes.append(change) } }
}

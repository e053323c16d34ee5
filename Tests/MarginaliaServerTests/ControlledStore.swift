import Foundation
@testable import MarginaliaServer

/// A real store (PostgreSQL in the replica tests) handed to a service with two controls over
/// timing, to put a race's steps in a chosen order: the store's notices of other replicas'
/// changes can be held back, as a slow LISTEN connection delivers them late, and released;
/// and a closure can be run once, on the service's next read of ``isShared`` (the service
/// reads it where it decides how to treat a shared store). Every call goes to the real store.
final class ControlledStore: DocumentStore, @unchecked Sendable {
    let base: any DocumentStore
    private let lock = NSLock()
    private var handler: (@Sendable (StoreChange) -> Void)?
    private var holding = false
    private var held: [StoreChange] = []
    private var onSharedRead: (() -> Void)?

    init(_ base: any DocumentStore) {
        self.base = base
    }

    /// Holds notices back from now on, until ``release()``.
    func hold() {
        lock.withLock { holding = true }
    }

    /// Delivers the held notices, in order, and every later one as it comes.
    func release() {
        let (deliver, changes) = lock.withLock { () -> ((@Sendable (StoreChange) -> Void)?, [StoreChange]) in
            holding = false
            defer { held.removeAll() }
            return (self.handler, held)
        }
        for change in changes { deliver?(change) }
    }

    /// Runs `body` once, on the next read of ``isShared`` (on the reading thread).
    func onNextSharedRead(_ body: @escaping () -> Void) {
        lock.withLock { onSharedRead = body }
    }

    var location: String { base.location }

    var isShared: Bool {
        let body = lock.withLock { () -> (() -> Void)? in
            defer { onSharedRead = nil }
            return onSharedRead
        }
        body?()
        return base.isShared
    }

    func observeChanges(_ handler: @escaping @Sendable (StoreChange) -> Void) {
        lock.withLock { self.handler = handler }
        base.observeChanges { [weak self] change in
            guard let self else { return }
            let deliver = lock.withLock { () -> Bool in
                if holding { held.append(change) }
                return !holding
            }
            if deliver { handler(change) }
        }
    }

    func createDocument(name: String, kind: DocumentKind, pdf: Data, pageCount: Int, now: Date) throws -> DocumentRecord {
        try base.createDocument(name: name, kind: kind, pdf: pdf, pageCount: pageCount, now: now)
    }

    func createFirstDocument(name: String, kind: DocumentKind, pdf: Data, pageCount: Int, now: Date) throws -> DocumentRecord? {
        try base.createFirstDocument(name: name, kind: kind, pdf: pdf, pageCount: pageCount, now: now)
    }

    func document(_ id: String) throws -> DocumentRecord { try base.document(id) }
    func documents(trashed: Bool) throws -> [DocumentRecord] { try base.documents(trashed: trashed) }
    func rename(_ id: String, to name: String, now: Date) throws -> DocumentRecord { try base.rename(id, to: name, now: now) }
    func setTrashed(_ id: String, _ trashed: Bool, now: Date) throws -> DocumentRecord {
        try base.setTrashed(id, trashed, now: now)
    }
    func loadDocument(_ id: String) throws -> StoredDocument { try base.loadDocument(id) }

    func appendOperations(_ id: String, expecting expected: LogPosition, _ append: LogAppend, now: Date,
                          rebase: (DocumentRecord, [OperationRecord]) throws -> LogAppend) throws {
        try base.appendOperations(id, expecting: expected, append, now: now, rebase: rebase)
    }

    func operations(_ id: String, after revision: Int, limit: Int?) throws -> [OperationRecord] {
        try base.operations(id, after: revision, limit: limit)
    }
    func documentAndLog(_ id: String, after revision: Int) throws -> (record: DocumentRecord, newer: [OperationRecord]) {
        try base.documentAndLog(id, after: revision)
    }
    func withDocumentLock<T>(_ id: String, _ body: () throws -> T) throws -> T { try base.withDocumentLock(id, body) }
    func addUpload(_ id: String, pdf: Data) throws -> Int { try base.addUpload(id, pdf: pdf) }
    func uploadData(_ id: String, number: Int) throws -> Data { try base.uploadData(id, number: number) }
    func uploadNumbers(_ id: String) throws -> [Int] { try base.uploadNumbers(id) }
    func purge(_ id: String) throws { try base.purge(id) }

    func saveVersion(_ id: String, bytes: Data, basedOn: Int, revision: Int, pageCount: Int,
                     now: Date) throws -> VersionRecord {
        try base.saveVersion(id, bytes: bytes, basedOn: basedOn, revision: revision, pageCount: pageCount, now: now)
    }

    func versions(_ id: String) throws -> [VersionRecord] { try base.versions(id) }
    func versionData(_ id: String, number: Int) throws -> Data {
        lock.withLock { versionReads += 1 }
        return try base.versionData(id, number: number)
    }
    /// How many times a version's bytes were read.
    var versionReadCount: Int { lock.withLock { versionReads } }
    private var versionReads = 0
    func restoreVersion(_ id: String, number: Int, revision: Int, pageCount: Int, now: Date) throws -> VersionRecord {
        try base.restoreVersion(id, number: number, revision: revision, pageCount: pageCount, now: now)
    }

    func retention() throws -> StoreRetention { try base.retention() }
    func setRetention(_ retention: StoreRetention) throws { try base.setRetention(retention) }
    func retention(of id: String) throws -> RetentionPolicy? { try base.retention(of: id) }
    func setRetention(of id: String, _ policy: RetentionPolicy?) throws { try base.setRetention(of: id, policy) }
    func pruneVersions(_ id: String, _ prune: VersionPrune) throws { try base.pruneVersions(id, prune) }
    func redactHistory(_ id: String, bytes: Data, basedOn: Int, revision: Int, pageCount: Int, now: Date) throws -> VersionRecord {
        try base.redactHistory(id, bytes: bytes, basedOn: basedOn, revision: revision, pageCount: pageCount, now: now)
    }
    func clearFreedSpace() throws { try base.clearFreedSpace() }

    func checkReady() throws { try base.checkReady() }
    func close() { base.close() }
}

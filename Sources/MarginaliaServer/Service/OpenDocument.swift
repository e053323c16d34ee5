import Foundation
import Marginalia
import MarginaliaEditor

/// One document held in memory by the service: the PDF with every applied edit, the shared
/// undo history, the revision, and the entries applied but not yet committed to the log.
///
/// Two locks, neither recursive, always taken in this order when both are needed:
/// - the commit lock: one log commit (an fsync) at a time, and readers that must see only
///   committed state (``OpenDocuments/withDocument(_:waitingForStore:meter:_:)``);
/// - the state lock: every read and change of ``State`` and of the fields beside it, held
///   briefly by each edit. Code that runs holding it and needs the state again says so
///   (`held: true`) instead of taking it twice; subscribers called back under it must not
///   come back to the service for this document.
///
/// An edit takes only the state lock to apply itself in memory and queue its entries, then
/// waits: while one commit is on disk, the edits arriving meanwhile queue up, and when it
/// ends one of their threads becomes the next committer and writes them all with one fsync
/// while the others sleep until their entries have an outcome.
// @unchecked: its `PDFDocument` is a non-Sendable graph read by the generic bodies of
// `withState`, which a `Mutex` cannot hand an `inout sending` value to; it is reached only under the state lock.
final class OpenDocument: @unchecked Sendable {
    /// The loaded state.
    struct State {
        var document: PDFDocument
        var history: UndoHistory
        /// The revision of the newest applied entry (committed or not).
        var revision: Int
        var savedRevision: Int
        /// The store's file the content comes from (a version restore starts another), to
        /// notice a restore made by another process.
        var file: String
        /// The version the document was opened from or last saved as: a save appends to it.
        var baseVersion: Int
        /// The file last built of this state (``DocumentSaving/currentFile(_:)``).
        var builtFile: BuiltFile?
    }

    /// A file built of the state in memory, with what that state was.
    struct BuiltFile {
        /// What the bytes show. Every change of the document in memory moves its file's
        /// change count (an undo of entries a failed commit takes back too); a save or reload
        /// opens another document; a restore names another file.
        struct Shows: Equatable {
            let document: ObjectIdentifier
            let changeCount: Int
            let revision: Int
            let savedRevision: Int
            let file: String
            let baseVersion: Int

            init(_ state: State) {
                document = ObjectIdentifier(state.document)
                changeCount = state.document.file.changeCount
                revision = state.revision
                savedRevision = state.savedRevision
                file = state.file
                baseVersion = state.baseVersion
            }
        }

        let shows: Shows
        let file: CurrentFile
    }

    let id: String
    private let lock = NSLock()
    /// Taken before ``lock``, never after it.
    private let commitLock = NSLock()
    private var state: State?

    // Kept beside ``State`` rather than in it, so the copy ``withState(load:_:)`` hands out
    // does not copy them on every change; guarded by the state lock all the same.

    /// Entries applied in memory, oldest first, not yet taken by a committer.
    var pending: [PendingApply] = []
    /// The newest entries of the log, decoded and with their JSON.
    var recent = RecentLog()
    /// True while a catch-up with another process's changes is queued (shared stores).
    var refreshQueued = false
    /// The newest revision another process announced (shared stores).
    var announcedRevision = 0
    /// Commits under way (their entries are in memory, taken off ``pending``, not yet logged).
    var commitsInFlight = 0

    /// The revision of the state in memory, nil when it is not loaded.
    var loadedRevision: Int? { locked { state?.revision } }

    init(id: String) {
        self.id = id
    }

    /// Runs `body` on the document's state under the state lock, loading it first when needed
    /// (`held`: the caller holds the lock already).
    func withState<T>(held: Bool = false, load: () throws -> State, _ body: (inout State) throws -> T) throws -> T {
        try locked(held: held) {
            if state == nil { state = try load() }
            guard var current = state else { throw ServiceError.internalError("document \(id) could not be loaded") }
            defer { state = current }
            return try body(&current)
        }
    }

    /// Runs `body` under the state lock (`held`: the caller holds it already), for the
    /// fields beside the state and for changes that only touch the catalogue but must not
    /// interleave with edits, such as renaming.
    func locked<T>(held: Bool = false, _ body: () throws -> T) rethrows -> T {
        if held { return try body() }
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Drops the loaded state and the recent log when nothing is at work on the document:
    /// neither lock is held, nothing is queued or being committed, no catch-up is queued.
    /// Never waits for a lock. Returns whether the document is now unloaded (the caller takes
    /// its entry out of the table, ``OpenDocuments/unloadUnused()``).
    func unloadIfUnused() -> Bool {
        guard commitLock.try() else { return false }
        defer { commitLock.unlock() }
        guard lock.try() else { return false }
        defer { lock.unlock() }
        guard pending.isEmpty, commitsInFlight == 0, !refreshQueued else { return false }
        state = nil
        recent.removeAll()
        return true
    }

    // MARK: - Waiting for commits

    /// Whether a committer is at work; signalled when a commit ends or outcomes are set.
    private let committerActive = Waitable(false)

    /// Waits until `pending` has an outcome, or until no commit is running, in which case the
    /// caller becomes the committer (and must call ``endCommit()``). Returns the outcome, or
    /// nil for a new committer.
    func awaitOutcome(of pending: PendingApply) -> Result<Void, ServiceError>? {
        committerActive.wait { active -> Result<Void, ServiceError>?? in
            if let outcome = pending.outcome { return .some(outcome) }
            guard !active else { return nil }
            active = true
            return .some(nil)
        } ?? nil
    }

    /// Ends a commit started by ``awaitOutcome(of:)`` and wakes the waiters.
    func endCommit() {
        committerActive.withLock { $0 = false }
        committerActive.broadcast()
    }

    /// Sets the outcome of queued entries and wakes their waiters.
    func resolve(_ batch: [PendingApply], _ outcome: Result<Void, ServiceError>) {
        committerActive.withLock { _ in
            for pending in batch { pending.outcome = outcome }
        }
        committerActive.broadcast()
    }

    /// Runs `body` holding the commit lock.
    func committing<T>(_ body: () throws -> T) rethrows -> T {
        commitLock.lock()
        defer { commitLock.unlock() }
        return try body()
    }
}

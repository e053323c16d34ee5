import Foundation
import Marginalia
import MarginaliaEditor
import Synchronization

/// One document held in memory by the service: the PDF with every applied edit, the shared
/// undo history, the revision, and the entries applied but not yet committed to the log.
///
/// Two locks, neither recursive, always taken in this order when both are needed:
/// - the commit lock: one log commit (an fsync) at a time, and readers that must see only
///   committed state (``OpenDocuments/withDocument(_:waitingForStore:meter:_:)``);
/// - the state lock: a `Mutex` (in a ``Waitable``) around one plain struct, ``Guarded``,
///   reached only through ``locked(_:)``, ``withState(load:_:)`` and
///   ``withStateOnceOpen(load:_:)``, whose bodies get it `inout sending`; held briefly by each
///   edit and by each step of a commit. Subscribers called back under it must not come back
///   to the service for this document.
///
/// The `Mutex` lets no document out: its value enters as `sending` and leaves only as the
/// results of those bodies, which are `Sendable` (`T: Sendable`, checked by the compiler at
/// every call site), so the type is `Sendable` without `@unchecked`. No step runs for a caller holding the state lock: a reader that must
/// see no uncommitted edit closes the gate (``Guarded/readerWaiting``) instead, which makes
/// edits wait before they apply, commits what is queued like any committer, then reads.
///
/// An edit takes only the state lock to apply itself in memory and queue its entries, then
/// waits: while one commit is on disk, the edits arriving meanwhile queue up, and when it
/// ends one of their threads becomes the next committer and writes them all with one fsync
/// while the others sleep until their entries have an outcome.
final class OpenDocument: Sendable {
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
        /// Entries applied in memory, oldest first, not yet taken by a committer.
        var pending: [PendingApply] = []
        /// The newest entries of the log, decoded and with their JSON.
        var recent = RecentLog()
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

    /// Everything the state lock guards.
    struct Guarded {
        /// The loaded state, nil when the document is not in memory.
        var state: State?
        /// True while a catch-up with another process's changes is queued (shared stores).
        var refreshQueued = false
        /// The newest revision another process announced (shared stores).
        var announcedRevision = 0
        /// Commits under way (their entries are in memory, taken off the pending ones, not yet logged).
        var commitsInFlight = 0

        /// True while a reader holding the commit lock commits what is queued and reads: edits
        /// wait before they apply (``withStateOnceOpen(load:_:)``), so the reader sees none
        /// uncommitted. Set and cleared only by the holder of the commit lock.
        var readerWaiting = false

        /// Runs `body` on the state of `guarded`, loading it first when needed.
        static func withState<T: Sendable>(_ guarded: inout sending Guarded, id: String, load: () throws -> sending State,
                                 _ body: (inout sending State) throws -> sending T) throws -> sending T {
            if guarded.state == nil { guarded.state = try load() }
            guard guarded.state != nil else { throw ServiceError.internalError("document \(id) could not be loaded") }
            return try body(&guarded.state!)
        }
    }

    let id: String
    /// The state lock; edits also wait on it for a reader (``Guarded/readerWaiting``).
    private let guarded = Waitable(Guarded())
    /// Taken before the state lock, never after it.
    private let commitLock = NSLock()

    /// The revision of the state in memory, nil when it is not loaded.
    var loadedRevision: Int? { locked { $0.state?.revision } }

    init(id: String) {
        self.id = id
    }

    /// Runs `body` on the document's state under the state lock, loading it first when needed.
    func withState<T: Sendable>(load: () throws -> sending State, _ body: (inout sending State) throws -> sending T) throws -> sending T {
        try locked { try Guarded.withState(&$0, id: id, load: load, body) }
    }

    /// Runs `body` as ``withState(load:_:)`` does once no reader is waiting
    /// (``Guarded/readerWaiting``): what an edit applying itself in memory calls.
    func withStateOnceOpen<T: Sendable>(load: () throws -> sending State,
                              _ body: (inout sending State) throws -> sending T) throws -> sending T {
        let result = try guarded.wait { (guarded: inout sending Guarded) throws -> sending T? in
            guard !guarded.readerWaiting else { return nil }
            return try Guarded.withState(&guarded, id: id, load: load, body)
        }
        guard let result else { throw ServiceError.internalError("document \(id): a wait without a deadline ended") }
        return result
    }

    /// Runs `body` on everything the state lock guards, holding it; also for changes that
    /// only touch the catalogue but must not interleave with edits, such as renaming.
    func locked<T: Sendable>(_ body: (inout sending Guarded) throws -> sending T) rethrows -> sending T {
        try guarded.withLock { try body(&$0) }
    }

    /// Runs `body` with the gate closed (``Guarded/readerWaiting``): edits wait before they
    /// apply until it ends. Call holding the commit lock.
    func withEditsWaiting<T>(_ body: () throws -> T) rethrows -> T {
        locked { $0.readerWaiting = true }
        defer {
            locked { $0.readerWaiting = false }
            guarded.broadcast()
        }
        return try body()
    }

    /// Drops the loaded state and the recent log when nothing is at work on the document:
    /// neither lock is held, nothing is queued or being committed, no catch-up is queued.
    /// Never waits for a lock. Returns whether the document is now unloaded (the caller takes
    /// its entry out of the table, ``OpenDocuments/unloadUnused()``).
    func unloadIfUnused() -> Bool {
        guard commitLock.try() else { return false }
        defer { commitLock.unlock() }
        return guarded.withLockIfAvailable { guarded -> Bool in
            guard guarded.state?.pending.isEmpty ?? true, guarded.commitsInFlight == 0, !guarded.refreshQueued else { return false }
            guarded.state = nil
            return true
        } ?? false
    }

    // MARK: - Waiting for commits

    /// Whether a committer is at work, and the requests asleep until a commit answers them.
    private struct Commits {
        /// Whether a committer is at work (or was chosen and is waking).
        var active = false
        /// The requests asleep in ``awaitOutcome(of:)``, oldest first, each on its own
        /// ``PendingApply/wakeUp``: a commit wakes the ones it answered and the next committer,
        /// no other.
        var asleep: [PendingApply] = []
        /// The request whose thread an ending commit chose to commit next.
        var handedTo: ObjectIdentifier?

        /// Takes the sleepers that have an outcome out of ``asleep``, to wake.
        mutating func takeAnswered() -> [PendingApply] {
            var answered: [PendingApply] = []
            asleep.removeAll { pending in
                guard pending.outcome != nil else { return false }
                answered.append(pending)
                return true
            }
            return answered
        }
    }

    private let commits = Mutex(Commits())

    /// How many requests sleep until a commit answers them or hands them the next (for tests).
    var requestsAsleep: Int { commits.withLock { $0.asleep.count } }

    /// Waits until `pending` has an outcome, or until the caller is to commit: no commit is
    /// running, or an ending one handed it the next (``endCommit()``); the caller then commits
    /// and must call ``endCommit()``. Returns the outcome, or nil for a new committer.
    func awaitOutcome(of pending: PendingApply) -> Result<Void, ServiceError>? {
        while true {
            // .some(outcome or nil): return it; nil: sleep until woken.
            let next = commits.withLock { commits -> Result<Void, ServiceError>?? in
                // Handed the commit: take it even if another commit answered us meanwhile,
                // or no one would end the commit the hand-over began.
                if commits.handedTo == ObjectIdentifier(pending) {
                    commits.handedTo = nil
                    return .some(nil)
                }
                if let outcome = pending.outcome { return .some(outcome) }
                guard commits.active else {
                    commits.active = true
                    return .some(nil)
                }
                commits.asleep.append(pending)
                return nil
            }
            if let next { return next }
            pending.wakeUp.wait()
        }
    }

    /// Ends a commit started by ``awaitOutcome(of:)``: wakes the sleepers whose entries have
    /// an outcome, and hands the next commit to the oldest one still queued (woken too), or
    /// marks no commit running when none is.
    func endCommit() {
        let woken = commits.withLock { commits -> [PendingApply] in
            var woken = commits.takeAnswered()
            if commits.asleep.isEmpty {
                commits.active = false
            } else {
                let next = commits.asleep.removeFirst()
                commits.handedTo = ObjectIdentifier(next)
                woken.append(next)
            }
            return woken
        }
        for pending in woken { pending.wakeUp.signal() }
    }

    /// Sets the outcome of queued entries and, when `waking`, wakes those of their requests
    /// that sleep. A committer started by ``awaitOutcome(of:)`` wakes them with
    /// ``endCommit()`` instead, once its commit is over.
    func resolve(_ batch: [PendingApply], _ outcome: Result<Void, ServiceError>, waking: Bool) {
        let woken = commits.withLock { commits -> [PendingApply] in
            for pending in batch { pending.outcome = outcome }
            return waking ? commits.takeAnswered() : []
        }
        for pending in woken { pending.wakeUp.signal() }
    }

    /// Runs `body` holding the commit lock.
    func committing<T>(_ body: () throws -> T) rethrows -> T {
        commitLock.lock()
        defer { commitLock.unlock() }
        return try body()
    }
}

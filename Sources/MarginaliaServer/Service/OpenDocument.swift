import Foundation
import Marginalia
import MarginaliaEditor

/// One document held in memory by the service: the PDF with every applied edit, the shared
/// undo history, the revision, and the entries applied but not yet committed to the log.
///
/// Two locks, neither recursive, always taken in this order when both are needed:
/// - the commit lock: one log commit (an fsync) at a time, and readers that must see only
///   committed state (``OpenDocuments/withDocument(_:waitingForStore:meter:_:)``);
/// - the state lock: it guards one plain struct, ``Guarded``, reached only through
///   ``locked(_:)`` and ``withState(load:_:)``, whose bodies get it `inout`; held briefly by
///   each edit. A step that runs for a caller already holding it (the group commit for a
///   reader) is handed a ``Reach``, which passes the caller's `inout` value on instead of
///   taking the lock again. Subscribers called back under it must not come back to the
///   service for this document.
///
/// An edit takes only the state lock to apply itself in memory and queue its entries, then
/// waits: while one commit is on disk, the edits arriving meanwhile queue up, and when it
/// ends one of their threads becomes the next committer and writes them all with one fsync
/// while the others sleep until their entries have an outcome.
// @unchecked: its `PDFDocument` is not Sendable (a `Mutex` refuses the reader's group commit); all else is in `guarded`, under `lock`.
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

        /// Runs `body` on the state, loading it first when needed.
        mutating func withState<T>(id: String, load: () throws -> State, _ body: (inout State) throws -> T) throws -> T {
            if state == nil { state = try load() }
            guard state != nil else { throw ServiceError.internalError("document \(id) could not be loaded") }
            return try body(&state!)
        }
    }

    /// How a step reaches ``Guarded``: by taking the state lock (``locked(_:)``), or, for a
    /// caller that holds it, by handing on the caller's value.
    typealias Reach = (_ body: (inout Guarded) -> Void) -> Void

    let id: String
    private let lock = NSLock()
    /// Taken before ``lock``, never after it.
    private let commitLock = NSLock()
    /// Reached only holding ``lock``.
    private var guarded = Guarded()

    /// The revision of the state in memory, nil when it is not loaded.
    var loadedRevision: Int? { locked { $0.state?.revision } }

    init(id: String) {
        self.id = id
    }

    /// Runs `body` on the document's state under the state lock, loading it first when needed.
    func withState<T>(load: () throws -> State, _ body: (inout State) throws -> T) throws -> T {
        try locked { try $0.withState(id: id, load: load, body) }
    }

    /// Runs `body` on everything the state lock guards, holding it; also for changes that
    /// only touch the catalogue but must not interleave with edits, such as renaming.
    func locked<T>(_ body: (inout Guarded) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&guarded)
    }

    /// Runs `body` through `reach` and returns what it gave.
    static func through<T>(_ reach: Reach, _ body: (inout Guarded) -> T) -> T {
        var result: T?
        withoutActuallyEscaping(body) { body in reach { result = body(&$0) } }
        return result!
    }

    /// Runs a throwing `body` through `reach`, and returns what it gave or throws what it threw.
    static func through<T>(_ reach: Reach, _ body: (inout Guarded) throws -> T) throws -> T {
        var result: Result<T, any Error>?
        withoutActuallyEscaping(body) { body in
            reach { guarded in
                do { result = .success(try body(&guarded)) } catch { result = .failure(error) }
            }
        }
        return try result!.get()
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
        guard guarded.state?.pending.isEmpty ?? true, guarded.commitsInFlight == 0, !guarded.refreshQueued else { return false }
        guarded.state = nil
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

import Foundation
import Marginalia
import MarginaliaEditor

/// One document held in memory by the service: the PDF with every applied edit, the shared
/// undo history, the revision, and the entries applied but not yet committed to the log.
///
/// Two locks, always taken in this order when both are needed:
/// - the commit lock: one log commit (an fsync) at a time, and readers that must see only
///   committed state (``DocumentService/withDocument(_:_:)``);
/// - the state lock (recursive: a subscriber called back under it may read the same
///   document again): every read and change of ``State``, held briefly by each edit.
///
/// An edit takes only the state lock to apply itself in memory and queue its entries, then
/// waits: while one commit is on disk, the edits arriving meanwhile queue up, and when it
/// ends one of their threads becomes the next committer and writes them all with one fsync
/// while the others sleep until their entries have an outcome.
// @unchecked: its state (a `PDFDocument`, not Sendable) is reached only under the recursive state
// lock described above; a Mutex would deadlock the subscribers that read back (issue 29, item 5).
final class OpenDocument: @unchecked Sendable {
    /// The loaded state.
    struct State {
        var document: PDFDocument
        var history: SharedHistory
        /// The revision of the newest applied entry (committed or not).
        var revision: Int
        var savedRevision: Int
        /// The store's file the content comes from (a version restore starts another), to
        /// notice a restore made by another process.
        var file: String
        /// The version the document was opened from or last saved as: a save appends to it.
        var baseVersion: Int
        /// The file last built of this state (``DocumentService/currentFile(_:)``).
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
    private let lock = NSRecursiveLock()
    /// Taken before ``lock``, never after it.
    private let commitLock = NSRecursiveLock()
    private var state: State?

    // Kept beside ``State`` rather than in it, so the copy ``withState(load:_:)`` hands out
    // does not copy them on every change; guarded by the state lock all the same.

    /// Entries applied in memory, oldest first, not yet taken by a committer.
    var pending: [PendingApply] = []
    /// The newest entries of the log, decoded and with their JSON.
    var recent = RecentLog()
    /// True while a committer calls subscribers back (they must not start a commit).
    var notifying = false
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

    /// Runs `body` on the document's state under the state lock, loading it first when needed.
    func withState<T>(load: () throws -> State, _ body: (inout State) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        if state == nil { state = try load() }
        guard var current = state else { throw ServiceError.internalError("document \(id) could not be loaded") }
        defer { state = current }
        return try body(&current)
    }

    /// Runs `body` under the state lock without loading (for changes that only touch the
    /// catalogue but must not interleave with edits, such as renaming).
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    // MARK: - Waiting for commits

    /// Guards ``PendingApply/outcome`` and ``committerActive``; signalled when a commit ends.
    private let commits = NSCondition()
    private var committerActive = false

    /// Waits until `pending` has an outcome, or until no commit is running, in which case the
    /// caller becomes the committer (and must call ``endCommit()``). Returns the outcome, or
    /// nil for a new committer.
    func awaitOutcome(of pending: PendingApply) -> Result<Void, ServiceError>? {
        commits.lock()
        defer { commits.unlock() }
        while pending.outcome == nil && committerActive { commits.wait() }
        if let outcome = pending.outcome { return outcome }
        committerActive = true
        return nil
    }

    /// Ends a commit started by ``awaitOutcome(of:)`` and wakes the waiters.
    func endCommit() {
        commits.lock()
        committerActive = false
        commits.broadcast()
        commits.unlock()
    }

    /// Sets the outcome of queued entries and wakes their waiters.
    func resolve(_ batch: [PendingApply], _ outcome: Result<Void, ServiceError>) {
        commits.lock()
        for pending in batch { pending.outcome = outcome }
        commits.broadcast()
        commits.unlock()
    }

    /// Runs `body` holding the commit lock.
    func committing<T>(_ body: () throws -> T) rethrows -> T {
        commitLock.lock()
        defer { commitLock.unlock() }
        return try body()
    }
}

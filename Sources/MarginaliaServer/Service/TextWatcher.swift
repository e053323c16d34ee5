import Synchronization

/// What changed in a document, as the text index needs to know it.
enum TextChange: Sendable {
    /// Anything may have (an upload, the trash, a version restored, a purge): the document is
    /// read again.
    case document
    /// These entries were committed to its log, in revision order: what they did to
    /// annotations can be taken from them (``AnnotationTextEdit``).
    case logged([LoggedOperation])
}

/// Who is told of each document whose text changed (the search part's indexer); set once,
/// told on every upload, commit, trashing and removal.
///
/// The closure is kept in a struct. Kept in a `Mutex` as it is and read back with
/// `withLock { $0 }`, it came back wrapped in one more reabstraction thunk each time, and was
/// kept so: the n-th change since the server started called through n thunks, so that each
/// stroke cost more than the one before (docs/benchmarks.md, "instructions per stroke").
final class TextWatcher: Sendable {
    private struct Watcher: Sendable {
        let tell: @Sendable (String, TextChange) -> Void
    }

    private let watcher = Mutex<Watcher?>(nil)

    /// Has `tell` told of every change from now on, instead of whoever was told before.
    func watch(_ tell: @escaping @Sendable (String, TextChange) -> Void) {
        watcher.withLock { $0 = Watcher(tell: tell) }
    }

    /// Tells the watcher, if any, that document `id` changed (outside the lock).
    func tell(_ id: String, _ change: TextChange) {
        watcher.withLock { $0 }?.tell(id, change)
    }
}

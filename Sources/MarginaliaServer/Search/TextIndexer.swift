import Foundation

/// Keeps a ``TextIndex`` current in the background: documents that changed are queued (each
/// once, however often it changed meanwhile) and indexed one at a time on a thread of its
/// own, so that uploads and edits never wait for text extraction.
///
/// A document is read again only when its pages may have changed (an upload, a page inserted
/// or removed...: ``enqueue(_:)``). Entries that only touch annotations are taken from the log
/// (``enqueue(_:edits:through:)``): the annotations' text they carry replaces their rows, the
/// pages' rows stay, so that a stroke without text (by a user without a name) costs the index
/// nothing but the new version. Each document's edits are taken in revision order, those up to
/// the revision its last reading saw left out (that reading held them already); an edit taken
/// in twice leaves one row, and after a failure, before the first reading, or when the entries
/// told do not follow each other (a gap), the document is read again instead. Each update
/// says which entries it covers (``AnnotationTextUpdate/after``), so that an index shared by
/// replicas takes in only what its rows lack (``PostgresTextIndex/update(_:)``).
///
/// A document is indexed again at the earliest ``settle`` seconds after its last indexing
/// ended, or three times as long as that indexing took when that is longer (so indexing one
/// large document takes at most a quarter of a core): a change to a document left alone is
/// indexed at once, while one edited continuously (500 strokes a second) is indexed every few
/// seconds with all its changes, instead of after every change, which cost more CPU than the
/// strokes themselves (docs/benchmarks.md, workload "profile").
final class TextIndexer: Sendable {
    /// What a queued document needs.
    private enum Work {
        /// Reading again, pages and annotations.
        case rebuild
        /// Annotations' edits taken in (those that change rows) of the entries after revision
        /// `after` up to revision `through`.
        case edits([AnnotationTextEdit], after: Int, through: Int)
    }

    private struct Queue {
        var queued: [String] = []
        /// What each queued document needs.
        var work: [String: Work] = [:]
        /// The revision each document's rows hold, as its last indexing here left them: edits
        /// up to it are in them.
        var indexedRevision: [String: Int] = [:]
        /// The document being indexed.
        var busy: String?
        var stopped = false
        var lastError: String?
        /// How many times a document was read whole (``rebuild(_:)``, built, not found current).
        var documentsRead = 0
        /// When each document recently indexed may be indexed again.
        var notBefore: [String: Date] = [:]
        /// Callers of ``waitUntilIdle(timeout:)`` waiting now: while there are any, every
        /// queued document is due at once.
        var flushing = 0
        /// How many times the indexing thread was woken in a wait (by a broadcast, or its
        /// deadline) and looked at the queue again (tests).
        var wakeUps = 0

        func isDue(_ id: String, at now: Date) -> Bool {
            flushing > 0 || (notBefore[id].map { $0 <= now } ?? true)
        }

        /// The first queued document that is due and what it needs, taken off the queue.
        mutating func takeDue(at now: Date) -> (id: String, work: Work)? {
            guard let index = queued.firstIndex(where: { isDue($0, at: now) }) else { return nil }
            let id = queued.remove(at: index)
            return (id, work.removeValue(forKey: id) ?? .rebuild)
        }

        /// Queues what `id` needs; whether it was not queued before (only then can the
        /// indexing thread or a waiter for idleness have a reason to look again: whether a
        /// queued document is due does not depend on its work).
        @discardableResult
        mutating func add(_ id: String, _ needed: Work) -> Bool {
            switch (work[id], needed) {
            case (.rebuild?, _):
                break  // reading it again takes in every edit
            case (.edits(var edits, let after, let queuedThrough)?, .edits(let more, let moreAfter, let through))
                where moreAfter <= queuedThrough:
                work[id] = nil  // `edits` the only holder of its storage
                edits += more
                work[id] = .edits(edits, after: after, through: through)
            case (.edits?, .edits):
                work[id] = .rebuild  // entries between the two were not told: read it again
            case (.edits?, .rebuild), (nil, _):
                work[id] = needed
            }
            guard !queued.contains(id) else { return false }
            queued.append(id)
            return true
        }

        /// Whether a queued document is due.
        func hasDue(at now: Date) -> Bool { queued.contains { isDue($0, at: now) } }

        /// When the next queued document becomes due.
        var nextDue: Date? { queued.compactMap { notBefore[$0] }.min() }
    }

    /// The least time between two indexings of one document, in seconds.
    let settle: TimeInterval

    let index: any TextIndex
    /// Makes what the index should hold for a document; nil when it should hold nothing
    /// (the document is in the trash or gone).
    private let build: @Sendable (String) throws -> IndexedDocument?
    /// Whether the index already holds the document's current state (another replica may
    /// have indexed it meanwhile over a shared index), so that building it again is skipped.
    private let isCurrent: @Sendable (String) -> Bool
    /// The version of a document after its entries up to a revision (``IndexedDocument/version``);
    /// nil when the index should not hold it (in the trash, or gone), or when edits are not to
    /// be taken in (the default): the document is then read again.
    private let versionAfter: @Sendable (String, Int) throws -> String?
    private let queue = Waitable(Queue())

    /// The last error, for the log and the tests.
    var lastError: String? { queue.withLock { $0.lastError } }

    /// How many times a document was read whole since the indexer started (tests, benchmarks).
    var documentsRead: Int { queue.withLock { $0.documentsRead } }

    /// How many times the indexing thread has been woken since it started (tests): each
    /// wake-up is a look at the queue and, when nothing is due, a sleep again.
    var wakeUps: Int { queue.withLock { $0.wakeUps } }

    init(index: any TextIndex, settle: TimeInterval = 2, isCurrent: @escaping @Sendable (String) -> Bool = { _ in false },
         versionAfter: @escaping @Sendable (String, Int) throws -> String? = { _, _ in nil },
         build: @escaping @Sendable (String) throws -> IndexedDocument?) {
        self.index = index
        self.settle = settle
        self.isCurrent = isCurrent
        self.versionAfter = versionAfter
        self.build = build
        let thread = Thread.named("mg-text-index") { [weak self] in self?.work() }
        thread.start()
    }

    /// Asks for `id` to be read and indexed again (or removed) soon.
    func enqueue(_ id: String) {
        if queue.withLock({ $0.add(id, .rebuild) }) {
            queue.broadcast()  // the indexing thread, among callers of waitUntilIdle
        }
    }

    /// Asks for annotation `edits` of `id`, from the entries after revision `after` up to
    /// revision `through` (later than any queued before for it), to be taken in soon.
    ///
    /// The indexing thread is woken only when the document was not queued: a document edited
    /// continuously stays queued while it rests (``settle``), and waking the thread for each
    /// stroke only had it find nothing due and sleep again, two context switches a stroke.
    /// Returns whether it woke the thread.
    @discardableResult
    func enqueue(_ id: String, edits: [AnnotationTextEdit], after: Int, through: Int) -> Bool {
        let changing = edits.filter { !$0.changesNothing }
        let newlyQueued = queue.withLock { queue -> Bool in
            guard through > queue.indexedRevision[id] ?? .min else { return false }
            return queue.add(id, .edits(changing, after: after, through: through))
        }
        if newlyQueued { queue.broadcast() }
        return newlyQueued
    }

    /// Waits until nothing is queued or being indexed (tests, benchmarks), or `timeout` passes;
    /// meanwhile every queued document is indexed without waiting for ``settle``.
    @discardableResult
    func waitUntilIdle(timeout: TimeInterval = 60) -> Bool {
        queue.withLock { $0.flushing += 1 }
        queue.broadcast()
        defer { queue.withLock { $0.flushing -= 1 } }
        return queue.wait(until: Date().addingTimeInterval(timeout)) { queue -> Bool? in
            queue.queued.isEmpty && queue.busy == nil ? true : nil
        } ?? false
    }

    /// Erases document `id` from the index (``TextIndex/erase(documentID:)``) once an indexing
    /// of it under way has ended (it may have read the content from before a redaction, and
    /// would store it again after the erasure), then queues the document, to be indexed again
    /// from its current state. Call it after the change is committed: an indexing that starts
    /// later reads the new content.
    func erase(_ id: String) throws {
        _ = queue.wait { queue -> Bool? in queue.busy == id ? nil : true }
        defer { enqueue(id) }
        try index.erase(documentID: id)
    }

    func stop() {
        queue.withLock { $0.stopped = true }
        queue.broadcast()
    }

    /// What the indexing thread does next.
    private enum Step {
        /// Indexing a document, whose rows hold its state at revision `indexed` when known.
        case index(String, Work, indexed: Int?)
        /// Nothing queued is due before then.
        case rest(until: Date)
        case end
    }

    private func work() {
        while true {
            var looked = false  // a wait's first look is no wake-up; each later one is
            let step = queue.wait { queue -> Step? in
                if looked { queue.wakeUps += 1 }
                looked = true
                if queue.stopped { return .end }
                guard !queue.queued.isEmpty else { return nil }
                let now = Date()
                if let taken = queue.takeDue(at: now) {
                    queue.busy = taken.id
                    return .index(taken.id, taken.work, indexed: queue.indexedRevision[taken.id])
                }
                return .rest(until: queue.nextDue ?? now)
            }
            switch step {
            case .index(let id, let work, let indexed)?: index(id, work, indexed: indexed)
            case .rest(let until)?:
                // Woken early by a stop, a flush or a document queued that is due already.
                var looked = false
                _ = queue.wait(until: until) { queue -> Bool? in
                    if looked { queue.wakeUps += 1 }
                    looked = true
                    return queue.stopped || queue.hasDue(at: Date()) ? true : nil
                }
            case .end?, nil: return
            }
        }
    }

    /// Indexes one document (the caller set `busy`), then wakes the waiters.
    private func index(_ id: String, _ work: Work, indexed: Int?) {
        let began = Date()
        var failure: String?
        var revision: Int?
        do {
            // Edits go onto rows whose revision is known; otherwise (a start, or a failure
            // before) the document is read again.
            if case .edits(let edits, let after, let through) = work, let indexed {
                revision = try takeIn(id, edits.filter { $0.revision > indexed }, after: max(after, indexed), through: through)
            }
            if revision == nil { revision = try rebuild(id) }
        } catch {
            failure = "document \(id): \(error)"
        }
        let ended = Date()
        let pause = max(settle, 3 * ended.timeIntervalSince(began))
        queue.withLock { queue in
            if let failure {
                queue.lastError = failure
                // The edits it did not take in are read with the document, after the rest.
                if case .edits = work { queue.add(id, .rebuild) }
            }
            queue.indexedRevision[id] = revision
            queue.busy = nil
            queue.notBefore = queue.notBefore.filter { $0.value > ended }  // only those still resting
            queue.notBefore[id] = ended.addingTimeInterval(pause)
        }
        queue.broadcast()
    }

    /// Takes annotation edits into the rows; the revision they hold after, or nil when the
    /// document must be read again instead (the index does not hold it, or it is in the trash
    /// or gone).
    private func takeIn(_ id: String, _ edits: [AnnotationTextEdit], after: Int, through: Int) throws -> Int? {
        guard let version = try versionAfter(id, through) else { return nil }
        return try index.update(AnnotationTextUpdate(documentID: id, version: version, after: after, edits: edits)) ? through : nil
    }

    /// Reads the document again into the index (or takes it out); the revision its rows hold
    /// after, when their version says.
    private func rebuild(_ id: String) throws -> Int? {
        if isCurrent(id) {
            return try index.version(documentID: id).flatMap(Self.revision(ofVersion:))
        } else if let document = try build(id) {
            queue.withLock { $0.documentsRead += 1 }
            try index.replace(document)
            return Self.revision(ofVersion: document.version)
        } else {
            try index.remove(documentID: id)
            return nil
        }
    }

    /// A document's version mark as the index keeps it, `revision.savedVersion`: the log's
    /// revision its rows hold and the number of its latest saved version (0 before any);
    /// ``revision(ofVersion:)`` reads the first part back.
    static func version(revision: Int, savedNumber: Int) -> String {
        "\(revision).\(savedNumber)"
    }

    /// The revision a version (``IndexedDocument/version``, "revision.version") names.
    static func revision(ofVersion version: String) -> Int? {
        parts(ofVersion: version).revision
    }

    /// The revision and the saved version's number a version mark holds
    /// (``version(revision:savedNumber:)``), each nil when it is missing or not a number.
    static func parts(ofVersion version: String) -> (revision: Int?, savedNumber: Int?) {
        let parts = version.split(separator: ".")
        return (parts.first.flatMap { Int($0) }, parts.dropFirst().first.flatMap { Int($0) })
    }
}

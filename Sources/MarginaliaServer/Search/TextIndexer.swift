import Foundation

/// Keeps a ``TextIndex`` current in the background: documents that changed are queued (each
/// once, however often it changed meanwhile) and indexed one at a time on a thread of its
/// own, so that uploads and edits never wait for text extraction.
///
/// A document is indexed again at the earliest ``settle`` seconds after its last indexing
/// ended, or three times as long as that indexing took when that is longer (so indexing one
/// large document takes at most a quarter of a core): a change to a document left alone is
/// indexed at once, while one edited continuously (500 strokes a second) is indexed every few
/// seconds with all its changes, instead of after every change, which cost more CPU than the
/// strokes themselves (docs/benchmarks.md, workload "profile").
final class TextIndexer: Sendable {
    private struct Queue {
        var queued: [String] = []
        /// The document being indexed.
        var busy: String?
        var stopped = false
        var lastError: String?
        /// When each document recently indexed may be indexed again.
        var notBefore: [String: Date] = [:]
        /// Callers of ``waitUntilIdle(timeout:)`` waiting now: while there are any, every
        /// queued document is due at once.
        var flushing = 0

        func isDue(_ id: String, at now: Date) -> Bool {
            flushing > 0 || (notBefore[id].map { $0 <= now } ?? true)
        }

        /// The first queued document that is due, taken off the queue.
        mutating func takeDue(at now: Date) -> String? {
            guard let index = queued.firstIndex(where: { isDue($0, at: now) }) else { return nil }
            return queued.remove(at: index)
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
    private let queue = Waitable(Queue())

    /// The last error, for the log and the tests.
    var lastError: String? { queue.withLock { $0.lastError } }

    init(index: any TextIndex, settle: TimeInterval = 2, isCurrent: @escaping @Sendable (String) -> Bool = { _ in false },
         build: @escaping @Sendable (String) throws -> IndexedDocument?) {
        self.index = index
        self.settle = settle
        self.isCurrent = isCurrent
        self.build = build
        let thread = Thread { [weak self] in self?.work() }
        thread.name = "marginalia-text-index"
        thread.start()
    }

    /// Asks for `id` to be indexed again (or removed) soon.
    func enqueue(_ id: String) {
        queue.withLock { queue in
            if !queue.queued.contains(id) { queue.queued.append(id) }
        }
        queue.broadcast()  // the indexing thread, among callers of waitUntilIdle
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
        case index(String)
        /// Nothing queued is due before then.
        case rest(until: Date)
        case end
    }

    private func work() {
        while true {
            let step = queue.wait { queue -> Step? in
                if queue.stopped { return .end }
                guard !queue.queued.isEmpty else { return nil }
                let now = Date()
                if let id = queue.takeDue(at: now) {
                    queue.busy = id
                    return .index(id)
                }
                return .rest(until: queue.nextDue ?? now)
            }
            switch step {
            case .index(let id)?: index(id)
            case .rest(let until)?:
                // Woken early by a stop, a flush or a document queued that is due already.
                _ = queue.wait(until: until) { queue -> Bool? in
                    queue.stopped || queue.hasDue(at: Date()) ? true : nil
                }
            case .end?, nil: return
            }
        }
    }

    /// Indexes one document (the caller set `busy`), then wakes the waiters.
    private func index(_ id: String) {
        let began = Date()
        var failure: String?
        do {
            if isCurrent(id) {
                // Nothing to do.
            } else if let document = try build(id) {
                try index.replace(document)
            } else {
                try index.remove(documentID: id)
            }
        } catch {
            failure = "document \(id): \(error)"
        }
        let ended = Date()
        let pause = max(settle, 3 * ended.timeIntervalSince(began))
        queue.withLock { queue in
            if let failure { queue.lastError = failure }
            queue.busy = nil
            queue.notBefore = queue.notBefore.filter { $0.value > ended }  // only those still resting
            queue.notBefore[id] = ended.addingTimeInterval(pause)
        }
        queue.broadcast()
    }
}

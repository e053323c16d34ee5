import Foundation

/// Keeps a ``TextIndex`` current in the background: documents that changed are queued (each
/// once, however often it changed meanwhile) and indexed one at a time on a thread of its
/// own, so that uploads and edits never wait for text extraction.
final class TextIndexer: Sendable {
    private struct Queue {
        var queued: [String] = []
        /// The document being indexed.
        var busy: String?
        var stopped = false
        var lastError: String?
    }

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

    init(index: any TextIndex, isCurrent: @escaping @Sendable (String) -> Bool = { _ in false },
         build: @escaping @Sendable (String) throws -> IndexedDocument?) {
        self.index = index
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
        queue.signal()
    }

    /// Indexes `id` now, on the calling thread, unless nothing is waiting for it; returns
    /// once the index holds its latest state.
    func catchUp(_ id: String) {
        let waiting = queue.wait { queue -> Bool? in
            guard queue.busy != id else { return nil }
            guard queue.queued.contains(id) else { return false }
            queue.queued.removeAll { $0 == id }
            queue.busy = id
            return true
        }
        if waiting == true { index(id) }
    }

    /// Waits until nothing is queued or being indexed (tests, benchmarks), or `timeout` passes.
    @discardableResult
    func waitUntilIdle(timeout: TimeInterval = 60) -> Bool {
        queue.wait(until: Date().addingTimeInterval(timeout)) { queue -> Bool? in
            queue.queued.isEmpty && queue.busy == nil ? true : nil
        } ?? false
    }

    func stop() {
        queue.withLock { $0.stopped = true }
        queue.broadcast()
    }

    /// What the indexing thread does next.
    private enum Step {
        case index(String)
        case end
    }

    private func work() {
        while true {
            let step = queue.wait { queue -> Step? in
                if queue.stopped { return .end }
                guard !queue.queued.isEmpty else { return nil }
                let id = queue.queued.removeFirst()
                queue.busy = id
                return .index(id)
            }
            guard case .index(let id)? = step else { return }
            index(id)
        }
    }

    /// Indexes one document (the caller set `busy`), then wakes the waiters.
    private func index(_ id: String) {
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
        queue.withLock { queue in
            if let failure { queue.lastError = failure }
            queue.busy = nil
        }
        queue.broadcast()
    }
}

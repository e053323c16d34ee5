import Foundation

/// Keeps a ``TextIndex`` current in the background: documents that changed are queued (each
/// once, however often it changed meanwhile) and indexed one at a time on a thread of its
/// own, so that uploads and edits never wait for text extraction.
final class TextIndexer: @unchecked Sendable {
    let index: any TextIndex
    /// Makes what the index should hold for a document; nil when it should hold nothing
    /// (the document is in the trash or gone).
    private let build: @Sendable (String) throws -> IndexedDocument?
    /// Whether the index already holds the document's current state (another replica may
    /// have indexed it meanwhile over a shared index), so that building it again is skipped.
    private let isCurrent: @Sendable (String) -> Bool
    private let condition = NSCondition()
    private var queued: [String] = []
    private var busy: String?
    private var stopped = false
    /// The last error, for the log and the tests.
    private(set) var lastError: String?

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
        condition.lock()
        if !queued.contains(id) { queued.append(id) }
        condition.signal()
        condition.unlock()
    }

    /// Indexes `id` now, on the calling thread, unless nothing is waiting for it; returns
    /// once the index holds its latest state.
    func catchUp(_ id: String) {
        condition.lock()
        while busy == id { condition.wait() }
        let waiting = queued.contains(id)
        if waiting { queued.removeAll { $0 == id }; busy = id }
        condition.unlock()
        if waiting { index(id) }
    }

    /// Waits until nothing is queued or being indexed (tests, benchmarks), or `timeout` passes.
    @discardableResult
    func waitUntilIdle(timeout: TimeInterval = 60) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !queued.isEmpty || busy != nil {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }

    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while queued.isEmpty && !stopped { condition.wait() }
            if stopped { condition.unlock(); return }
            let id = queued.removeFirst()
            busy = id
            condition.unlock()
            index(id)
        }
    }

    /// Indexes one document (the caller set ``busy``), then wakes the waiters.
    private func index(_ id: String) {
        do {
            if isCurrent(id) {
                // Nothing to do.
            } else if let document = try build(id) {
                try index.replace(document)
            } else {
                try index.remove(documentID: id)
            }
        } catch {
            condition.lock()
            lastError = "document \(id): \(error)"
            condition.unlock()
        }
        condition.lock()
        busy = nil
        condition.broadcast()
        condition.unlock()
    }
}

import Foundation
import Synchronization

// Which documents stay in memory: each request holds its document in use while it works,
// and documents nothing uses are unloaded when idle or past the bound (``DocumentResidency``).

/// The documents in memory, with who uses them and when they were last used.
struct DocumentTable {
    struct Slot {
        let entry: OpenDocument
        /// Requests at work on the document now (it is not unloaded while any is).
        var users = 0
        /// When it was last taken or given back (``DocumentResidency/clock``).
        var lastUsed: Double
    }

    var slots: [String: Slot] = [:]
}

extension OpenDocuments {
    /// Runs `body` with the in-memory entry of document `id` (made on first use, not yet
    /// loaded), held in use meanwhile: it is not unloaded before `body` returns. Every
    /// request reaches its document this way.
    ///
    /// - Throws: ``ServiceError/notFound(_:)`` for a document that does not exist (no entry
    ///   is made), ``ServiceError/badRequest(_:)`` for an id that is not one, what `body` throws.
    func using<T>(_ id: String, _ body: (OpenDocument) throws -> T) throws -> T {
        try guarded {
            try DocumentID.validate(id)
            let entry = try take(id)
            defer { giveBack(id, entry) }
            return try body(entry)
        }
    }

    /// How many documents are in memory now (the health endpoint's `openDocuments`).
    var openDocumentCount: Int {
        table.withLock { $0.slots.count }
    }

    private func take(_ id: String) throws -> OpenDocument {
        let now = residency.clock()
        let taken = table.withLock { table -> OpenDocument? in
            guard let entry = table.slots[id]?.entry else { return nil }
            table.slots[id]?.users += 1
            table.slots[id]?.lastUsed = now
            return entry
        }
        if let taken { return taken }
        _ = try store.document(id)  // not found: no entry is made
        return table.withLock { table in
            if let existing = table.slots[id]?.entry {
                table.slots[id]?.users += 1
                table.slots[id]?.lastUsed = now
                return existing
            }
            let made = OpenDocument(id: id)
            table.slots[id] = DocumentTable.Slot(entry: made, users: 1, lastUsed: now)
            return made
        }
    }

    private func giveBack(_ id: String, _ entry: OpenDocument) {
        let now = residency.clock()
        let over = table.withLock { table -> Bool in
            if table.slots[id]?.entry === entry {
                table.slots[id]?.users -= 1
                table.slots[id]?.lastUsed = now
            }
            return table.slots.count > residency.maxOpen
        }
        if over { _ = unloadUnused() }
    }

    /// Unloads the documents nothing uses that have been idle for the residency's idle time,
    /// then, while more than its bound are held, the least recently used of those nothing
    /// uses. A document is in use while a request holds it (``using(_:_:)``), an event stream
    /// is subscribed to it, or it has entries applied and not yet committed, a commit or a
    /// catch-up under way. Returns the ids unloaded.
    @discardableResult
    func unloadUnused() -> [String] {
        let now = residency.clock()
        let idle = Double(residency.idleSeconds)
        return table.withLock { table -> [String] in
            let unused = table.slots.filter { $0.value.users == 0 && !events.hasSubscribers($0.key) }
                .sorted { ($0.value.lastUsed, $0.key) < ($1.value.lastUsed, $1.key) }
            var unloaded: [String] = []
            for (id, slot) in unused {
                let expired = idle > 0 && now - slot.lastUsed >= idle
                guard expired || table.slots.count > residency.maxOpen else { continue }
                guard slot.entry.unloadIfUnused() else { continue }
                table.slots[id] = nil
                unloaded.append(id)
            }
            return unloaded
        }
    }

    /// Starts sweeping idle documents out every so often (a quarter of the idle time, from 1
    /// to 60 seconds); a second call while it runs changes nothing. Nothing starts when the
    /// idle time is 0.
    func startUnloading() {
        guard residency.idleSeconds > 0 else { return }
        let interval = min(60, max(1, Double(residency.idleSeconds) / 4))
        sweep.withLock { running in
            guard running == nil else { return }
            let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "marginalia.unload", qos: .utility))
            timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .seconds(1))
            timer.setEventHandler { [weak self] in self?.unloadUnused() }
            timer.resume()
            running = timer
        }
    }

    /// Stops the sweep.
    func stopUnloading() {
        sweep.withLock { running in
            running?.cancel()
            running = nil
        }
    }
}

import Foundation

/// The newest entries of a document's operation log, kept in memory already decoded and
/// with their stored JSON, so a client that is a few revisions behind gets its `missed`
/// entries without a catalogue query, a decode or a re-encode.
///
/// It holds a contiguous run of revisions ending at the newest applied one (entries not yet
/// committed included: ``OpenDocuments`` answers no request that mentions them before
/// they are). Older entries come from the store.
struct RecentLog {
    /// Entries kept; beyond this the oldest are dropped.
    let capacity: Int
    private var entries: [LoggedOperation] = []
    private var start = 0

    init(capacity: Int = 1_024) {
        self.capacity = max(1, capacity)
    }

    /// The entries after `revision` up to `newest` (the document's revision), or nil when
    /// some of them are not held.
    func entries(after revision: Int, upTo newest: Int) -> [LoggedOperation]? {
        if revision >= newest { return [] }
        guard let first = entries[start...].first?.revision, entries.last?.revision == newest,
              revision >= first - 1
        else { return nil }
        return Array(entries[(start + revision - first + 1)...])
    }

    /// The newest revision held (nil when empty).
    var lastRevision: Int? { entries.last?.revision }

    /// Adds entries that continue the run; a gap starts a new run.
    mutating func append(_ new: [LoggedOperation]) {
        for entry in new {
            if let last = lastRevision, entry.revision != last + 1 { removeAll() }
            entries.append(entry)
        }
        if entries.count - start > capacity { start = entries.count - capacity }
        // Compact now and then so dropped entries do not pile up.
        if start > capacity {
            entries.removeFirst(start)
            start = 0
        }
    }

    /// Drops the entries after `revision` (their commit failed).
    mutating func removeAll(after revision: Int) {
        while let last = entries.last, last.revision > revision, entries.count > start { entries.removeLast() }
        if entries.count <= start { removeAll() }
    }

    mutating func removeAll() {
        entries.removeAll()
        start = 0
    }
}

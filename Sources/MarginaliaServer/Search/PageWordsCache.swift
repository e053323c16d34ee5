import Foundation
import Marginalia

/// The words of the pages the one-document find has read, per document revision, so that a
/// query typed letter by letter, or asked again for every match after its first, reads each
/// page once. Bounded by the number of words kept (the documents used least recently are
/// dropped first); a document's entry is replaced when its revision changes.
final class PageWordsCache: @unchecked Sendable {
    private struct Entry {
        var revision: Int
        var pages: [Int: [TextWord]] = [:]
        var words = 0
        var used: UInt64
    }

    /// The most words kept across documents (about 200 bytes each).
    let capacity: Int
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var clock: UInt64 = 0

    init(capacity: Int = 300_000) {
        self.capacity = capacity
    }

    /// The words of page `page` of document `id` at `revision`: kept ones, or `read()`'s,
    /// which are then kept.
    func words(_ id: String, revision: Int, page: Int, read: () throws -> [TextWord]) throws -> [TextWord] {
        if let kept = lock.withLock({ () -> [TextWord]? in
            clock += 1
            guard entries[id]?.revision == revision else { return nil }
            entries[id]?.used = clock
            return entries[id]?.pages[page]
        }) {
            return kept
        }
        let words = try read()
        lock.withLock {
            if entries[id]?.revision != revision { entries[id] = Entry(revision: revision, used: clock) }
            if entries[id]?.pages.updateValue(words, forKey: page) == nil { entries[id]?.words += words.count }
            while entries.values.reduce(0, { $0 + $1.words }) > capacity, entries.count > 1,
                  let oldest = entries.filter({ $0.key != id }).min(by: { $0.value.used < $1.value.used })?.key {
                entries[oldest] = nil
            }
        }
        return words
    }

    /// How many words are kept (tests).
    var count: Int {
        lock.withLock { entries.values.reduce(0) { $0 + $1.words } }
    }
}

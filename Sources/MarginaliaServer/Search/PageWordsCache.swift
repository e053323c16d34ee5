import Foundation
import Marginalia

/// The words of the pages the one-document find has read, per document revision, each with
/// its text as the matcher last folded it, so that a query typed letter by letter, or asked
/// again for every match after its first, reads and folds each page once. Bounded by the
/// number of words kept (a folded page counts twice: the folded text is about as large as
/// the words); the documents used least recently are dropped first, never the one being
/// read. A document's entry is replaced when its revision changes.
final class PageWordsCache: @unchecked Sendable {
    /// A page's words and their folded text under one set of options.
    struct Page {
        var words: [TextWord]
        var folded: TextMatcher.FoldedText

        var weight: Int { words.count * 2 }
    }

    private struct Entry {
        var revision: Int
        var pages: [Int: Page] = [:]
        var weight = 0
        var used: UInt64
    }

    /// The most words kept across documents (a few hundred bytes each with their folded
    /// text: the 429-page corpus file has 110,000 words, and the server's memory grows by
    /// 57 MB with its first find, the opened document included).
    let capacity: Int
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var clock: UInt64 = 0

    init(capacity: Int = 300_000) {
        self.capacity = capacity
    }

    /// Page `page` of document `id` at `revision` folded under `options`: the kept one, or
    /// one made from `read()`'s words (or the kept words folded again), which is then kept.
    func page(_ id: String, revision: Int, page: Int, options: TextSearchOptions,
              read: () throws -> [TextWord]) throws -> Page {
        let kept = lock.withLock { () -> Page? in
            clock += 1
            guard entries[id]?.revision == revision else { return nil }
            entries[id]?.used = clock
            return entries[id]?.pages[page]
        }
        if let kept, kept.folded.options == options { return kept }
        let words = try kept?.words ?? read()
        let made = Page(words: words, folded: TextMatcher.fold(words, options: options))
        lock.withLock {
            if entries[id]?.revision != revision { entries[id] = Entry(revision: revision, used: clock) }
            let old = entries[id]?.pages.updateValue(made, forKey: page)
            entries[id]?.weight += made.weight - (old?.weight ?? 0)
            while entries.values.reduce(0, { $0 + $1.weight }) > capacity * 2, entries.count > 1,
                  let oldest = entries.filter({ $0.key != id }).min(by: { $0.value.used < $1.value.used })?.key {
                entries[oldest] = nil
            }
        }
        return made
    }

    /// How many words are kept (tests).
    var count: Int {
        lock.withLock { entries.values.reduce(0) { $0 + $1.weight } / 2 }
    }
}

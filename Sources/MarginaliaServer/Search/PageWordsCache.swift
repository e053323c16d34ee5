import Foundation
import Marginalia

/// The words of the pages the one-document find has read, per document revision, each with
/// its text as the matcher last folded it, so that a query typed letter by letter, or asked
/// again for every match after its first, reads and folds each page once. Bounded by the
/// number of words kept (a folded page counts twice: the folded text is about as large as
/// the words); the documents used least recently are dropped first, never the one being
/// read. A document's entry is replaced when its revision changes.
///
/// The text indexer shares the pages of a document the find is reading at the same revision
/// (right after an upload both read every page): each page is read by one of them while the
/// other reads another (``words(_:revision:page:read:)``), not by both.
final class PageWordsCache: Sendable {
    /// A page's words and their folded text under one set of options.
    struct Page {
        var words: [TextWord]
        var folded: TextMatcher.FoldedText
    }

    /// A kept page: its words, folded once the find has read them.
    private struct Kept {
        var words: [TextWord]
        var folded: TextMatcher.FoldedText?

        var weight: Int { words.count * 2 }
    }

    private struct Entry {
        var revision: Int
        var pages: [Int: Kept] = [:]
        /// The pages being read now, by the find or the indexer.
        var reading: Set<Int> = []
        var weight = 0
        var used: UInt64
    }

    /// What a reader finds for a page.
    private enum Claim {
        case kept(Kept)
        /// The caller reads the page, then ``keep(_:_:revision:page:)`` or ``release(_:revision:page:)``.
        case claimed
        /// Another reader is reading it.
        case beingRead
        /// The document is not being read at this revision (the indexer then reads alone).
        case notShared

        var isClaimed: Bool {
            if case .claimed = self { return true }
            return false
        }
    }

    /// The most words kept across documents (a few hundred bytes each with their folded
    /// text: the 429-page corpus file has 110,000 words, and the server's memory grows by
    /// 57 MB with its first find, the opened document included).
    let capacity: Int
    /// How many pages past one the indexer is reading the find reads meanwhile.
    static let readAhead = 4
    /// How long a reader waits for another's page before reading it itself.
    static let patience: TimeInterval = 10
    /// The documents kept, and a counter that orders their uses.
    private struct Shelf {
        var entries: [String: Entry] = [:]
        var clock: UInt64 = 0

        /// Looks page `page` up and, unless it is kept or being read, marks it as read by the
        /// caller. With `opening` (the find), the document's entry is made for `revision`.
        mutating func claim(_ id: String, revision: Int, page: Int, opening: Bool) -> Claim {
            clock += 1
            if entries[id]?.revision != revision {
                guard opening else { return .notShared }
                entries[id] = Entry(revision: revision, used: clock)
            }
            if opening { entries[id]?.used = clock }
            if let kept = entries[id]?.pages[page] { return .kept(kept) }
            if entries[id]?.reading.contains(page) == true { return .beingRead }
            entries[id]?.reading.insert(page)
            return .claimed
        }

        /// Keeps a page read at `revision`, then drops the least recently used other
        /// documents while more than `capacity` words are kept.
        mutating func keep(_ made: Kept, _ id: String, revision: Int, page: Int, capacity: Int) {
            guard entries[id]?.revision == revision else { return }
            entries[id]?.reading.remove(page)
            let old = entries[id]?.pages.updateValue(made, forKey: page)
            entries[id]?.weight += made.weight - (old?.weight ?? 0)
            while entries.values.reduce(0, { $0 + $1.weight }) > capacity * 2, entries.count > 1,
                  let oldest = entries.filter({ $0.key != id }).min(by: { $0.value.used < $1.value.used })?.key {
                entries[oldest] = nil
            }
        }

        /// Whether someone reads page `page` of `id` at `revision` now.
        func isBeingRead(_ id: String, revision: Int, page: Int) -> Bool {
            entries[id]?.revision == revision && entries[id]?.reading.contains(page) == true
        }
    }

    private let shelf = Waitable(Shelf())

    init(capacity: Int = 300_000) {
        self.capacity = capacity
    }

    /// Drops every page kept of document `id`: its content changed without a new revision (a
    /// version restore, a redaction), so the words kept for the revision are no longer its.
    func forget(_ id: String) {
        shelf.withLock { $0.entries[id] = nil }
        shelf.broadcast()
    }

    /// Page `page` of document `id` at `revision` folded under `options` (the find): the kept
    /// one, or one made from `read(page)`'s words (or the kept words folded again), which is
    /// then kept. While the indexer reads the page, up to ``readAhead`` later pages no one
    /// has read are read meanwhile.
    func page(_ id: String, revision: Int, page: Int, options: TextSearchOptions, lastPage: Int? = nil,
              read: (Int) throws -> [TextWord]) throws -> Page {
        var waited = false
        while true {
            switch claim(id, revision: revision, page: page, opening: true) {
            case .kept(let kept):
                if let folded = kept.folded, folded.options == options { return Page(words: kept.words, folded: folded) }
                let made = Page(words: kept.words, folded: TextMatcher.fold(kept.words, options: options))
                keep(Kept(words: made.words, folded: made.folded), id, revision: revision, page: page)
                return made
            case .claimed, .notShared:
                return try readAndKeep(id, revision: revision, page: page, options: options, read: read)
            case .beingRead where waited:
                // The other reader took longer than reading the page here would.
                let words = try read(page)
                return Page(words: words, folded: TextMatcher.fold(words, options: options))
            case .beingRead:
                let end = min(page + Self.readAhead, lastPage ?? page)
                if end > page, let next = (page + 1...end).first(where: { claim(id, revision: revision, page: $0, opening: false).isClaimed }) {
                    _ = try? readAndKeep(id, revision: revision, page: next, options: options, read: read)
                } else {
                    waited = !waitWhileRead(id, revision: revision, page: page)
                }
            }
        }
    }

    /// ``page(_:revision:page:options:lastPage:read:)`` for a page read alone.
    func page(_ id: String, revision: Int, page: Int, options: TextSearchOptions,
              read: () throws -> [TextWord]) throws -> Page {
        try self.page(id, revision: revision, page: page, options: options) { _ in try read() }
    }

    /// The words of page `page` of document `id` at `revision` for the indexer: kept by the
    /// find, or read by `read()` and kept when the find is reading the document at this
    /// revision; nil when the find is reading the page now (the caller asks again later,
    /// with `waiting`, after the other pages).
    func words(_ id: String, revision: Int?, page: Int, waiting: Bool = false,
               read: () throws -> [TextWord]) throws -> [TextWord]? {
        guard let revision else { return try read() }
        switch claim(id, revision: revision, page: page, opening: false) {
        case .kept(let kept): return kept.words
        case .notShared: return try read()
        case .claimed:
            let words: [TextWord]
            do { words = try read() } catch { release(id, revision: revision, page: page); throw error }
            keep(Kept(words: words), id, revision: revision, page: page)
            return words
        case .beingRead:
            guard waiting else { return nil }
            // Kept once read; still unkept (the find failed to read it, or moved on to
            // another revision, or is slow), read here.
            guard waitWhileRead(id, revision: revision, page: page) else { return try read() }
            return try words(id, revision: revision, page: page, read: read) ?? read()
        }
    }

    private func readAndKeep(_ id: String, revision: Int, page: Int, options: TextSearchOptions,
                             read: (Int) throws -> [TextWord]) throws -> Page {
        let words: [TextWord]
        do { words = try read(page) } catch { release(id, revision: revision, page: page); throw error }
        let made = Page(words: words, folded: TextMatcher.fold(words, options: options))
        keep(Kept(words: words, folded: made.folded), id, revision: revision, page: page)
        return made
    }

    /// Looks page `page` up and, unless it is kept or being read, marks it as read by the
    /// caller. With `opening` (the find), the document's entry is made for `revision`.
    private func claim(_ id: String, revision: Int, page: Int, opening: Bool) -> Claim {
        shelf.withLock { $0.claim(id, revision: revision, page: page, opening: opening) }
    }

    private func keep(_ made: Kept, _ id: String, revision: Int, page: Int) {
        let capacity = capacity
        shelf.withLock { $0.keep(made, id, revision: revision, page: page, capacity: capacity) }
        shelf.broadcast()
    }

    private func release(_ id: String, revision: Int, page: Int) {
        shelf.withLock { shelf in
            if shelf.entries[id]?.revision == revision { shelf.entries[id]?.reading.remove(page) }
        }
        shelf.broadcast()
    }

    /// Waits until no one reads page `page` (true), or ``patience`` passes (false).
    private func waitWhileRead(_ id: String, revision: Int, page: Int) -> Bool {
        shelf.wait(until: Date().addingTimeInterval(Self.patience)) { shelf -> Bool? in
            shelf.isBeingRead(id, revision: revision, page: page) ? nil : true
        } ?? false
    }

    /// How many words are kept (tests).
    var count: Int {
        shelf.withLock { shelf in shelf.entries.values.reduce(0) { $0 + $1.weight } / 2 }
    }
}

#if !hasFeature(Embedded)
import Foundation
#endif

/// The document's annotations as a reviewer sees them: each annotation on the page with its
/// comment thread (replies, and replies to replies) and its reviewers' states. Answers the
/// annotation list (``listing(_:)``) and one annotation's thread (``comments(under:)``,
/// ``reviewStates(of:)``); kept in step with the document like the engine's geometry
/// (``set(_:)``, ``upsert(_:)``, ``remove(id:)``).
public final class ReviewIndex {
    private var records: [String: CommentRecord] = [:]
    /// The order annotations arrived in (the file's order), for stable ties.
    private var order: [String: Int] = [:]
    private var nextOrder = 0
    /// Parent id → the ids in reply to it, built when first needed after a change.
    private var childrenCache: [String: [String]]?

    /// Subtypes that are not comments a reviewer makes: never listed.
    public static let unlisted: Set<String> = ["popup", "link", "widget"]

    public init() {}

    public var count: Int { records.count }

    public func record(id: String) -> CommentRecord? { records[id] }

    /// Replaces every record.
    public func set(_ list: [CommentRecord]) {
        records = [:]
        order = [:]
        nextOrder = 0
        for record in list { upsert(record) }
    }

    public func upsert(_ record: CommentRecord) {
        if order[record.id] == nil {
            order[record.id] = nextOrder
            nextOrder += 1
        }
        records[record.id] = record
        childrenCache = nil
    }

    public func remove(id: String) {
        records[id] = nil
        order[id] = nil
        childrenCache = nil
    }

    // MARK: - Threads

    private var children: [String: [String]] {
        if let cached = childrenCache { return cached }
        var built: [String: [String]] = [:]
        for record in records.values {
            if let parent = record.inReplyTo, records[parent] != nil { built[parent, default: []].append(record.id) }
        }
        for key in built.keys { built[key]?.sort { isEarlier($0, $1) } }
        childrenCache = built
        return built
    }

    /// Whether `a` was made before `b` (creation date, then the document's order).
    private func isEarlier(_ a: String, _ b: String) -> Bool {
        let x = records[a]?.created ?? "", y = records[b]?.created ?? ""
        if x != y { return x < y }
        return (order[a] ?? 0) < (order[b] ?? 0)
    }

    /// The annotation a thread hangs from: `id` itself, or the annotation its chain of
    /// replies (and group memberships) leads back to. A chain that loops ends where it loops.
    public func root(of id: String) -> String {
        var current = id
        var seen: Set<String> = [id]
        while let parent = records[current]?.inReplyTo, records[parent] != nil, seen.insert(parent).inserted {
            current = parent
        }
        return current
    }

    /// A thread: the comments in reply to `root` and to each other, depth first in the order
    /// they were made, with how deep each is (1 for a reply to `root`); review states apart.
    func comments(under root: String) -> (replies: [(CommentRecord, Int)], states: [CommentRecord]) {
        var replies: [(CommentRecord, Int)] = []
        var states: [CommentRecord] = []
        var stack: [(String, Int)] = (children[root] ?? []).reversed().map { ($0, 1) }
        var seen: Set<String> = [root]
        while let (id, depth) = stack.popLast() {
            guard seen.insert(id).inserted, let record = records[id] else { continue }
            if record.state != nil {
                states.append(record)
            } else if record.isComment {
                replies.append((record, depth))
            }
            stack += (children[id] ?? []).reversed().map { ($0, depth + 1) }
        }
        return (replies, states)
    }

    /// Each reviewer's current Review state of `root`: for each author, the state set last.
    public func reviewStates(of root: String) -> [CommentRecord] {
        var latest: [String: CommentRecord] = [:]
        var authors: [String] = []
        for record in comments(under: root).states where record.state?.model == AnnotationState.reviewModel {
            let author = record.author ?? ""
            if let held = latest[author] {
                if (held.date ?? "", order[held.id] ?? 0) < (record.date ?? "", order[record.id] ?? 0) { latest[author] = record }
            } else {
                latest[author] = record
                authors.append(author)
            }
        }
        return authors.compactMap { latest[$0] }
    }

    /// The state to show for `root`: the Review state its reviewers set last, or nil when none did.
    public func currentState(of root: String) -> String? {
        var best: CommentRecord?
        for record in reviewStates(of: root) {
            guard let held = best else { best = record; continue }
            if (held.date ?? "", order[held.id] ?? 0) < (record.date ?? "", order[record.id] ?? 0) { best = record }
        }
        return best?.state?.state
    }

    // MARK: - The list

    /// What the annotation list shows (filters that are nil let everything through).
    public struct Filter: Equatable, Sendable {
        public var types: Set<String>?
        public var authors: Set<String>?
        /// Review states; `None` also matches annotations nobody set a state on.
        public var states: Set<String>?

        public init(types: Set<String>? = nil, authors: Set<String>? = nil, states: Set<String>? = nil) {
            self.types = types
            self.authors = authors
            self.states = states
        }
    }

    /// One row of the list: an annotation on the page with its thread's size and state.
    public struct Row: Equatable, Sendable {
        public var record: CommentRecord
        public var replies: Int
        public var state: String?
    }

    /// The list: every annotation on the page (not comments, group members, popups, links or
    /// form widgets) that passes `filter`, by page, then top to bottom and left to right;
    /// with the count of each type, author and state among all of them (before filtering),
    /// for the filters' menus.
    public func listing(_ filter: Filter) -> (rows: [Row], total: Int, types: [(String, Int)], authors: [(String, Int)],
                                              states: [(String, Int)]) {
        var rows: [Row] = []
        var total = 0
        var types: [String: Int] = [:], authors: [String: Int] = [:], states: [String: Int] = [:]
        for record in records.values {
            guard !Self.unlisted.contains(record.type), !record.hidden else { continue }
            if let parent = record.inReplyTo, records[parent] != nil, record.isComment || record.replyType == .group { continue }
            total += 1
            let (replies, _) = comments(under: record.id)
            let state = currentState(of: record.id)
            let author = record.author ?? ""
            types[record.type, default: 0] += 1
            authors[author, default: 0] += 1
            states[state ?? ReviewState.none.rawValue, default: 0] += 1
            if let wanted = filter.types, !wanted.contains(record.type) { continue }
            if let wanted = filter.authors, !wanted.contains(author) { continue }
            if let wanted = filter.states, !wanted.contains(state ?? ReviewState.none.rawValue) { continue }
            rows.append(Row(record: record, replies: replies.count, state: state))
        }
        rows.sort { a, b in
            let x = a.record, y = b.record
            if x.pageIndex != y.pageIndex { return x.pageIndex < y.pageIndex }
            if x.rect.maxY != y.rect.maxY { return x.rect.maxY > y.rect.maxY }
            if x.rect.minX != y.rect.minX { return x.rect.minX < y.rect.minX }
            return (order[x.id] ?? 0) < (order[y.id] ?? 0)
        }
        func sorted(_ counts: [String: Int]) -> [(String, Int)] {
            counts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }
        return (rows, total, sorted(types), sorted(authors), sorted(states))
    }
}

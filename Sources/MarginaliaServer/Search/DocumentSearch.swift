import Foundation
import Marginalia
import Synchronization

/// Search: the text index of every document not in the trash, kept current in the background
/// (``TextIndexer``) as documents are uploaded, edited and removed, and the find in one
/// document (``search(_:query:options:from:limit:)``), which reads the engine's extraction of
/// the current state and keeps the page words it read (``PageWordsCache``).
public final class DocumentSearch: Sendable, ServicePart {
    let documents: OpenDocuments
    /// Keeps the text index current (nil when the service was made without one); set once, by `init`.
    private let indexer = Mutex<TextIndexer?>(nil)
    /// Keeps the text index current (nil when the service was made without one).
    var textIndexer: TextIndexer? { indexer.withLock { $0 } }
    /// The page words the one-document find has read (``search(_:query:options:from:limit:)``).
    let pageWords = PageWordsCache()

    /// Search over `documents`, with `textIndex` kept current (nil: no index, only the find).
    init(documents: OpenDocuments, textIndex: (any TextIndex)?) {
        self.documents = documents
        guard let textIndex else { return }
        let made = TextIndexer(index: textIndex, isCurrent: { [weak self] id in self?.textIndexIsCurrent(id) ?? true },
                               versionAfter: { [weak self] id, revision in try self?.indexVersion(id, after: revision) }) {
            [weak self] id in try self?.indexedDocument(id)
        }
        indexer.withLock { $0 = made }
        documents.watchText { [weak self] id, change in self?.textChanged(id, change) }
        reconcileTextIndex()
    }

    /// Queues what `change` asks of the index: the annotations' text of entries that touch
    /// only annotations, or document `id` read again.
    private func textChanged(_ id: String, _ change: TextChange) {
        guard let indexer = textIndexer else { return }
        if case .logged(let entries) = change, let first = entries.first, let last = entries.last,
           let edits = AnnotationTextEdit.edits(of: entries) {
            indexer.enqueue(id, edits: edits, after: first.revision - 1, through: last.revision)
        } else {
            indexer.enqueue(id)
        }
    }

    /// Stops the indexer (the service is going away).
    func stop() {
        textIndexer?.stop()
    }

    /// What the text index should hold for document `id`: the words of every page of its
    /// current state (unsaved edits included) and the text of its annotations; nil for a
    /// document in the trash or gone.
    func indexedDocument(_ id: String) throws -> IndexedDocument? {
        // In the background: it waits its turn longer than a request would.
        try budgeted("indexing the text of document \(id)", wait: Self.indexerAdmissionWait) { meter in
            try indexedDocument(id, meter: meter)
        }
    }

    /// How long the indexer waits to be admitted by the memory budget, in seconds.
    static let indexerAdmissionWait = 60.0

    private func indexedDocument(_ id: String, meter: RequestMeter) throws -> IndexedDocument? {
        guard let record = try? store.document(id), record.trashedAt == nil else { return nil }
        // The version the rows will say they hold is never newer than what is read: its
        // latest saved version's number is read first, and its revision is that of the
        // content (the indexer then takes the later edits in; an older version is only read
        // again).
        let savedNumber = try store.versions(id).last?.number ?? 0
        let version: String
        let document: PDFDocument
        // The revision whose state `document` is, for sharing pages with the find (nil: unsure).
        let revision: Int?
        if record.revision == record.savedRevision, let latest = try store.versions(id).last {
            // Nothing unsaved: the stored version is the state, read without loading the
            // document into the service's memory (mapped from its file when the store has one).
            if let file = try store.versionFile(id, number: latest.number) {
                document = try open(mapping: file.url, length: file.length, meter: meter)
            } else {
                document = try open(try store.versionData(id, number: latest.number), meter: meter)
            }
            revision = (try? store.document(id).revision) == record.revision ? record.revision : nil
            version = TextIndexer.version(revision: record.revision, savedNumber: savedNumber)
        } else {
            let data: Data
            let read: Int
            (data, read) = try withDocument(id, meter: meter) { state in (try state.document.dataRepresentation(), state.revision) }
            revision = read
            version = TextIndexer.version(revision: read, savedNumber: savedNumber)
            document = try open(data, meter: meter)
        }
        var words: [Int: [TextWord]] = [:]
        var annotations: [IndexedDocument.Annotation] = []
        var later: [Int] = []
        for index in 0..<(try document.pageCount) {
            // A page that cannot be read is left out of the index, not the whole document.
            // A page the find is reading now is taken from it after the others.
            do {
                if let read = try pageWords.words(id, revision: revision, page: index, read: { try document.text(ofPage: index).words }) {
                    words[index] = read
                } else {
                    later.append(index)
                }
            } catch {}
            for annotation in (try? document.annotations(onPage: index)) ?? [] {
                let text = IndexedDocument.Annotation.text(of: annotation)
                if !text.isEmpty { annotations.append(.init(id: annotation.id, page: index, text: text, rect: annotation.rect)) }
            }
        }
        for index in later {
            words[index] = try? pageWords.words(id, revision: revision, page: index, waiting: true) {
                try document.text(ofPage: index).words
            }
        }
        let pages = words.keys.sorted().map { IndexedDocument.Page(index: $0, words: words[$0] ?? []) }
        return IndexedDocument(documentID: id, version: version, pages: pages, annotations: annotations)
    }

    /// The catalogue's mark of a document's content: its revision and latest version.
    func indexVersion(_ id: String) throws -> String {
        let record = try store.document(id)
        return TextIndexer.version(revision: record.revision, savedNumber: try store.versions(id).last?.number ?? 0)
    }

    /// The catalogue's mark of a document's content after its entries up to `revision`
    /// (``indexVersion(_:)`` once the document is at that revision); nil for a document in the
    /// trash or gone, which the index should not hold.
    func indexVersion(_ id: String, after revision: Int) throws -> String? {
        guard let record = try? store.document(id), record.trashedAt == nil else { return nil }
        return TextIndexer.version(revision: revision, savedNumber: try store.versions(id).last?.number ?? 0)
    }

    /// Whether the index holds the current state of document `id` (false for a document in
    /// the trash or gone, which the index should not hold).
    func textIndexIsCurrent(_ id: String) -> Bool {
        guard let record = try? store.document(id), record.trashedAt == nil,
              let indexed = try? textIndexer?.index.version(documentID: id) else { return false }
        return (try? indexVersion(id)) == indexed
    }

    /// Queues every document the index lacks or holds stale, and forgets those no longer
    /// searchable (in the trash, or gone). In random order: replicas starting together over a
    /// shared index then mostly take different documents first, and skip those another did.
    func reconcileTextIndex() {
        guard let indexer = textIndexer else { return }
        do {
            let indexed = try indexer.index.versions()
            let live = try store.documents(trashed: false)
            let liveIDs = Set(live.map(\.id))
            for record in live.shuffled() where try indexed[record.id] != indexVersion(record.id) { indexer.enqueue(record.id) }
            for id in indexed.keys where !liveIDs.contains(id) { indexer.enqueue(id) }
        } catch {
            // The index is derived data: a failure here leaves search incomplete, not wrong.
        }
    }

    /// Waits until the text index has taken in every change (tests and benchmarks).
    @discardableResult
    public func waitForTextIndex(timeout: TimeInterval = 60) -> Bool {
        textIndexer?.waitUntilIdle(timeout: timeout) ?? true
    }

    func requireIndex() throws -> TextIndexer {
        guard let textIndexer else { throw ServiceError.unprocessable("this server keeps no text index") }
        return textIndexer
    }

    /// How the index matches: case and accents ignored, within words too.
    static let indexSearchOptions: TextSearchOptions = [.caseInsensitive, .diacriticInsensitive]

    /// The longest query a search takes, in characters (a phrase's, a pattern's alike).
    public static let maximumQueryLength = TextPattern.maximumLength

    /// Refuses a query longer than ``maximumQueryLength``, naming the limit.
    public static func checkQueryLength(_ query: String) throws {
        guard query.count <= maximumQueryLength else {
            throw ServiceError.badRequest("q: a query of at most \(maximumQueryLength) characters (this one has \(query.count))")
        }
    }

    /// A matcher for each term of the query (its words, its quoted phrases).
    func validQuery(_ query: String, options: TextSearchOptions = indexSearchOptions) throws -> [TextMatcher] {
        try Self.checkQueryLength(query)
        let matchers = SearchQuery.terms(query).compactMap { TextMatcher($0, options: options) }
        guard !matchers.isEmpty else { throw ServiceError.badRequest("q: expected words to search for") }
        return matchers
    }

    /// Searches every document not in the trash: the pages and annotations that hold every
    /// word of `query` (a quoted phrase in order), best first, at most `limit` pages, each
    /// page with its matches' quads.
    public func search(_ query: String, limit: Int = 20) throws -> SearchResults {
        let indexer = try requireIndex()
        let matchers = try validQuery(query)
        return try guarded {
            let names = Dictionary(try store.documents(trashed: false).map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
            let hits = try indexer.index.search(query, documentID: nil, limit: max(1, min(limit, 100)) * 2)
                .filter { names[$0.documentID] != nil }
            return SearchResults(query: query, revision: nil,
                                 hits: try resolve(Array(hits.prefix(max(1, min(limit, 100)))), matchers, indexer.index, names))
        }
    }

    /// Each hit with its matches' quads, found again in the page's stored words.
    ///
    /// With options stricter than the index's (case, whole words), a page is kept only when
    /// each term still matches on it; annotation hits are left to the caller to check.
    func resolve(_ hits: [TextIndexHit], _ matchers: [TextMatcher], _ index: any TextIndex,
                 _ names: [String: String]) throws -> [SearchResults.Hit] {
        let strict = matchers.first?.options != Self.indexSearchOptions
        return try hits.compactMap { hit in
            var matches: [SearchResults.Match] = []
            var snippet = hit.snippet
            if hit.kind == .page, let words = try index.words(documentID: hit.documentID, page: hit.page) {
                let folded = matchers.first.map { TextMatcher.fold(words, options: $0.options) }
                let perTerm = matchers.map { matcher in folded.map { matcher.matches(in: $0) } ?? [] }
                if strict, perTerm.contains(where: \.isEmpty) { return nil }
                let found = perTerm.joined()
                    .sorted { ($0.start.word, $0.start.character) < ($1.start.word, $1.start.character) }
                matches = found.map {
                    SearchResults.Match(text: TextMatcher.text(of: $0, in: words), quads: TextMatcher.quads(of: $0, in: words),
                                        word: $0.start.word)
                }
                if snippet == nil { snippet = IndexTokens.snippet(words.map(\.text), around: found.first?.start.word ?? 0) }
            }
            return SearchResults.Hit(documentID: hit.documentID, name: names[hit.documentID] ?? "", page: hit.page,
                                     kind: hit.kind.rawValue, annotationID: hit.annotationID, snippet: snippet ?? "",
                                     matches: matches)
        }
    }

    /// The words of page `page` (0-based) of document `id` in its current state, with their
    /// quads and character edges (docs/text-json.md), for the browser's text tools.
    public func pageText(_ id: String, page: Int) throws -> PageTextRecord {
        try budgeted("reading the text of page \(page + 1)") { meter in try pageText(id, page: page, meter: meter) }
    }

    private func pageText(_ id: String, page: Int, meter: RequestMeter) throws -> PageTextRecord {
        try withDocument(id, meter: meter) { state in
            let count = try state.document.pageCount
            guard page >= 0 && page < count else {
                throw ServiceError.unprocessable("page \(page) is out of range (the document has \(count) pages)")
            }
            do {
                return PageTextRecord(revision: state.revision, index: page, json: try state.document.text(ofPage: page).jsonRecord)
            } catch let error as PDFError {
                if case .limitExceeded = error { throw ServiceError.from(error) }
                throw ServiceError.unprocessable("page \(page): \(error)")
            }
        }
    }
}

/// The answer to a search (SEARCH in the API spec), with hand-written keys.
public struct SearchResults: Sendable, Encodable {
    public struct Match: Sendable {
        public var text: String
        public var quads: [TextQuad]
        /// The page word it begins in (its place in the page's reading order).
        var word = 0
    }

    /// One match of a search within a document, in the order a reader meets them: text on
    /// the page, or an annotation holding the query (its quad is the annotation's rectangle).
    public struct OrderedMatch: Sendable {
        public var page: Int
        public var annotationID: String?
        public var text: String
        public var quads: [TextQuad]
    }

    public struct Hit: Sendable {
        public var documentID: String
        public var name: String
        public var page: Int
        public var kind: String
        public var annotationID: String?
        public var snippet: String
        public var matches: [Match]
    }

    public var query: String
    /// The document's revision, for a search within one document.
    public var revision: Int?
    public var hits: [Hit]
    /// For a search within one document: every match in reading order (`matches`).
    public var ordered: [OrderedMatch]?

    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [("query", .string(query))]
        if let revision { pairs.append(("revision", .integer(revision))) }
        pairs.append(("results", .array(hits.map { hit in
            var fields: [(String, JSONValue)] = [
                ("document", .string(hit.documentID)), ("name", .string(hit.name)), ("page", .integer(hit.page)),
                ("kind", .string(hit.kind)), ("snippet", .string(hit.snippet)),
            ]
            if let annotation = hit.annotationID { fields.append(("annotation", .string(annotation))) }
            fields.append(("matches", .array(hit.matches.map { match in
                .object([("text", .string(match.text)), ("quads", .array(match.quads.map(Self.quad)))])
            })))
            return .object(fields)
        })))
        if let ordered {
            pairs.append(("matches", .array(ordered.map { match in
                var fields: [(String, JSONValue)] = [("page", .integer(match.page)),
                                                     ("kind", .string(match.annotationID == nil ? "page" : "annotation"))]
                if let annotation = match.annotationID { fields.append(("annotation", .string(annotation))) }
                fields += [("text", .string(match.text)), ("quads", .array(match.quads.map(Self.quad)))]
                return .object(fields)
            })))
        }
        return .object(pairs)
    }

    static func quad(_ quad: TextQuad) -> JSONValue {
        .array(quad.quadPoints.map { .number(($0 * 1000).rounded() / 1000) })
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

extension SearchResults: SplicedJSONEncodable {
    /// Written by the core's JSON writer: a search answers many quads, and `JSONEncoder`
    /// takes several times as long over them.
    public func splicedJSON() throws -> Data {
        Data(JSONWriter.bytes(json))
    }
}

/// A page's words (PAGE TEXT in the API spec).
public struct PageTextRecord: Sendable, Encodable {
    public var revision: Int
    /// The page's index (0-based).
    public var index: Int
    public var json: JSONValue

    public func encode(to encoder: any Encoder) throws {
        guard case .object(let object) = json else { return try json.encode(to: encoder) }
        // The API numbers pages from 0, as in its paths.
        let fields: [(String, JSONValue)] = object.members.map { ($0.key, $0.key == "page" ? .integer(index) : $0.value) }
        try JSONValue.object([("revision", .integer(revision))] + fields).encode(to: encoder)
    }
}

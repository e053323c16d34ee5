import Foundation
import Marginalia

/// What the index keeps of one document: the words of each page (with their quads, so that
/// matches can be answered with quads without opening the PDF) and the text of its
/// annotations (free text, notes, comments).
public struct IndexedDocument: Sendable {
    /// One page: its words in reading order.
    public struct Page: Sendable {
        public var index: Int
        public var words: [TextWord]

        public init(index: Int, words: [TextWord]) {
            self.index = index
            self.words = words
        }

        /// The page's text as the index tokenises it.
        public var text: String { words.map(\.text).joined(separator: " ") }
    }

    /// One annotation with text of its own (`/Contents`).
    public struct Annotation: Sendable {
        public var id: String
        public var page: Int
        public var text: String
        public var rect: CGRect

        public init(id: String, page: Int, text: String, rect: CGRect) {
            self.id = id
            self.page = page
            self.text = text
            self.rect = rect
        }

        /// What the index keeps of an annotation: its contents and its author, the empty ones
        /// left out (empty when it has neither).
        public static func text(of annotation: PDFAnnotation) -> String {
            [annotation.contents, annotation.author].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        }
    }

    public var documentID: String
    /// Identifies the content indexed (the document's revision and version), so a restarted
    /// server indexes again only what changed.
    public var version: String
    public var pages: [Page]
    public var annotations: [Annotation]

    public init(documentID: String, version: String, pages: [Page], annotations: [Annotation]) {
        self.documentID = documentID
        self.version = version
        self.pages = pages
        self.annotations = annotations
    }
}

/// Annotations' text changed by logged entries that left every page's text as it was
/// (``AnnotationTextEdit``), to take into an index that holds the document already.
public struct AnnotationTextUpdate: Sendable {
    /// One annotation as the entries left it.
    public struct Change: Sendable, Equatable {
        public var annotationID: String
        public var page: Int
        /// Its text now; empty when it has none or was removed (the index then holds no row of it).
        public var text: String
        /// Whether it was there before the entries: only then can the index hold a row of it.
        public var existed: Bool
        /// The revision of the last entry that touched it: an index that holds the document at
        /// this revision or later has the change already (``PostgresTextIndex``).
        public var revision: Int

        public init(annotationID: String, page: Int, text: String, existed: Bool, revision: Int) {
            self.annotationID = annotationID
            self.page = page
            self.text = text
            self.existed = existed
            self.revision = revision
        }
    }

    public var documentID: String
    /// The document's version after the entries (``IndexedDocument/version``).
    public var version: String
    /// The revision the entries follow: their changes are those of every entry after it up to
    /// the version's revision, so an index holding the document at this revision or later
    /// misses none of them.
    public var after: Int
    /// One per annotation, in the order the entries first touched them.
    public var changes: [Change]

    public init(documentID: String, version: String, after: Int, changes: [Change]) {
        self.documentID = documentID
        self.version = version
        self.after = after
        self.changes = changes
    }
}

/// A page or annotation the index found for a query, best first.
public struct TextIndexHit: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case page, annotation
    }

    public var documentID: String
    public var page: Int
    public var kind: Kind
    /// The annotation's id, for an annotation hit.
    public var annotationID: String?
    /// The annotation's text, or a short extract of the page around the match; nil when the
    /// index leaves it to the service, which cuts it from the page's stored words around the
    /// first match (``IndexTokens/snippet(_:around:length:)``).
    public var snippet: String?
}

/// A full-text index of the documents of a store, behind which each store kind keeps its
/// own engine: SQLite FTS5 for the embedded store (``SQLiteTextIndex``), `tsvector` columns
/// with a GIN index in the PostgreSQL store's database (``PostgresTextIndex``). What goes into
/// an index (``IndexedDocument``) and how a hit becomes pages and quads (the stored words,
/// ``DocumentService``) is the same for both.
///
/// Implementations are thread-safe. The index is derived data: losing it loses nothing,
/// since ``DocumentService`` rebuilds what is missing or stale from the documents.
public protocol TextIndex: Sendable {
    /// Replaces everything the index holds for the document with `document`.
    func replace(_ document: IndexedDocument) throws
    /// Takes in annotations' changed text and marks the document's new version, leaving its
    /// pages' rows alone; returns false, changing nothing, when the index cannot (it does not
    /// hold the document, or a shared index holds it at a revision before the update's
    /// ``AnnotationTextUpdate/after``): the caller then indexes the whole document again
    /// (``replace(_:)``). An index that holds the document at the update's revision or later
    /// (another replica took the entries in) changes nothing and answers true.
    func update(_ update: AnnotationTextUpdate) throws -> Bool
    /// Forgets a document.
    func remove(documentID: String) throws
    /// Forgets a document and clears the space its rows took, so that the index's files keep
    /// no copy of its text (after a redaction, docs/redaction.md). Costs a rebuild of the
    /// index's storage: for rare use.
    func erase(documentID: String) throws
    /// The indexed version of every document the index holds.
    func versions() throws -> [String: String]
    /// The indexed version of one document (nil when the index holds nothing of it).
    func version(documentID: String) throws -> String?
    /// Pages and annotations matching `query` (words, all of them, in any order; a quoted
    /// phrase in order), best first; across every document, or one when `documentID` is given.
    func search(_ query: String, documentID: String?, limit: Int) throws -> [TextIndexHit]
    /// The stored words of a page, or nil when the page is not indexed.
    func words(documentID: String, page: Int) throws -> [TextWord]?
}

/// How the server reads a search query: words, each required, in any order; a phrase in
/// double quotes, in order.
public enum SearchQuery {
    /// The words and quoted phrases of `query`, without the punctuation around words.
    public static func terms(_ query: String) -> [String] {
        var terms: [String] = []
        for (index, part) in query.split(separator: "\"", omittingEmptySubsequences: false).enumerated() {
            let words = part.split(whereSeparator: { $0.isWhitespace || ($0.isPunctuation && $0 != "'" && $0 != "-") })
            guard !words.isEmpty else { continue }
            if index % 2 == 1 { terms.append(words.joined(separator: " ")) } else { terms += words.map(String.init) }
        }
        return terms
    }
}

import Foundation
import Marginalia
import Synchronization

/// The embedded store's text index: SQLite FTS5 (`unicode61` tokens, accents removed) in a
/// database of its own, `text-index.sqlite` in the data directory, beside the catalogue;
/// each page's words with their quads are stored as compact JSON for answering matches.
public final class SQLiteTextIndex: TextIndex, Sendable {
    /// The connection, and the words of pages decoded lately.
    private struct Index {
        let database: SQLiteDatabase
        var decoded = DecodedPages()

        mutating func delete(_ documentID: String) throws {
            decoded.forget(documentID)
            let id = SQLiteValue.text(documentID)
            try database.run("DELETE FROM text_entries WHERE document = ?", [id])
            try database.run("DELETE FROM annotation_entries WHERE document = ?", [id])
            try database.run("DELETE FROM page_words WHERE document = ?", [id])
            try database.run("DELETE FROM indexed_documents WHERE document = ?", [id])
        }
    }

    private let index: Mutex<Index>

    static let schema = """
        CREATE TABLE IF NOT EXISTS indexed_documents (document TEXT PRIMARY KEY, version TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS page_words (
            document TEXT NOT NULL, page INTEGER NOT NULL, words TEXT NOT NULL, PRIMARY KEY (document, page));
        CREATE VIRTUAL TABLE IF NOT EXISTS text_entries USING fts5(
            body, document UNINDEXED, page UNINDEXED, kind UNINDEXED, annotation UNINDEXED,
            tokenize = 'unicode61 remove_diacritics 2');
        CREATE TABLE IF NOT EXISTS annotation_entries (document TEXT NOT NULL, annotation TEXT NOT NULL, entry INTEGER NOT NULL);
        CREATE INDEX IF NOT EXISTS annotation_entries_by_id ON annotation_entries (document, annotation);
        """

    /// Opens (creating when missing) the index at `path`.
    ///
    /// - Throws: ``StoreError/sqlite(code:message:statement:)`` when it cannot be opened or made.
    public init(path: String) throws {
        let database = try SQLiteDatabase(path: path)
        try database.execute("PRAGMA journal_mode = WAL")
        try database.execute("PRAGMA synchronous = NORMAL")
        try database.execute("PRAGMA secure_delete = ON")  // as the catalogue (SQLiteSchema)
        // An index made before `annotation_entries` cannot find an annotation's row without
        // reading every row (the full-text table's columns other than the body are not
        // indexed): its documents are marked stale, so that they are indexed again. One
        // transaction, so that a process stopped between the two does not leave the new table
        // without the marking.
        try database.transaction {
            let older = try !database.rows("SELECT name FROM sqlite_master WHERE name = 'indexed_documents'").isEmpty
                && database.rows("SELECT name FROM sqlite_master WHERE name = 'annotation_entries'").isEmpty
            try database.execute(Self.schema)
            if older { try database.execute("DELETE FROM indexed_documents") }
        }
        index = Mutex(Index(database: database))
    }

    private func locked<T: Sendable>(_ body: (inout Index) throws -> T) throws -> T {
        try index.withLock { index throws -> T in try body(&index) }
    }

    public func replace(_ document: IndexedDocument) throws {
        try locked { index in
            try index.database.transaction {
                try index.delete(document.documentID)
                let id = SQLiteValue.text(document.documentID)
                for page in document.pages where !page.words.isEmpty {
                    try index.database.run("INSERT INTO page_words (document, page, words) VALUES (?, ?, ?)",
                                     [id, .integer(page.index), .text(StoredWords.encode(page.words))])
                    try index.database.run("INSERT INTO text_entries (body, document, page, kind, annotation) VALUES (?, ?, ?, 'page', NULL)",
                                     [.text(page.text), id, .integer(page.index)])
                }
                for annotation in document.annotations where !annotation.text.isEmpty {
                    try Self.insertAnnotation(annotation.id, page: annotation.page, text: annotation.text, of: id, into: index.database)
                }
                try index.database.run("INSERT INTO indexed_documents (document, version) VALUES (?, ?)", [id, .text(document.version)])
            }
        }
    }

    /// Inserts an annotation's row and notes which row it is (`annotation_entries`).
    private static func insertAnnotation(_ annotation: String, page: Int, text: String, of document: SQLiteValue,
                                         into database: SQLiteDatabase) throws {
        try database.run("INSERT INTO text_entries (body, document, page, kind, annotation) VALUES (?, ?, ?, 'annotation', ?)",
                         [.text(text), document, .integer(page), .text(annotation)], reused: true)
        try database.run("INSERT INTO annotation_entries (document, annotation, entry) VALUES (?, ?, last_insert_rowid())",
                         [document, .text(annotation)], reused: true)
    }

    /// Replaces the rows of each changed annotation (found through `annotation_entries`) and
    /// sets the version, in one transaction; false for a document the index does not hold.
    public func update(_ update: AnnotationTextUpdate) throws -> Bool {
        try locked { index in
            let database = index.database
            return try database.transaction {
                let id = SQLiteValue.text(update.documentID)
                guard try !database.rows("SELECT 1 FROM indexed_documents WHERE document = ?", [id], reused: true).isEmpty else {
                    return false
                }
                for change in update.changes {
                    // Whatever rows the annotation has go first, so that edits taken in twice
                    // (a reading of the whole document that already held them) leave one.
                    let annotation = SQLiteValue.text(change.annotationID)
                    try database.run("""
                        DELETE FROM text_entries WHERE rowid IN
                            (SELECT entry FROM annotation_entries WHERE document = ? AND annotation = ?)
                        """, [id, annotation], reused: true)
                    try database.run("DELETE FROM annotation_entries WHERE document = ? AND annotation = ?", [id, annotation],
                                     reused: true)
                    if !change.text.isEmpty {
                        try Self.insertAnnotation(change.annotationID, page: change.page, text: change.text, of: id, into: database)
                    }
                }
                try database.run("UPDATE indexed_documents SET version = ? WHERE document = ?", [.text(update.version), id],
                                 reused: true)
                return true
            }
        }
    }

    public func remove(documentID: String) throws {
        try locked { index in try index.database.transaction { try index.delete(documentID) } }
    }

    /// Deletes the document's rows, merges the full-text index's segments into one
    /// (FTS5's `optimize`: a deletion only marks the old segments' entries as deleted until
    /// then), and rebuilds the database (``SQLiteDatabase/clearFreedSpace()``).
    public func erase(documentID: String) throws {
        try locked { index in
            try index.database.transaction {
                try index.delete(documentID)
                try index.database.run("INSERT INTO text_entries (text_entries) VALUES ('optimize')")
            }
            try index.database.clearFreedSpace()
        }
    }

    public func versions() throws -> [String: String] {
        try locked { index in
            var result: [String: String] = [:]
            for row in try index.database.rows("SELECT document, version FROM indexed_documents") {
                if let id = row[0].textValue, let version = row[1].textValue { result[id] = version }
            }
            return result
        }
    }

    public func search(_ query: String, documentID: String?, limit: Int) throws -> [TextIndexHit] {
        guard let match = Self.matchExpression(query) else { return [] }
        var sql = """
            SELECT document, page, kind, annotation, snippet(text_entries, 0, '', '', '…', 12) FROM text_entries
            WHERE text_entries MATCH ?
            """
        var parameters: [SQLiteValue] = [.text(match)]
        if let documentID {
            sql += " AND document = ?"
            parameters.append(.text(documentID))
        }
        sql += documentID == nil ? " ORDER BY rank LIMIT ?" : " ORDER BY page, kind LIMIT ?"
        parameters.append(.integer(max(1, limit)))
        return try locked { index in
            try index.database.rows(sql, parameters).compactMap { row in
                guard let document = row[0].textValue, let page = row[1].integerValue,
                      let kind = row[2].textValue.flatMap(TextIndexHit.Kind.init(rawValue:)) else { return nil }
                return TextIndexHit(documentID: document, page: page, kind: kind, annotationID: row[3].textValue,
                                    snippet: row[4].textValue ?? "")
            }
        }
    }

    public func words(documentID: String, page: Int) throws -> [TextWord]? {
        try locked { index in
            let database = index.database
            return try index.decoded.words(documentID, page) {
                try database.rows("SELECT words FROM page_words WHERE document = ? AND page = ?",
                                  [.text(documentID), .integer(page)]).first?[0].textValue
            }
        }
    }

    public func version(documentID: String) throws -> String? {
        try locked { index in
            try index.database.rows("SELECT version FROM indexed_documents WHERE document = ?", [.text(documentID)]).first?[0].textValue
        }
    }

    /// The FTS5 expression for a user's query: each term (``SearchQuery/terms(_:)``) a quoted
    /// string, all required. Quotes inside are doubled, so no query can use FTS5's own syntax.
    static func matchExpression(_ query: String) -> String? {
        let terms = SearchQuery.terms(query)
        guard !terms.isEmpty else { return nil }
        return terms.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: " AND ")
    }
}

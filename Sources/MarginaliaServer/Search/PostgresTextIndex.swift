import Foundation
import Marginalia
import Synchronization

/// The PostgreSQL store's text index, in the store's own database (schema version 3), so
/// every replica reads and writes the same one: each page's and annotation's text as a
/// `tsvector` of ``IndexTokens`` (a GIN index over them) beside the text itself, and each
/// page's words with their quads as the same compact JSON the SQLite index keeps.
///
/// Queries are `tsquery` conjunctions of the terms' tokens, a phrase's in order; across
/// documents hits are ranked by `ts_rank` normalised by length (PostgreSQL has no BM25),
/// within one by page. A replica that indexed an older state of a document than the one
/// stored never replaces the newer (versions are compared under the document's index row
/// lock), and rows go with their document when it is purged (`ON DELETE CASCADE`).
public final class PostgresTextIndex: TextIndex, Sendable {
    private let pool: PostgresPool
    /// Words of pages decoded lately.
    private let decoded = Mutex(DecodedPages())

    /// The index of `store`'s database (its connections; the store's migrations made the tables).
    public init(store: PostgresDocumentStore) {
        pool = store.pool
    }

    public func replace(_ document: IndexedDocument) throws {
        let id = PostgresValue.text(document.documentID)
        let (revision, number) = Self.parts(of: document.version)
        decoded.withLock { $0.forget(document.documentID) }
        try pool.transaction { connection in
            // The row lock taken here orders replicas indexing the same document.
            let current = try connection.query("""
                INSERT INTO text_documents (document, version, revision, version_number) VALUES ($1, $2, $3, $4)
                ON CONFLICT (document) DO UPDATE SET version = excluded.version, revision = excluded.revision,
                    version_number = excluded.version_number
                WHERE text_documents.revision <= excluded.revision AND text_documents.version_number <= excluded.version_number
                RETURNING document
                """, [id, .text(document.version), .integer(revision), .integer(number)])
            guard !current.isEmpty else { return }
            try connection.query("DELETE FROM text_entries WHERE document = $1", [id])
            try connection.query("DELETE FROM text_pages WHERE document = $1", [id])
            for page in document.pages where !page.words.isEmpty {
                try connection.query("INSERT INTO text_pages (document, page, words) VALUES ($1, $2, $3)",
                                     [id, .integer(page.index), .text(StoredWords.encode(page.words))])
                try insertEntry(connection, id, page.index, "page", nil, page.text)
            }
            for annotation in document.annotations where !annotation.text.isEmpty {
                try insertEntry(connection, id, annotation.page, "annotation", annotation.id, annotation.text)
            }
        }
        decoded.withLock { $0.forget(document.documentID) }
    }

    private func insertEntry(_ connection: PostgresConnection, _ id: PostgresValue, _ page: Int, _ kind: String,
                             _ annotation: String?, _ body: String) throws {
        try connection.query("""
            INSERT INTO text_entries (document, page, kind, annotation, body, terms) VALUES ($1, $2, $3, $4, $5, $6::tsvector)
            """, [id, .integer(page), .text(kind), annotation.map(PostgresValue.text) ?? .null, .text(body),
                  .text(IndexTokens.vector(body))])
    }

    /// Takes annotations' edits in under the document's index row lock, which orders the
    /// replicas' updates and readings: the row's revision says up to which log entry the rows
    /// hold the document, and only moves forward. An update whose entries the rows hold already
    /// (another replica took them in, or read the document later) changes nothing, and costs
    /// one read; one that starts after the rows' revision (entries between were never taken
    /// in) answers false, so the document is read again; otherwise each annotation the update
    /// changed after that revision has its rows replaced (found by the partial index
    /// `text_entries_annotation`, schema version 11), and the row moves to the update's
    /// version. Two replicas' edits of one annotation therefore reach the rows in log order.
    public func update(_ update: AnnotationTextUpdate) throws -> Bool {
        let id = PostgresValue.text(update.documentID)
        let (revision, number) = Self.parts(of: update.version)
        // Most updates under round robin are entries another replica took in already: no lock.
        let indexed = try pool.withConnection { connection in
            try connection.query("SELECT revision FROM text_documents WHERE document = $1", [id]).first?.integer(0)
        }
        guard let indexed else { return false }
        if indexed >= revision { return true }
        return try pool.transaction { connection -> Bool in
            guard let row = try connection.query("""
                SELECT revision, version_number FROM text_documents WHERE document = $1 FOR UPDATE
                """, [id]).first, let held = row.integer(0), let heldNumber = row.integer(1) else { return false }
            if held >= revision { return true }
            guard held >= update.after else { return false }
            for change in update.changes where change.revision > held {
                try connection.query("DELETE FROM text_entries WHERE document = $1 AND kind = 'annotation' AND annotation = $2",
                                     [id, .text(change.annotationID)])
                if !change.text.isEmpty {
                    try insertEntry(connection, id, change.page, "annotation", change.annotationID, change.text)
                }
            }
            let kept = max(number, heldNumber)
            try connection.query("UPDATE text_documents SET version = $2, revision = $3, version_number = $4 WHERE document = $1",
                                 [id, .text(TextIndexer.version(revision: revision, savedNumber: kept)), .integer(revision),
                                  .integer(kept)])
            return true
        }
    }

    /// The revision and the saved version's number a version mark holds, 0 for either that is
    /// missing (``TextIndexer/parts(ofVersion:)``).
    private static func parts(of version: String) -> (revision: Int, number: Int) {
        let parts = TextIndexer.parts(ofVersion: version)
        return (parts.revision ?? 0, parts.savedNumber ?? 0)
    }

    public func remove(documentID: String) throws {
        try pool.withConnection { connection in
            try connection.query("DELETE FROM text_documents WHERE document = $1", [.text(documentID)])
        }
        decoded.withLock { $0.forget(documentID) }
    }

    /// Deletes the document's rows, then rewrites the index's tables and their indexes
    /// (`VACUUM FULL`): a plain `VACUUM` leaves a dead row's bytes in its page, and the GIN
    /// index keeps a term among its keys after the last row holding it is gone. `VACUUM` runs
    /// outside a transaction.
    public func erase(documentID: String) throws {
        try remove(documentID: documentID)
        try pool.withConnection { connection in
            try connection.run("VACUUM FULL text_documents, text_pages, text_entries")
        }
    }

    public func versions() throws -> [String: String] {
        try pool.withConnection { connection in
            var result: [String: String] = [:]
            for row in try connection.query("SELECT document, version FROM text_documents") {
                if let id = row.text(0), let version = row.text(1) { result[id] = version }
            }
            return result
        }
    }

    public func version(documentID: String) throws -> String? {
        try pool.withConnection { connection in
            try connection.query("SELECT version FROM text_documents WHERE document = $1", [.text(documentID)]).first?.text(0)
        }
    }

    public func search(_ query: String, documentID: String?, limit: Int) throws -> [TextIndexHit] {
        guard let expression = IndexTokens.query(query) else { return [] }
        var sql = "SELECT document, page, kind, annotation, CASE WHEN kind = 'annotation' THEN body END FROM text_entries WHERE terms @@ $1::tsquery"
        var parameters: [PostgresValue] = [.text(expression)]
        if let documentID {
            sql += " AND document = $2 ORDER BY page, kind, id LIMIT $3"
            parameters.append(.text(documentID))
        } else {
            sql += " ORDER BY ts_rank(terms, $1::tsquery, 1) DESC, id LIMIT $2"
        }
        parameters.append(.integer(max(1, limit)))
        return try pool.withConnection { connection in
            try connection.query(sql, parameters).compactMap { row in
                guard let document = row.text(0), let page = row.integer(1),
                      let kind = row.text(2).flatMap(TextIndexHit.Kind.init(rawValue:)) else { return nil }
                // A page's extract is cut from its words by the service, which has them at hand.
                return TextIndexHit(documentID: document, page: page, kind: kind, annotationID: row.text(3),
                                    snippet: kind == .page ? nil : IndexTokens.snippet(row.text(4) ?? "", query: query))
            }
        }
    }

    public func words(documentID: String, page: Int) throws -> [TextWord]? {
        if let known = try decoded.withLock({ try $0.words(documentID, page) { nil } }) { return known }
        let stored = try pool.withConnection { connection in
            try connection.query("SELECT words FROM text_pages WHERE document = $1 AND page = $2",
                                 [.text(documentID), .integer(page)]).first?.text(0)
        }
        guard let stored else { return nil }
        return try decoded.withLock { try $0.words(documentID, page) { stored } }
    }
}

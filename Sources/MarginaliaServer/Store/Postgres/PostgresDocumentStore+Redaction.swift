import Foundation

// A redaction makes its rewritten file the document's whole history, as in SQLite
// (docs/redaction.md, "On the server"): one new chunk, the other versions' rows, the log and
// every other chunk of the document (versions, restores, uploads) deleted, and the tables
// rewritten so that no file of theirs keeps a deleted row's bytes.

extension PostgresDocumentStore {
    public func redactHistory(_ id: String, bytes: Data, basedOn: Int, revision: Int, pageCount: Int,
                              now: Date) throws -> VersionRecord {
        try DocumentID.validate(id)
        let number = basedOn + 1
        let chunk = Self.chunkKey(id, number)
        let file = "\(id).r\(number).pdf"
        try blobs.put(bytes, key: chunk)
        let version: VersionRecord
        do {
            version = try pool.transaction { connection in
                let document = try fetchDocument(id, on: connection, forUpdate: true)
                let latest = try connection.query("SELECT max(number) FROM versions WHERE document = $1", [.text(id)])
                    .first?.integer(0) ?? 0
                if let outdated = StoreError.redactionOutdated(id, basedOn: basedOn, revision: revision, latest: latest,
                                                               current: document.revision) {
                    throw outdated
                }
                let time = now.timeIntervalSince1970
                try connection.query("DELETE FROM operations WHERE document = $1", [.text(id)])
                try connection.query("DELETE FROM versions WHERE document = $1", [.text(id)])
                try connection.query("""
                    INSERT INTO versions (document, number, byte_length, revision, created, file, chunk, chunk_offset, redacted)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, 0, true)
                    """, [.text(id), .integer(number), .integer(bytes.count), .integer(revision), .real(time), .text(file),
                          .text(chunk)])
                try connection.query("""
                    UPDATE documents SET saved_revision = $2, history_base = $2, file = $3, page_count = $4, modified = $5
                    WHERE id = $1
                    """, [.text(id), .integer(revision), .text(file), .integer(pageCount), .real(time)])
                // The other replicas reopen the document as after a restore.
                try announce(connection, ["restored", id, String(number)])
                return VersionRecord(number: number, byteLength: bytes.count, revision: revision,
                                     created: Date(timeIntervalSince1970: time), file: file, historyRedacted: true)
            }
        } catch {
            try? blobs.remove(chunk)
            throw error
        }
        for key in try blobs.keys(withPrefix: "\(id)/") where key != chunk { try blobs.remove(key) }
        return version
    }

    /// Rewrites the tables a redaction deletes rows from (`VACUUM FULL`: new files for each table,
    /// its TOAST table and its indexes), so that no file of theirs keeps a deleted row's bytes.
    /// A plain `VACUUM` is not enough: it marks a dead row's space free without overwriting it,
    /// and the bytes stay in the page until a new row happens to take their place (checked by
    /// `Tests/server/test_redaction_postgres_files.py`, which reads the relation files). The old
    /// files are truncated when the rewrite commits. It takes each table's exclusive lock for
    /// the while, and its time grows with the table (every document's chunks), not with the
    /// document. `VACUUM` cannot run in a transaction: called after the redaction's has ended.
    public func clearFreedSpace() throws {
        try pool.withConnection { connection in
            try connection.run("VACUUM FULL operations, versions, blobs")
        }
    }
}

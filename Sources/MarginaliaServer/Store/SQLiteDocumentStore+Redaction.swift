import Foundation

// A redaction makes its rewritten file the document's whole history (docs/redaction.md, "On
// the server"): the other versions, the log, the uploads and every other file go, and the
// catalogue is rebuilt so that its free pages and write-ahead log keep nothing of them.

extension SQLiteDocumentStore {
    public func redactHistory(_ id: String, bytes: Data, basedOn: Int, revision: Int, pageCount: Int,
                              now: Date) throws -> VersionRecord {
        try DocumentID.validate(id)
        let number = basedOn + 1
        let file = "\(id).r\(number).pdf"
        try writeFile(named: file, bytes)
        let version: VersionRecord
        do {
            version = try withDatabase { database in
                try database.transaction {
                    let document = try fetchDocument(id, in: database)
                    let latest = try fetchVersions(id, in: database).last?.number ?? 0
                    if let outdated = StoreError.redactionOutdated(id, basedOn: basedOn, revision: revision, latest: latest,
                                                                   current: document.revision) {
                        throw outdated
                    }
                    let time = now.timeIntervalSince1970
                    try database.run("DELETE FROM operations WHERE document = ?", [.text(id)])
                    try database.run("DELETE FROM versions WHERE document = ?", [.text(id)])
                    try database.run("""
                        INSERT INTO versions (document, number, byte_length, revision, created, file, redacted)
                        VALUES (?, ?, ?, ?, ?, ?, 1)
                        """, [.text(id), .integer(number), .integer(bytes.count), .integer(revision), .real(time), .text(file)])
                    try database.run("""
                        UPDATE documents SET saved_revision = ?, history_base = ?, file = ?, page_count = ?, modified = ?
                        WHERE id = ?
                        """, [.integer(revision), .integer(revision), .text(file), .integer(pageCount), .real(time), .text(id)])
                    return VersionRecord(number: number, byteLength: bytes.count, revision: revision,
                                         created: Date(timeIntervalSince1970: time), file: file, historyRedacted: true)
                }
            }
        } catch {
            removeFile(named: file)
            throw error
        }
        for name in filesOf(id) where name != file { removeFile(named: name) }
        return version
    }

    /// Rebuilds the catalogue and empties its write-ahead log (``SQLiteDatabase/clearFreedSpace()``).
    public func clearFreedSpace() throws {
        try withDatabase { try $0.clearFreedSpace() }
    }
}

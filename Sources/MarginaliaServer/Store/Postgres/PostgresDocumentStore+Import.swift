import Foundation

extension PostgresDocumentStore {
    /// Adds a document copied from another store exactly as it is there: its row (id,
    /// times, revisions, file names), every version with its bytes, every log entry and
    /// every upload under its number (`marginalia store migrate`), so that the log replays
    /// the same pages and the next upload takes the number after the copied ones. Versions
    /// of one file must each extend the one before; each is stored as the chunk it appends.
    /// One transaction; the chunks are written first and removed again when it fails.
    ///
    /// - Throws: ``StoreError/invalidRequest(_:)`` when the document (or an upload of it) is
    ///   already here or its versions do not extend each other.
    public func importCopy(of record: DocumentRecord, versions: [(record: VersionRecord, data: Data)],
                           log: [OperationRecord], uploads: [(number: Int, data: Data)] = []) throws {
        try DocumentID.validate(record.id)
        // Upload keys are the numbers, not random: check before writing any, so that a failed
        // import never removes chunks another document's row names.
        let present = try uploadNumbers(record.id)
        guard try !documentExists(record.id), present.isEmpty else {
            throw StoreError.invalidRequest("document \(record.id) (or an upload of it) is already in \(location)")
        }
        guard uploads.allSatisfy({ $0.number > 0 }), Set(uploads.map(\.number)).count == uploads.count else {
            throw StoreError.invalidRequest("the uploads of document \(record.id) are not numbered 1, 2… once each")
        }
        var written = uploads.map { Self.uploadKey(record.id, $0.number) }
        do {
            for (upload, key) in zip(uploads, written) { try blobs.put(upload.data, key: key) }
        } catch {
            for key in written { try? blobs.remove(key) }
            throw error
        }
        do {
            try importRows(of: record, versions: versions, log: log, written: &written)
        } catch {
            for key in written { try? blobs.remove(key) }
            throw error
        }
    }

    private func documentExists(_ id: String) throws -> Bool {
        try pool.withConnection { try $0.query("SELECT 1 FROM documents WHERE id = $1", [.text(id)]).first != nil }
    }

    /// Writes the versions' chunks (adding their keys to `written`) and then, in one
    /// transaction, the row, the versions and the log.
    private func importRows(of record: DocumentRecord, versions: [(record: VersionRecord, data: Data)],
                            log: [OperationRecord], written: inout [String]) throws {
        var rows: [(record: VersionRecord, chunk: String, offset: Int)] = []
        var lastInFile: [String: Data] = [:]
        for (version, data) in versions {
            guard data.count == version.byteLength else {
                throw StoreError.invalidRequest("version \(version.number) of document \(record.id) has \(data.count) bytes, not \(version.byteLength)")
            }
            let previous = lastInFile[version.file] ?? Data()
            guard data.count >= previous.count, data.prefix(previous.count) == previous else {
                throw StoreError.invalidRequest(
                    "version \(version.number) of document \(record.id) does not extend the version before it in \(version.file)")
            }
            let key = Self.chunkKey(record.id, version.number)
            written.append(key)
            try blobs.put(Data(data[previous.count...]), key: key)
            rows.append((version, key, previous.count))
            lastInFile[version.file] = data
        }
        try pool.transaction { connection in
            if try connection.query("SELECT 1 FROM documents WHERE id = $1", [.text(record.id)]).first != nil {
                throw StoreError.invalidRequest("document \(record.id) is already in \(location)")
            }
            try connection.query("""
                INSERT INTO documents (id, name, kind, created, modified, trashed_at, revision, saved_revision,
                                       history_base, page_count, file)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
                """, [.text(record.id), .text(record.name), .text(record.kind.rawValue),
                      .real(record.created.timeIntervalSince1970), .real(record.modified.timeIntervalSince1970),
                      record.trashedAt.map { .real($0.timeIntervalSince1970) } ?? .null, .integer(record.revision),
                      .integer(record.savedRevision), .integer(record.historyBase), .integer(record.pageCount),
                      .text(record.file)])
            for row in rows {
                try connection.query("""
                    INSERT INTO versions (document, number, byte_length, revision, created, file, chunk, chunk_offset, redacted)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
                    """, [.text(record.id), .integer(row.record.number), .integer(row.record.byteLength),
                          .integer(row.record.revision), .real(row.record.created.timeIntervalSince1970),
                          .text(row.record.file), .text(row.chunk), .integer(row.offset),
                          .text(row.record.historyRedacted ? "true" : "false")])
            }
            for entry in log {
                try connection.query("""
                    INSERT INTO operations (document, revision, client_id, kind, json, created, author)
                    VALUES ($1, $2, $3, $4, $5, $6, $7)
                    """, [.text(record.id), .integer(entry.revision), .text(entry.clientID), .text(entry.kind.rawValue),
                          .text(entry.json), .real(entry.created.timeIntervalSince1970),
                          entry.author.map { .text($0) } ?? .null])
            }
        }
    }
}

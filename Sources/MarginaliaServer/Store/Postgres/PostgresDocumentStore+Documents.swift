import Foundation

extension PostgresDocumentStore {
    /// Adds a document: its bytes as the chunk of version 1, then its row and version row in
    /// one transaction (a failed transaction removes the chunk again).
    public func createDocument(name: String, kind: DocumentKind, pdf: Data, pageCount: Int,
                               now: Date) throws -> DocumentRecord {
        guard let record = try insertDocument(name: name, kind: kind, pdf: pdf, pageCount: pageCount, now: now,
                                              onlyIntoEmptyStore: false)
        else { throw StoreError.invalidRequest("the document could not be added") }
        return record
    }

    /// Adds a document when the database holds none, holding an advisory lock so that
    /// replicas starting together on an empty database add one between them.
    public func createFirstDocument(name: String, kind: DocumentKind, pdf: Data, pageCount: Int,
                                    now: Date) throws -> DocumentRecord? {
        try insertDocument(name: name, kind: kind, pdf: pdf, pageCount: pageCount, now: now, onlyIntoEmptyStore: true)
    }

    private func insertDocument(name: String, kind: DocumentKind, pdf: Data, pageCount: Int, now: Date,
                                onlyIntoEmptyStore: Bool) throws -> DocumentRecord? {
        let name = try DocumentID.validateName(name)
        let id = DocumentID.make()
        let chunk = Self.chunkKey(id, 1)
        try blobs.put(pdf, key: chunk)
        do {
            let record = try pool.transaction { connection -> DocumentRecord? in
                if onlyIntoEmptyStore {
                    try connection.query("SELECT pg_advisory_xact_lock($1)", [.integer(PostgresSchema.migrationLock + 1)])
                    if try connection.query("SELECT 1 FROM documents LIMIT 1").first != nil { return nil }
                }
                let time = PostgresValue.real(now.timeIntervalSince1970)
                try connection.query("""
                    INSERT INTO documents (id, name, kind, created, modified, page_count, file)
                    VALUES ($1, $2, $3, $4, $4, $5, $6)
                    """, [.text(id), .text(name), .text(kind.rawValue), time, .integer(pageCount), .text("\(id).pdf")])
                try connection.query("""
                    INSERT INTO versions (document, number, byte_length, revision, created, file, chunk, chunk_offset)
                    VALUES ($1, 1, $2, 0, $3, $4, $5, 0)
                    """, [.text(id), .integer(pdf.count), time, .text("\(id).pdf"), .text(chunk)])
                return try fetchDocument(id, on: connection)
            }
            if record == nil { try? blobs.remove(chunk) }
            return record
        } catch {
            try? blobs.remove(chunk)
            throw error
        }
    }

    public func document(_ id: String) throws -> DocumentRecord {
        try DocumentID.validate(id)
        return try pool.withConnection { try fetchDocument(id, on: $0) }
    }

    public func documents(trashed: Bool) throws -> [DocumentRecord] {
        let condition = trashed ? "d.trashed_at IS NOT NULL" : "d.trashed_at IS NULL"
        return try pool.withConnection { connection in
            try connection.query("SELECT \(Self.documentColumns) FROM documents d WHERE \(condition) ORDER BY d.modified DESC, d.id")
                .map(Self.documentRecord)
        }
    }

    public func rename(_ id: String, to name: String, now: Date) throws -> DocumentRecord {
        let name = try DocumentID.validateName(name)
        return try update(id, "name = $2, modified = $3", [.text(name), .real(now.timeIntervalSince1970)], notice: ["renamed"])
    }

    public func setTrashed(_ id: String, _ trashed: Bool, now: Date) throws -> DocumentRecord {
        try update(id, "trashed_at = $2", [trashed ? .real(now.timeIntervalSince1970) : .null],
                   notice: ["trashed", trashed ? "1" : "0"])
    }

    private func update(_ id: String, _ assignments: String, _ values: [PostgresValue], notice: [String]) throws -> DocumentRecord {
        try DocumentID.validate(id)
        return try pool.transaction { connection in
            let rows = try connection.query("UPDATE documents SET \(assignments) WHERE id = $1 RETURNING id", [.text(id)] + values)
            guard !rows.isEmpty else { throw StoreError.notFound("document \(id)") }
            try announce(connection, [notice[0], id] + notice.dropFirst())
            return try fetchDocument(id, on: connection)
        }
    }

    /// The row, the latest version of its file with the bytes (its chunks joined) and the
    /// log after the history base, read in one repeatable-read transaction.
    ///
    /// - Throws: ``StoreError/damaged(_:)`` when the chunks do not add up to the version.
    public func loadDocument(_ id: String) throws -> StoredDocument {
        try DocumentID.validate(id)
        return try pool.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { connection in
            let record = try fetchDocument(id, on: connection)
            let line = try fetchVersions(id, on: connection).filter { $0.record.file == record.file }
            guard let latest = line.last else { throw StoreError.damaged("document \(id) has no version in \(record.file)") }
            let data = try assemble(line, id: id)
            let log = try fetchOperations(id, after: record.historyBase, on: connection)
            return StoredDocument(record: record, version: latest.record, data: data, log: log)
        }
    }

    /// The bytes of the last of `line` (versions of one file, oldest first): its chunks joined.
    func assemble(_ line: [(record: VersionRecord, chunk: String, offset: Int)], id: String) throws -> Data {
        let chunks = try blobs.get(line.map(\.chunk))
        var data = Data()
        for (version, chunk) in zip(line, chunks) {
            guard version.offset == data.count, version.offset + chunk.count == version.record.byteLength else {
                throw StoreError.damaged(
                    "version \(version.record.number) of document \(id) does not continue the versions before it")
            }
            data.append(chunk)
        }
        return data
    }
}

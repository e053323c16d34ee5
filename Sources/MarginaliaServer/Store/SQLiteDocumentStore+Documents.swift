import Foundation

extension SQLiteDocumentStore {
    /// Adds a document: writes `files/<id>.pdf` and records it with version 1 (revision 0).
    ///
    /// - Parameters:
    ///   - name: the name shown to users (trimmed; see ``DocumentID/validateName(_:)``).
    ///   - pdf: the PDF bytes, already checked by the caller.
    ///   - pageCount: the PDF's page count.
    /// - Throws: ``StoreError/invalidName(_:)``, or an I/O or SQLite ``StoreError``.
    public func createDocument(name: String, kind: DocumentKind, pdf: Data, pageCount: Int,
                               now: Date) throws -> DocumentRecord {
        guard let record = try insertDocument(name: name, kind: kind, pdf: pdf, pageCount: pageCount, now: now,
                                              onlyIntoEmptyStore: false)
        else { throw StoreError.invalidRequest("the document could not be added") }
        return record
    }

    /// Adds a document when the store holds none at all (in or out of the trash).
    public func createFirstDocument(name: String, kind: DocumentKind, pdf: Data, pageCount: Int,
                                    now: Date) throws -> DocumentRecord? {
        try insertDocument(name: name, kind: kind, pdf: pdf, pageCount: pageCount, now: now, onlyIntoEmptyStore: true)
    }

    private func insertDocument(name: String, kind: DocumentKind, pdf: Data, pageCount: Int, now: Date,
                                onlyIntoEmptyStore: Bool) throws -> DocumentRecord? {
        let name = try DocumentID.validateName(name)
        let id = DocumentID.make()
        let file = "\(id).pdf"
        try writeFile(named: file, pdf)
        do {
            let record = try withDatabase { database -> DocumentRecord? in
                try database.transaction {
                    if onlyIntoEmptyStore, try database.rows("SELECT 1 FROM documents LIMIT 1").first != nil { return nil }
                    let time = SQLiteValue.real(now.timeIntervalSince1970)
                    try database.run("""
                        INSERT INTO documents (id, name, kind, created, modified, page_count, file)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """, [.text(id), .text(name), .text(kind.rawValue), time, time, .integer(pageCount), .text(file)])
                    try database.run("""
                        INSERT INTO versions (document, number, byte_length, revision, created, file)
                        VALUES (?, 1, ?, 0, ?, ?)
                        """, [.text(id), .integer(pdf.count), time, .text(file)])
                    return try fetchDocument(id, in: database)
                }
            }
            if record == nil { removeFile(named: file) }
            return record
        } catch {
            removeFile(named: file)
            throw error
        }
    }

    /// One document's row.
    ///
    /// - Throws: ``StoreError/invalidID(_:)``, ``StoreError/notFound(_:)``.
    public func document(_ id: String) throws -> DocumentRecord {
        try withDatabase { try fetchDocument(id, in: $0) }
    }

    /// The documents in the trash (`trashed`) or out of it, newest modified first.
    public func documents(trashed: Bool) throws -> [DocumentRecord] {
        try withDatabase { database in
            let condition = trashed ? "d.trashed_at IS NOT NULL" : "d.trashed_at IS NULL"
            return try database.rows("SELECT \(Self.documentColumns) FROM documents d WHERE \(condition) ORDER BY d.modified DESC, d.id")
                .map(Self.documentRecord)
        }
    }

    /// Renames a document.
    ///
    /// - Throws: ``StoreError/invalidName(_:)``, ``StoreError/notFound(_:)``.
    public func rename(_ id: String, to name: String, now: Date) throws -> DocumentRecord {
        let name = try DocumentID.validateName(name)
        return try update(id, "name = ?, modified = ?", [.text(name), .real(now.timeIntervalSince1970)])
    }

    /// Moves a document to the trash (`true`) or back (`false`). Files stay where they are.
    public func setTrashed(_ id: String, _ trashed: Bool, now: Date) throws -> DocumentRecord {
        try update(id, "trashed_at = ?", [trashed ? .real(now.timeIntervalSince1970) : .null])
    }

    /// Updates some columns of one document and returns its row.
    private func update(_ id: String, _ assignments: String, _ values: [SQLiteValue]) throws -> DocumentRecord {
        try DocumentID.validate(id)
        return try withDatabase { database in
            try database.transaction {
                try database.run("UPDATE documents SET \(assignments) WHERE id = ?", values + [.text(id)])
                guard database.changes > 0 else { throw StoreError.notFound("document \(id)") }
                return try fetchDocument(id, in: database)
            }
        }
    }

    /// The stored state of a document: its current file cut to the latest version, and the
    /// log after its history base.
    ///
    /// A save writes the file before it commits the version row; when a crash fell between
    /// the two, the file is longer than the catalogue says. Incremental updates only append,
    /// so the catalogue's length is the last committed state: the file is cut back to it
    /// (atomically) and the operations logged since are replayed by the service.
    ///
    /// - Throws: ``StoreError/damaged(_:)`` when the file is shorter than recorded.
    public func loadDocument(_ id: String) throws -> StoredDocument {
        try withDatabase { database in
            let record = try fetchDocument(id, in: database)
            let rows = try database.rows("""
                SELECT number, byte_length, revision, created, file, redacted FROM versions
                WHERE document = ? AND file = ? ORDER BY number DESC LIMIT 1
                """, [.text(id), .text(record.file)])
            guard let row = rows.first else { throw StoreError.damaged("document \(id) has no version in \(record.file)") }
            let latest = try Self.versionRecord(row)
            var data = try readFile(named: record.file)
            guard data.count >= latest.byteLength else {
                throw StoreError.damaged("\(record.file) has \(data.count) bytes; version \(latest.number) needs \(latest.byteLength)")
            }
            if data.count > latest.byteLength {
                data = data.prefix(latest.byteLength)
                // Read-only, the longer file stays; the next server to open it cuts it back.
                if !isReadOnly { try writeFile(named: record.file, data) }
            }
            let log = try fetchOperations(id, after: record.historyBase, in: database)
            return StoredDocument(record: record, version: latest, data: data, log: log,
                                  file: try fileURL(named: record.file))
        }
    }
}

import Foundation

extension SQLiteDocumentStore {
    /// Appends entries to a document's operation log in one transaction (`BEGIN IMMEDIATE`,
    /// which excludes every other writer), committed (and, with `synchronous = FULL`, on
    /// disk) when this returns; see ``DocumentStore/appendOperations(_:expecting:_:now:rebase:)``.
    ///
    /// One process owns the folder and the service commits each document's entries one at a
    /// time, which is the document's lock here: `rebase` runs outside the store's lock (it
    /// reads the store again), and the row is checked again before its entries are appended.
    ///
    /// - Throws: ``StoreError/invalidRequest(_:)`` when the revisions do not continue the log
    ///   (nothing is written), ``StoreError/notFound(_:)``, SQLite errors.
    public func appendOperations(_ id: String, expecting expected: LogPosition, _ proposed: LogAppend, now: Date,
                                 rebase: (DocumentRecord, [OperationRecord]) throws -> LogAppend) throws {
        var expected = expected
        var append = proposed
        while let (record, newer) = try appendIfAt(expected, append, to: id, now: now) {
            append = try rebase(record, newer)
            expected = LogPosition(revision: record.revision, file: record.file)
        }
    }

    /// Appends `append` when the document's row is still at `expected`, and returns nil; else
    /// writes nothing and returns the row and the entries after `expected.revision`.
    private func appendIfAt(_ expected: LogPosition, _ append: LogAppend, to id: String,
                        now: Date) throws -> (DocumentRecord, [OperationRecord])? {
        try withDatabase { database in
            try database.transaction { () -> (DocumentRecord, [OperationRecord])? in
                let record = try fetchDocument(id, in: database)
                guard expected.matches(record) else {
                    return (record, record.revision > expected.revision
                                ? try fetchOperations(id, after: expected.revision, in: database) : [])
                }
                guard let last = append.records.last else { return nil }
                for (offset, entry) in append.records.enumerated() where entry.revision != record.revision + offset + 1 {
                    throw StoreError.invalidRequest(
                        "revision \(entry.revision) does not follow revision \(record.revision + offset) of document \(id)")
                }
                let statement = try database.reusing("""
                    INSERT INTO operations (document, revision, client_id, kind, json, created, author) VALUES (?, ?, ?, ?, ?, ?, ?)
                    """)
                for entry in append.records {
                    try statement.bind([.text(id), .integer(entry.revision), .text(entry.clientID),
                                        .text(entry.kind.rawValue), .text(entry.json),
                                        .real(entry.created.timeIntervalSince1970),
                                        entry.author.map { .text($0) } ?? .null])
                    while try statement.step() {}
                    try statement.reset()
                }
                try database.run("UPDATE documents SET revision = ?, page_count = ?, modified = ? WHERE id = ?",
                                 [.integer(last.revision), .integer(append.pageCount),
                                  .real(now.timeIntervalSince1970), .text(id)], reused: true)
                return nil
            }
        }
    }

    /// The log entries of a document after `revision`, in order (the first `limit`, if given).
    ///
    /// - Throws: ``StoreError/invalidID(_:)``, ``StoreError/notFound(_:)``.
    public func operations(_ id: String, after revision: Int, limit: Int?) throws -> [OperationRecord] {
        try withDatabase { database in
            _ = try fetchDocument(id, in: database)
            return try fetchOperations(id, after: revision, limit: limit, in: database)
        }
    }

    /// The row and the entries after `revision`, under the store's lock.
    public func documentAndLog(_ id: String, after revision: Int) throws -> (record: DocumentRecord, newer: [OperationRecord]) {
        try withDatabase { database in
            (try fetchDocument(id, in: database), try fetchOperations(id, after: revision, in: database))
        }
    }

    func fetchOperations(_ id: String, after revision: Int, limit: Int? = nil, in database: SQLiteDatabase) throws -> [OperationRecord] {
        // SQLite reads a negative LIMIT as none.
        try database.rows("""
            SELECT revision, client_id, kind, json, created, author FROM operations
            WHERE document = ? AND revision > ? ORDER BY revision LIMIT ?
            """, [.text(id), .integer(revision), .integer(limit.map { max(0, $0) } ?? -1)]).map(Self.operationRecord)
    }
}

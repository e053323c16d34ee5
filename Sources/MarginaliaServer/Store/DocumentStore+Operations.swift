import Foundation

extension DocumentStore {
    /// Appends entries to a document's operation log in one transaction, committed (and, with
    /// `synchronous = FULL`, on disk) when this returns. Sets the document's revision to the
    /// last entry's, its page count and its modification time.
    ///
    /// - Parameters:
    ///   - entries: revisions must continue the log densely: the document's revision + 1, + 2…
    ///   - pageCount: the document's page count after the entries.
    /// - Throws: ``StoreError/invalidRequest(_:)`` when the revisions do not continue the log
    ///   (nothing is written), ``StoreError/notFound(_:)``, SQLite errors.
    public func appendOperations(_ id: String, _ entries: [OperationRecord], pageCount: Int,
                                 now: Date = Date()) throws {
        guard let last = entries.last else { return }
        try withDatabase { database in
            try database.transaction {
                let record = try fetchDocument(id, in: database)
                for (offset, entry) in entries.enumerated() where entry.revision != record.revision + offset + 1 {
                    throw StoreError.invalidRequest(
                        "revision \(entry.revision) does not follow revision \(record.revision + offset) of document \(id)")
                }
                let statement = try database.prepare("""
                    INSERT INTO operations (document, revision, client_id, kind, json, created) VALUES (?, ?, ?, ?, ?, ?)
                    """)
                for entry in entries {
                    try statement.bind([.text(id), .integer(entry.revision), .text(entry.clientID),
                                        .text(entry.kind.rawValue), .text(entry.json),
                                        .real(entry.created.timeIntervalSince1970)])
                    while try statement.step() {}
                    try statement.reset()
                }
                try database.run("UPDATE documents SET revision = ?, page_count = ?, modified = ? WHERE id = ?",
                                 [.integer(last.revision), .integer(pageCount), .real(now.timeIntervalSince1970), .text(id)])
            }
        }
    }

    /// The log entries of a document after `revision`, in order.
    ///
    /// - Throws: ``StoreError/invalidID(_:)``, ``StoreError/notFound(_:)``.
    public func operations(_ id: String, after revision: Int) throws -> [OperationRecord] {
        try withDatabase { database in
            _ = try fetchDocument(id, in: database)
            return try database.rows("""
                SELECT revision, client_id, kind, json, created FROM operations
                WHERE document = ? AND revision > ? ORDER BY revision
                """, [.text(id), .integer(revision)]).map(Self.operationRecord)
        }
    }
}

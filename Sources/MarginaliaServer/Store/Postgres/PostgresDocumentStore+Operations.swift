import Foundation

extension PostgresDocumentStore {
    /// Appends entries holding the document's row lock: reads the row (`FOR UPDATE`) and
    /// the entries after `knownRevision`, lets `prepare` decide what to append, checks that
    /// it continues the row's revision, and writes the entries, the row and a notice in one
    /// statement before the commit (see ``DocumentStore/appendOperations(_:after:now:_:)``).
    public func appendOperations(_ id: String, after knownRevision: Int, now: Date,
                                 _ prepare: (DocumentRecord, [OperationRecord]) throws -> LogAppend) throws {
        try pool.transaction { connection in
            let record = try fetchDocument(id, on: connection, forUpdate: true)
            let newer = record.revision > knownRevision ? try fetchOperations(id, after: knownRevision, on: connection) : []
            let append = try prepare(record, newer)
            guard let first = append.records.first, let last = append.records.last else { return }
            for (offset, entry) in append.records.enumerated() where entry.revision != record.revision + offset + 1 {
                throw StoreError.invalidRequest(
                    "revision \(entry.revision) does not follow revision \(record.revision + offset) of document \(id)")
            }
            // Entries, row and notice in one round trip: $1 document, $2 revision, $3 page
            // count, $4 time, $5 channel, $6 notice, then five values per entry.
            var parameters: [PostgresValue] = [
                .text(id), .integer(last.revision), .integer(append.pageCount), .real(now.timeIntervalSince1970),
                .text(Self.channel), .text(notice(["operations", id, String(first.revision), String(last.revision)])),
            ]
            var rows: [String] = []
            for entry in append.records {
                let base = parameters.count
                rows.append("($1, $\(base + 1)::bigint, $\(base + 2), $\(base + 3), $\(base + 4), $\(base + 5)::double precision)")
                parameters += [.integer(entry.revision), .text(entry.clientID), .text(entry.kind.rawValue), .text(entry.json),
                               .real(entry.created.timeIntervalSince1970)]
            }
            try connection.query("""
                WITH logged AS (
                    INSERT INTO operations (document, revision, client_id, kind, json, created)
                    VALUES \(rows.joined(separator: ", "))
                ), moved AS (
                    UPDATE documents SET revision = $2, page_count = $3, modified = $4 WHERE id = $1
                )
                SELECT pg_notify($5, $6)
                """, parameters)
        }
    }

    /// Runs `body` in a transaction that holds the document's row lock (`FOR UPDATE`).
    public func withDocumentLock<T>(_ id: String, _ body: () throws -> T) throws -> T {
        try pool.transaction { connection in
            _ = try fetchDocument(id, on: connection, forUpdate: true)
            return try body()
        }
    }

    public func operations(_ id: String, after revision: Int) throws -> [OperationRecord] {
        try DocumentID.validate(id)
        return try pool.withConnection { connection in
            let entries = try fetchOperations(id, after: revision, on: connection)
            if entries.isEmpty { _ = try fetchDocument(id, on: connection) }  // unknown: notFound
            return entries
        }
    }
}

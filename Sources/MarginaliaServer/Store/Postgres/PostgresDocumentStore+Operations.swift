import Foundation

extension PostgresDocumentStore {
    /// Appends entries holding the document's row lock (see
    /// ``DocumentStore/appendOperations(_:expecting:_:now:rebase:)``).
    ///
    /// The common case, nobody logged since `expected`, takes one round trip with the commit:
    /// `marginalia_append` locks the row, checks the position, inserts, moves the row and sends
    /// the notice. When another replica logged first, that call is refused and a transaction
    /// locks the row (`FOR UPDATE`), reads the entries after the position, lets `rebase` put
    /// the batch on top of them, and writes the entries, the row and the notice in one
    /// statement before the commit: a batch is rebased at most once, and no rebase is thrown
    /// away. A document another replica overtook at its last commit here goes to that
    /// transaction at once (``overtakenDocuments``), without the round trip bound to be
    /// refused: under round robin nearly every commit is overtaken, under sticky routing
    /// nearly none. (Rebasing without the lock and checking the position as it appended lost
    /// the race to the other replicas' commits often enough under round robin to cost 4.2
    /// commits a stroke; docs/benchmarks.md.)
    public func appendOperations(_ id: String, expecting expected: LogPosition, _ proposed: LogAppend, now: Date,
                                 rebase: (DocumentRecord, [OperationRecord]) throws -> LogAppend) throws {
        try DocumentID.validate(id)
        if locksDocuments, !proposed.records.isEmpty, !overtakenDocuments.withLock({ $0.contains(id) }) {
            try Self.checkContinues(proposed.records, after: expected.revision, id)
            // Not run again on a broken connection: it may have committed before it broke.
            let behind = try pool.withConnection(idempotent: false) { connection in
                try connection.query("""
                    SELECT marginalia_append($1, $2, $3, $4::bigint[], $5::text[], $6::text[], $7::text[],
                                             $8::double precision[], $9, $10, $11, $12, $13::text[])
                    """, appendParameters(id, expected, proposed, now: now)).first?.integer(0)
            }
            guard let behind else { return appendCounters.count { $0.committed += 1 } }
            if behind == -1 { throw StoreError.notFound("document \(id)") }
            appendCounters.count { $0.refused += 1 }
        }
        var outcome = (rebased: false, appended: false)
        try pool.transaction { connection in
            let record = try fetchDocument(id, on: connection, forUpdate: true)
            outcome.rebased = !expected.matches(record)
            // Read after the lock is held (a statement of its own, so with a snapshot that
            // sees the commit it waited for).
            let append = !outcome.rebased ? proposed
                : try rebase(record, record.revision > expected.revision
                                ? try fetchOperations(id, after: expected.revision, on: connection) : [])
            guard let first = append.records.first, let last = append.records.last else { return }
            try Self.checkContinues(append.records, after: record.revision, id)
            // Entries, row and notice in one round trip: $1 document, $2 revision, $3 page
            // count, $4 time, $5 channel, $6 notice, then six values per entry.
            var parameters: [PostgresValue] = [
                .text(id), .integer(last.revision), .integer(append.pageCount), .real(now.timeIntervalSince1970),
                .text(Self.channel), .text(notice(["operations", id, String(first.revision), String(last.revision)])),
            ]
            var rows: [String] = []
            for entry in append.records {
                let base = parameters.count
                rows.append("($1, $\(base + 1)::bigint, $\(base + 2), $\(base + 3), $\(base + 4), $\(base + 5)::double precision, $\(base + 6))")
                parameters += [.integer(entry.revision), .text(entry.clientID), .text(entry.kind.rawValue), .text(entry.json),
                               .real(entry.created.timeIntervalSince1970), entry.author.map { .text($0) } ?? .null]
            }
            try connection.query("""
                WITH logged AS (
                    INSERT INTO operations (document, revision, client_id, kind, json, created, author)
                    VALUES \(rows.joined(separator: ", "))
                ), moved AS (
                    UPDATE documents SET revision = $2, page_count = $3, modified = $4 WHERE id = $1
                )
                SELECT pg_notify($5, $6)
                """, parameters)
            outcome.appended = true
        }
        // The transaction has committed: counted, and the next commit told where to start.
        appendCounters.count {
            if outcome.rebased { $0.rebases += 1 }
            if outcome.appended { $0.committed += 1; $0.locked += 1 }
        }
        overtakenDocuments.withLock { ids in
            if outcome.rebased {
                if ids.count >= Self.overtakenLimit { ids.removeAll() }
                ids.insert(id)
            } else {
                ids.remove(id)
            }
        }
    }

    /// The parameters of `marginalia_append` (schema version 4: with the authors).
    private func appendParameters(_ id: String, _ expected: LogPosition, _ append: LogAppend, now: Date) -> [PostgresValue] {
        let records = append.records
        let first = records.first?.revision ?? 0, last = records.last?.revision ?? 0
        return [
            .text(id), .integer(expected.revision), expected.file.map { .text($0) } ?? .null,
            .text("{" + records.map { String($0.revision) }.joined(separator: ",") + "}"),
            .text(PostgresArray.text(records.map(\.clientID))), .text(PostgresArray.text(records.map(\.kind.rawValue))),
            .text(PostgresArray.text(records.map(\.json))),
            .text("{" + records.map { "\($0.created.timeIntervalSince1970)" }.joined(separator: ",") + "}"),
            .integer(append.pageCount), .real(now.timeIntervalSince1970), .text(Self.channel),
            .text(notice(["operations", id, String(first), String(last)])),
            .text(PostgresArray.text(records.map(\.author))),
        ]
    }

    /// Entries must be `revision + 1`, `+ 2`…
    static func checkContinues(_ records: [OperationRecord], after revision: Int, _ id: String) throws {
        for (offset, entry) in records.enumerated() where entry.revision != revision + offset + 1 {
            throw StoreError.invalidRequest(
                "revision \(entry.revision) does not follow revision \(revision + offset) of document \(id)")
        }
    }

    /// Runs `body` in a transaction that holds the document's row lock (`FOR UPDATE`).
    public func withDocumentLock<T>(_ id: String, _ body: () throws -> T) throws -> T {
        try pool.transaction { connection in
            _ = try fetchDocument(id, on: connection, forUpdate: true)
            return try body()
        }
    }

    /// The row and the entries after `revision` in one statement (one snapshot, one round trip).
    public func documentAndLog(_ id: String, after revision: Int) throws -> (record: DocumentRecord, newer: [OperationRecord]) {
        try DocumentID.validate(id)
        let rows = try pool.withConnection { connection in
            try connection.query("""
                WITH d AS (SELECT \(Self.documentColumns) FROM documents d WHERE d.id = $1)
                SELECT d.*, o.revision, o.client_id, o.kind, o.json, o.created, o.author
                FROM d LEFT JOIN operations o ON o.document = $1 AND o.revision > $2
                ORDER BY o.revision
                """, [.text(id), .integer(revision)])
        }
        guard let first = rows.first else { throw StoreError.notFound("document \(id)") }
        let record = try Self.documentRecord(first)
        let newer = try rows.filter { $0.text(12) != nil }.map { try Self.operationRecord($0, from: 12) }
        return (record, newer)
    }

    public func operations(_ id: String, after revision: Int, limit: Int?) throws -> [OperationRecord] {
        try DocumentID.validate(id)
        return try pool.withConnection { connection in
            let entries = try fetchOperations(id, after: revision, limit: limit, on: connection)
            if entries.isEmpty { _ = try fetchDocument(id, on: connection) }  // unknown: notFound
            return entries
        }
    }
}

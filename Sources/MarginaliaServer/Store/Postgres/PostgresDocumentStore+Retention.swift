import Foundation

// Retention settings and pruning a document's versions in a shared database, as SQLite's
// (docs/store.md, "Retention"): a rewritten file's versions get new chunks, and the chunks
// no row names any more are removed in the same transaction as the rows.

extension PostgresDocumentStore {
    public func retention() throws -> StoreRetention {
        try pool.withConnection { connection in
            guard let row = try connection.query("SELECT keep_versions, keep_days, trash_days FROM retention WHERE id = 1").first
            else { return StoreRetention() }
            return StoreRetention(versions: RetentionPolicy(keepVersions: row.integer(0), keepDays: row.integer(1)),
                                  trashDays: row.integer(2))
        }
    }

    public func setRetention(_ retention: StoreRetention) throws {
        try retention.validate()
        try pool.withConnection { connection in
            try connection.query("""
                INSERT INTO retention (id, keep_versions, keep_days, trash_days) VALUES (1, $1, $2, $3)
                ON CONFLICT (id) DO UPDATE SET keep_versions = excluded.keep_versions, keep_days = excluded.keep_days,
                    trash_days = excluded.trash_days
                """, [Self.value(retention.versions.keepVersions), Self.value(retention.versions.keepDays),
                      Self.value(retention.trashDays)])
        }
    }

    public func retention(of id: String) throws -> RetentionPolicy? {
        try DocumentID.validate(id)
        return try pool.withConnection { connection in
            _ = try fetchDocument(id, on: connection)
            return try connection.query("SELECT keep_versions, keep_days FROM document_retention WHERE document = $1", [.text(id)])
                .first.map { RetentionPolicy(keepVersions: $0.integer(0), keepDays: $0.integer(1)) }
        }
    }

    public func setRetention(of id: String, _ policy: RetentionPolicy?) throws {
        try DocumentID.validate(id)
        try policy?.validate()
        try pool.transaction { connection in
            _ = try fetchDocument(id, on: connection, forUpdate: true)
            try connection.query("DELETE FROM document_retention WHERE document = $1", [.text(id)])
            guard let policy else { return }
            try connection.query("INSERT INTO document_retention (document, keep_versions, keep_days) VALUES ($1, $2, $3)",
                                 [.text(id), Self.value(policy.keepVersions), Self.value(policy.keepDays)])
        }
    }

    public func pruneVersions(_ id: String, _ prune: VersionPrune) throws {
        try DocumentID.validate(id)
        guard !prune.isEmpty else { return }
        // Each kept version of a rewritten file: its new chunk (the bytes it adds to the one
        // before it), written first under a key never used.
        struct Placed { let number: Int; let byteLength: Int; let chunk: String; let offset: Int; let file: String; let oldFile: String }
        var placed: [Placed] = []
        for rewrite in prune.rewrites {
            let file = "\(id).k\(UInt64.random(in: 1_000_000_000...9_999_999_999)).pdf"
            var offset = 0
            for version in rewrite.lengths {
                guard version.byteLength >= offset, version.byteLength <= rewrite.bytes.count else {
                    throw StoreError.invalidRequest("the rewritten versions of document \(id) do not extend each other")
                }
                let chunk = Self.chunkKey(id, version.number)
                try blobs.put(Data(rewrite.bytes[offset..<version.byteLength]), key: chunk)
                placed.append(Placed(number: version.number, byteLength: version.byteLength, chunk: chunk, offset: offset,
                                     file: file, oldFile: rewrite.oldFile))
                offset = version.byteLength
            }
        }
        let unnamed: Set<String>
        do {
            unnamed = try pool.transaction { connection in
                let document = try fetchDocument(id, on: connection, forUpdate: true)
                let before = try fetchVersions(id, on: connection)
                guard before.last?.record.number == prune.latest else {
                    throw StoreError.conflict("document \(id) got version \(before.last?.record.number ?? 0) after version \(prune.latest)")
                }
                for number in prune.removed {
                    try connection.query("DELETE FROM versions WHERE document = $1 AND number = $2", [.text(id), .integer(number)])
                }
                for version in placed {
                    let updated = try connection.query("""
                        UPDATE versions SET file = $1, byte_length = $2, chunk = $3, chunk_offset = $4
                        WHERE document = $5 AND number = $6 AND file = $7 RETURNING number
                        """, [.text(version.file), .integer(version.byteLength), .text(version.chunk), .integer(version.offset),
                              .text(id), .integer(version.number), .text(version.oldFile)])
                    guard updated.count == 1 else {
                        throw StoreError.invalidRequest("version \(version.number) of document \(id) is not in \(version.oldFile)")
                    }
                    if document.file == version.oldFile {
                        try connection.query("UPDATE documents SET file = $1 WHERE id = $2", [.text(version.file), .text(id)])
                    }
                }
                let after = try fetchVersions(id, on: connection)
                return Set(before.map(\.chunk)).subtracting(after.map(\.chunk))
            }
        } catch {
            for version in placed { try? blobs.remove(version.chunk) }
            throw error
        }
        for chunk in unnamed.sorted() { try blobs.remove(chunk) }
    }

    private static func value(_ number: Int?) -> PostgresValue {
        number.map { .integer($0) } ?? .null
    }
}

import Foundation

// Retention settings (the `retention` and `document_retention` tables) and pruning a
// document's versions (docs/store.md, "Retention").

extension SQLiteDocumentStore {
    public func retention() throws -> StoreRetention {
        try withDatabase { database in
            guard let row = try database.rows("SELECT keep_versions, keep_days, trash_days FROM retention WHERE id = 1").first else {
                return StoreRetention()
            }
            return StoreRetention(versions: RetentionPolicy(keepVersions: row[0].integerValue, keepDays: row[1].integerValue),
                                  trashDays: row[2].integerValue)
        }
    }

    public func setRetention(_ retention: StoreRetention) throws {
        try retention.validate()
        try withDatabase { database in
            try database.run("""
                INSERT INTO retention (id, keep_versions, keep_days, trash_days) VALUES (1, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET keep_versions = excluded.keep_versions, keep_days = excluded.keep_days,
                    trash_days = excluded.trash_days
                """, [Self.value(retention.versions.keepVersions), Self.value(retention.versions.keepDays),
                      Self.value(retention.trashDays)])
        }
    }

    public func retention(of id: String) throws -> RetentionPolicy? {
        try withDatabase { database in
            _ = try fetchDocument(id, in: database)
            return try database.rows("SELECT keep_versions, keep_days FROM document_retention WHERE document = ?", [.text(id)])
                .first.map { RetentionPolicy(keepVersions: $0[0].integerValue, keepDays: $0[1].integerValue) }
        }
    }

    public func setRetention(of id: String, _ policy: RetentionPolicy?) throws {
        try policy?.validate()
        try withDatabase { database in
            try database.transaction {
                _ = try fetchDocument(id, in: database)
                try database.run("DELETE FROM document_retention WHERE document = ?", [.text(id)])
                guard let policy else { return }
                try database.run("INSERT INTO document_retention (document, keep_versions, keep_days) VALUES (?, ?, ?)",
                                 [.text(id), Self.value(policy.keepVersions), Self.value(policy.keepDays)])
            }
        }
    }

    public func pruneVersions(_ id: String, _ prune: VersionPrune) throws {
        guard !prune.isEmpty else { return }
        let newFiles = prune.rewrites.map { _ in "\(id).k\(UInt64.random(in: 1_000_000_000...9_999_999_999)).pdf" }
        for (rewrite, name) in zip(prune.rewrites, newFiles) { try writeFile(named: name, rewrite.bytes) }
        let filesBefore: Set<String>
        do {
            filesBefore = try withDatabase { database in
                try database.transaction {
                    let document = try fetchDocument(id, in: database)
                    let versions = try fetchVersions(id, in: database)
                    guard versions.last?.number == prune.latest else {
                        throw StoreError.conflict("document \(id) got version \(versions.last?.number ?? 0) after version \(prune.latest)")
                    }
                    for number in prune.removed {
                        try database.run("DELETE FROM versions WHERE document = ? AND number = ?", [.text(id), .integer(number)])
                    }
                    for (rewrite, newFile) in zip(prune.rewrites, newFiles) {
                        for version in rewrite.lengths {
                            try database.run("""
                                UPDATE versions SET file = ?, byte_length = ? WHERE document = ? AND number = ? AND file = ?
                                """, [.text(newFile), .integer(version.byteLength), .text(id), .integer(version.number),
                                      .text(rewrite.oldFile)])
                            guard database.changes == 1 else {
                                throw StoreError.invalidRequest("version \(version.number) of document \(id) is not in \(rewrite.oldFile)")
                            }
                        }
                        if document.file == rewrite.oldFile {
                            try database.run("UPDATE documents SET file = ? WHERE id = ?", [.text(newFile), .text(id)])
                        }
                    }
                    return Set(versions.map(\.file))
                }
            }
        } catch {
            for name in newFiles { removeFile(named: name) }
            throw error
        }
        let filesAfter = Set(try versions(id).map(\.file))
        for name in filesBefore.subtracting(filesAfter) { removeFile(named: name) }
    }

    private static func value(_ number: Int?) -> SQLiteValue {
        number.map { .integer($0) } ?? .null
    }
}

import Foundation

// The audit log of a shared database (``AuditStore``): one `audit` table for every replica,
// whose triggers refuse updates, deletes and truncation.

extension PostgresDocumentStore: AuditStore {
    @discardableResult
    public func appendAudit(_ entry: AuditEntry) throws -> AuditEntry {
        try pool.withConnection { connection in
            let rows = try connection.query("""
                INSERT INTO audit (at, actor, action, document, detail) VALUES ($1, $2, $3, $4, $5) RETURNING id
                """, [.real(entry.at.timeIntervalSince1970), entry.actor.map { .text($0) } ?? .null, .text(entry.action.rawValue),
                      entry.document.map { .text($0) } ?? .null, entry.detail.map { .text($0) } ?? .null])
            var appended = entry
            appended.id = rows.first?.integer(0) ?? 0
            return appended
        }
    }

    public func auditEntries(after: Int, limit: Int) throws -> [AuditEntry] {
        try pool.withConnection { connection in
            try connection.query("SELECT id, at, actor, action, document, detail FROM audit WHERE id > $1 ORDER BY id LIMIT $2",
                                 [.integer(after), .integer(limit)]).map { row in
                try SQLiteDocumentStore.auditEntry(id: row.integer(0), at: row.real(1), actor: row.text(2), action: row.text(3),
                                                   document: row.text(4), detail: row.text(5))
            }
        }
    }
}

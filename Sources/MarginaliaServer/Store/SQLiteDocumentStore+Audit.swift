import Foundation

// The audit log of a data folder (``AuditStore``): the `audit` table, whose triggers refuse
// updates and deletes.

extension SQLiteDocumentStore: AuditStore {
    @discardableResult
    public func appendAudit(_ entry: AuditEntry) throws -> AuditEntry {
        try withDatabase { database in
            try database.transaction {
                try database.run("INSERT INTO audit (at, actor, action, document, detail) VALUES (?, ?, ?, ?, ?)", [
                    .real(entry.at.timeIntervalSince1970), entry.actor.map { .text($0) } ?? .null, .text(entry.action.rawValue),
                    entry.document.map { .text($0) } ?? .null, entry.detail.map { .text($0) } ?? .null,
                ])
                var appended = entry
                appended.id = try database.rows("SELECT last_insert_rowid()").first?[0].integerValue ?? 0
                return appended
            }
        }
    }

    public func auditEntries(after: Int, limit: Int) throws -> [AuditEntry] {
        try withDatabase { database in
            try database.rows("SELECT id, at, actor, action, document, detail FROM audit WHERE id > ? ORDER BY id LIMIT ?",
                              [.integer(after), .integer(limit)]).map { row in
                try Self.auditEntry(id: row[0].integerValue, at: row[1].realValue, actor: row[2].textValue,
                                    action: row[3].textValue, document: row[4].textValue, detail: row[5].textValue)
            }
        }
    }

    /// An entry from either store's columns.
    static func auditEntry(id: Int?, at: Double?, actor: String?, action: String?, document: String?,
                           detail: String?) throws -> AuditEntry {
        guard let id, let at, let action = action.flatMap(AuditAction.init(rawValue:)) else {
            throw StoreError.damaged("an audit row has missing or mistyped columns")
        }
        return AuditEntry(id: id, at: Date(timeIntervalSince1970: at), actor: actor, action: action, document: document,
                          detail: detail)
    }
}

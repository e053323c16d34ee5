import Foundation

// The saved signatures of a shared database's users (``SavedSignatureStore``), as the data
// folder keeps them: every statement names the owner. Adding holds a transaction-scoped
// advisory lock on the owner's name, so two replicas adding at once cannot pass the limit.

extension PostgresDocumentStore: SavedSignatureStore {
    public func savedSignatures(of owner: String) throws -> [SavedSignature] {
        try pool.withConnection { connection in
            try connection.query("SELECT \(Self.savedSignatureColumns) FROM saved_signatures WHERE owner = $1 ORDER BY created, id",
                                 [.text(owner)]).map(Self.savedSignature)
        }
    }

    public func addSavedSignature(_ signature: SavedSignature, maxSaved: Int) throws {
        try pool.transaction { connection in
            try connection.query("SELECT pg_advisory_xact_lock(hashtext('saved_signatures:' || $1))", [.text(signature.owner)])
            let held = try connection.query("SELECT count(*) FROM saved_signatures WHERE owner = $1", [.text(signature.owner)])
            guard (held.first?.integer(0) ?? 0) < maxSaved else { throw SavedSignatureError.full(limit: maxSaved) }
            try Self.insert(signature, on: connection)
        }
    }

    /// Inserts one row as it is (a new one, or one `store migrate` copies).
    static func insert(_ signature: SavedSignature, on connection: PostgresConnection) throws {
        try connection.query("""
            INSERT INTO saved_signatures (id, owner, kind, label, drawing, created, modified) VALUES ($1, $2, $3, $4, $5, $6, $7)
            """, [.text(signature.id), .text(signature.owner), .text(signature.kind.rawValue), .text(signature.label),
                  .text(signature.drawing.storedText), .real(signature.created.timeIntervalSince1970),
                  .real(signature.modified.timeIntervalSince1970)])
    }

    public func replaceSavedSignature(_ signature: SavedSignature) throws -> SavedSignature {
        try pool.transaction { connection in
            let rows = try connection.query("""
                UPDATE saved_signatures SET kind = $1, label = $2, drawing = $3, modified = $4 WHERE id = $5 AND owner = $6
                RETURNING \(Self.savedSignatureColumns)
                """, [.text(signature.kind.rawValue), .text(signature.label), .text(signature.drawing.storedText),
                      .real(signature.modified.timeIntervalSince1970), .text(signature.id), .text(signature.owner)])
            guard let row = rows.first else { throw SavedSignatureError.notFound(id: signature.id, owner: signature.owner) }
            return try Self.savedSignature(row)
        }
    }

    public func removeSavedSignature(_ id: String, of owner: String) throws {
        try pool.transaction { connection in
            let removed = try connection.query("DELETE FROM saved_signatures WHERE id = $1 AND owner = $2 RETURNING id",
                                               [.text(id), .text(owner)])
            guard !removed.isEmpty else { throw SavedSignatureError.notFound(id: id, owner: owner) }
        }
    }

    static let savedSignatureColumns = SQLiteDocumentStore.savedSignatureColumns

    static func savedSignature(_ row: PostgresRow) throws -> SavedSignature {
        guard let id = row.text(0), let owner = row.text(1), let kind = row.text(2).flatMap(SavedSignature.Kind.init(rawValue:)),
              let label = row.text(3), let drawing = row.text(4), let created = row.real(5), let modified = row.real(6)
        else { throw StoreError.damaged("a saved_signatures row has missing or mistyped columns") }
        return SavedSignature(id: id, owner: owner, kind: kind, label: label, drawing: try SavedSignature.Drawing(stored: drawing),
                              created: Date(timeIntervalSince1970: created), modified: Date(timeIntervalSince1970: modified))
    }
}

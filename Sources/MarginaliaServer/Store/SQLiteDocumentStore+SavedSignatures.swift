import Foundation

// The saved signatures of a data folder's users (``SavedSignatureStore``): the
// `saved_signatures` table. Every statement names the owner, so one user's row is never
// another's to read, replace or remove.

extension SQLiteDocumentStore: SavedSignatureStore {
    public func savedSignatures(of owner: String) throws -> [SavedSignature] {
        try withDatabase { database in
            try database.rows("SELECT \(Self.savedSignatureColumns) FROM saved_signatures WHERE owner = ? ORDER BY created, id",
                              [.text(owner)]).map(Self.savedSignature)
        }
    }

    public func addSavedSignature(_ signature: SavedSignature, maxSaved: Int) throws {
        try withDatabase { database in
            try database.transaction {
                let held = try database.rows("SELECT count(*) FROM saved_signatures WHERE owner = ?", [.text(signature.owner)])
                guard (held.first?[0].integerValue ?? 0) < maxSaved else { throw SavedSignatureError.full(limit: maxSaved) }
                try database.run("""
                    INSERT INTO saved_signatures (id, owner, kind, label, drawing, created, modified) VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, [.text(signature.id), .text(signature.owner), .text(signature.kind.rawValue), .text(signature.label),
                          .text(signature.drawing.storedText), .real(signature.created.timeIntervalSince1970),
                          .real(signature.modified.timeIntervalSince1970)])
            }
        }
    }

    public func replaceSavedSignature(_ signature: SavedSignature) throws -> SavedSignature {
        try withDatabase { database in
            try database.transaction {
                try database.run("UPDATE saved_signatures SET kind = ?, label = ?, drawing = ?, modified = ? WHERE \(Self.ownedRow)",
                                 [.text(signature.kind.rawValue), .text(signature.label), .text(signature.drawing.storedText),
                                  .real(signature.modified.timeIntervalSince1970), .text(signature.id), .text(signature.owner)])
                guard let row = try database.rows("SELECT \(Self.savedSignatureColumns) FROM saved_signatures WHERE \(Self.ownedRow)",
                                                  [.text(signature.id), .text(signature.owner)]).first
                else { throw SavedSignatureError.notFound(id: signature.id, owner: signature.owner) }
                return try Self.savedSignature(row)
            }
        }
    }

    public func removeSavedSignature(_ id: String, of owner: String) throws {
        try withDatabase { database in
            try database.run("DELETE FROM saved_signatures WHERE \(Self.ownedRow)", [.text(id), .text(owner)])
            guard database.changes == 1 else { throw SavedSignatureError.notFound(id: id, owner: owner) }
        }
    }

    /// The condition every statement on one saved signature holds to: its id, and its owner
    /// the caller (the parameters in that order).
    static let ownedRow = "id = ? AND owner = ?"

    static let savedSignatureColumns = "id, owner, kind, label, drawing, created, modified"

    static func savedSignature(_ row: SQLiteRow) throws -> SavedSignature {
        guard let id = row[0].textValue, let owner = row[1].textValue,
              let kind = row[2].textValue.flatMap(SavedSignature.Kind.init(rawValue:)), let label = row[3].textValue,
              let drawing = row[4].textValue, let created = row[5].realValue, let modified = row[6].realValue
        else { throw StoreError.damaged("a saved_signatures row has missing or mistyped columns") }
        return SavedSignature(id: id, owner: owner, kind: kind, label: label, drawing: try SavedSignature.Drawing(stored: drawing),
                              created: Date(timeIntervalSince1970: created), modified: Date(timeIntervalSince1970: modified))
    }
}

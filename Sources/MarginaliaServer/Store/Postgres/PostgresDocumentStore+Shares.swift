import Foundation

// The owners and shares of a shared database's documents (``SharingStore``), read by every
// replica on each request that names a document.

extension PostgresDocumentStore: SharingStore {
    public func shares(of id: String) throws -> DocumentShares {
        try pool.withConnection { connection in
            try SQLiteDocumentStore.shares(from: connection.query("SELECT grantee, role FROM shares WHERE document = $1",
                                                                  [.text(id)]).map { ($0.text(0) ?? "", $0.text(1) ?? "") })
        }
    }

    public func setOwner(of id: String, to name: String) throws {
        try pool.transaction { connection in
            _ = try fetchDocument(id, on: connection, forUpdate: true)
            try connection.query("DELETE FROM shares WHERE document = $1 AND (role = 'owner' OR grantee = $2)", [.text(id), .text(name)])
            try connection.query("INSERT INTO shares (document, grantee, role) VALUES ($1, $2, 'owner')", [.text(id), .text(name)])
        }
    }

    public func share(_ id: String, with grantee: String, as role: Role?) throws {
        try pool.transaction { connection in
            _ = try fetchDocument(id, on: connection, forUpdate: true)
            try connection.query("DELETE FROM shares WHERE document = $1 AND grantee = $2 AND role <> 'owner'",
                                 [.text(id), .text(grantee)])
            guard let role else { return }
            if try !connection.query("SELECT 1 FROM shares WHERE document = $1 AND grantee = $2", [.text(id), .text(grantee)]).isEmpty {
                throw StoreError.invalidRequest("'\(grantee)' owns document \(id): an owner needs no share")
            }
            try connection.query("INSERT INTO shares (document, grantee, role) VALUES ($1, $2, $3)",
                                 [.text(id), .text(grantee), .text(role.rawValue)])
        }
    }
}

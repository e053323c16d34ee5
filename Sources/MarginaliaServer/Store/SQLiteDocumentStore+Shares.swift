import Foundation

// The owners and shares of a data folder's documents (``SharingStore``): the `shares` table.

extension SQLiteDocumentStore: SharingStore {
    public func shares(of id: String) throws -> DocumentShares {
        try withDatabase { database in
            try Self.shares(from: database.rows("SELECT grantee, role FROM shares WHERE document = ?", [.text(id)]).map {
                ($0[0].textValue ?? "", $0[1].textValue ?? "")
            })
        }
    }

    public func setOwner(of id: String, to name: String) throws {
        try withDatabase { database in
            try database.transaction {
                _ = try fetchDocument(id, in: database)
                try database.run("DELETE FROM shares WHERE document = ? AND (role = 'owner' OR grantee = ?)", [.text(id), .text(name)])
                try database.run("INSERT INTO shares (document, grantee, role) VALUES (?, ?, 'owner')", [.text(id), .text(name)])
            }
        }
    }

    public func share(_ id: String, with grantee: String, as role: Role?) throws {
        try withDatabase { database in
            try database.transaction {
                _ = try fetchDocument(id, in: database)
                try database.run("DELETE FROM shares WHERE document = ? AND grantee = ? AND role <> 'owner'", [.text(id), .text(grantee)])
                guard let role else { return }
                if try !database.rows("SELECT 1 FROM shares WHERE document = ? AND grantee = ?", [.text(id), .text(grantee)]).isEmpty {
                    throw StoreError.invalidRequest("'\(grantee)' owns document \(id): an owner needs no share")
                }
                try database.run("INSERT INTO shares (document, grantee, role) VALUES (?, ?, ?)",
                                 [.text(id), .text(grantee), .text(role.rawValue)])
            }
        }
    }

    /// The value of a document's `(grantee, role)` rows, either store's.
    static func shares(from rows: [(grantee: String, role: String)]) throws -> DocumentShares {
        var shares = DocumentShares()
        for row in rows {
            if row.role == "owner" {
                shares.owner = row.grantee
            } else if let role = Role(rawValue: row.role) {
                shares.grants[row.grantee] = role
            } else {
                throw StoreError.damaged("a shares row has the role '\(row.role)'")
            }
        }
        return shares
    }
}

import Foundation

// The people of a data folder read whole, for `marginalia store migrate` and `store verify`
// (works on a store opened read-only).

extension SQLiteDocumentStore: PeopleReading {
    public func peopleSnapshot() throws -> PeopleSnapshot {
        let users = try withDatabase { database in
            try database.rows("SELECT \(Self.userColumns), token_hash FROM users ORDER BY name").map { row in
                PeopleSnapshot.User(record: try Self.userRecord(row), tokenHash: row[5].textValue ?? "")
            }
        }
        let shares = try withDatabase { database in
            try database.rows("SELECT document, grantee, role FROM shares ORDER BY document, grantee").map {
                PeopleSnapshot.Share(document: $0[0].textValue ?? "", grantee: $0[1].textValue ?? "", role: $0[2].textValue ?? "")
            }
        }
        let saved = try withDatabase { database in
            try database.rows("SELECT \(Self.savedSignatureColumns) FROM saved_signatures ORDER BY id").map(Self.savedSignature)
        }
        let certificates = try withDatabase { database in
            try database.rows("SELECT \(Self.certificateColumns) FROM user_certificates ORDER BY owner").map(Self.certificate)
        }
        return PeopleSnapshot(users: users, shares: shares, audit: try auditEntries(after: 0, limit: Int(Int32.max)),
                              savedSignatures: saved, certificates: certificates)
    }
}

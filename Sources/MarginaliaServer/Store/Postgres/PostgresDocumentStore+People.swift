import Foundation

// The people of a shared database read whole, and written whole into an empty one by
// `marginalia store migrate` (users with their token hashes, shares, the audit log with its
// ids, the id sequence moved past them, saved signatures, sealed certificates).

extension PostgresDocumentStore: PeopleReading {
    public func peopleSnapshot() throws -> PeopleSnapshot {
        try pool.withConnection { connection in
            let users = try connection.query("SELECT \(Self.userColumns), token_hash FROM users ORDER BY name").map { row in
                PeopleSnapshot.User(record: try Self.userRecord(row), tokenHash: row.text(5) ?? "")
            }
            let shares = try connection.query("SELECT document, grantee, role FROM shares ORDER BY document, grantee").map {
                PeopleSnapshot.Share(document: $0.text(0) ?? "", grantee: $0.text(1) ?? "", role: $0.text(2) ?? "")
            }
            let saved = try connection.query("SELECT \(Self.savedSignatureColumns) FROM saved_signatures ORDER BY id")
                .map(Self.savedSignature)
            let certificates = try connection.query("SELECT \(Self.certificateColumns) FROM user_certificates ORDER BY owner")
                .map(Self.certificate)
            return PeopleSnapshot(users: users, shares: shares, audit: try auditEntries(after: 0, limit: Int(Int32.max)),
                                  savedSignatures: saved, certificates: certificates)
        }
    }

    /// Writes `people` into this database, which holds no users, shares or audit lines yet,
    /// in one transaction.
    ///
    /// - Throws: ``StoreError/invalidRequest(_:)`` when it holds some already.
    public func importPeople(_ people: PeopleSnapshot) throws {
        try pool.transaction { connection in
            let held = try connection.query("""
                SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM shares) + (SELECT count(*) FROM audit)
                    + (SELECT count(*) FROM saved_signatures) + (SELECT count(*) FROM user_certificates)
                """)
            guard held.first?.integer(0) == 0 else {
                throw StoreError.invalidRequest(
                    "\(location) already holds users, shares, audit lines, saved signatures or certificates; migrate into an empty database")
            }
            for user in people.users {
                let record = user.record
                try connection.query("""
                    INSERT INTO users (name, role, token_hash, created, expires, revoked) VALUES ($1, $2, $3, $4, $5, $6)
                    """, [.text(record.name), .text(record.role.rawValue), .text(user.tokenHash), .real(record.created.timeIntervalSince1970),
                          record.expires.map { .real($0.timeIntervalSince1970) } ?? .null,
                          record.revoked.map { .real($0.timeIntervalSince1970) } ?? .null])
            }
            for share in people.shares {
                try connection.query("INSERT INTO shares (document, grantee, role) VALUES ($1, $2, $3)",
                                     [.text(share.document), .text(share.grantee), .text(share.role)])
            }
            for entry in people.audit {
                try connection.query("""
                    INSERT INTO audit (id, at, actor, action, document, detail) VALUES ($1, $2, $3, $4, $5, $6)
                    """, [.integer(entry.id), .real(entry.at.timeIntervalSince1970), entry.actor.map { .text($0) } ?? .null,
                          .text(entry.action.rawValue), entry.document.map { .text($0) } ?? .null,
                          entry.detail.map { .text($0) } ?? .null])
            }
            for saved in people.savedSignatures { try Self.insert(saved, on: connection) }
            for certificate in people.certificates { try Self.insert(certificate, on: connection) }
            if let last = people.audit.last {
                try connection.query("SELECT setval(pg_get_serial_sequence('audit', 'id'), $1)", [.integer(last.id)])
            }
        }
    }
}

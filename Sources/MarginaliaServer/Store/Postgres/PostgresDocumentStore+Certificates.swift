import Foundation

// The users' sealed certificates of a shared database (``CertificateStore``), as the data
// folder keeps them.

extension PostgresDocumentStore: CertificateStore {
    public func certificate(of owner: String) throws -> UserCertificate? {
        try pool.withConnection { connection in
            try connection.query("SELECT \(Self.certificateColumns) FROM user_certificates WHERE owner = $1", [.text(owner)])
                .first.map(Self.certificate)
        }
    }

    public func setCertificate(_ certificate: UserCertificate) throws {
        try pool.withConnection(idempotent: false) { try Self.insert(certificate, on: $0) }
    }

    /// Inserts one row, replacing the owner's (a new one, or one `store migrate` copies).
    static func insert(_ certificate: UserCertificate, on connection: PostgresConnection) throws {
        try connection.query("""
            INSERT INTO user_certificates (\(Self.certificateColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7)
            ON CONFLICT (owner) DO UPDATE SET subject = excluded.subject, issuer = excluded.issuer,
                not_after = excluded.not_after, key_id = excluded.key_id, sealed = excluded.sealed, added = excluded.added
            """, [.text(certificate.owner), .text(certificate.subject), .text(certificate.issuer),
                  certificate.notAfter.map { PostgresValue.real($0.timeIntervalSince1970) } ?? .null, .text(certificate.keyID),
                  .text(Data(certificate.sealed).base64EncodedString()), .real(certificate.added.timeIntervalSince1970)])
    }

    public func removeCertificate(of owner: String) throws -> Bool {
        try pool.withConnection(idempotent: false) { connection in
            !(try connection.query("DELETE FROM user_certificates WHERE owner = $1 RETURNING owner", [.text(owner)])).isEmpty
        }
    }

    static let certificateColumns = SQLiteDocumentStore.certificateColumns

    static func certificate(_ row: PostgresRow) throws -> UserCertificate {
        guard let owner = row.text(0), let subject = row.text(1), let issuer = row.text(2), let keyID = row.text(4),
              let sealed = row.text(5).flatMap({ Data(base64Encoded: $0) }), let added = row.real(6)
        else { throw StoreError.damaged("a user_certificates row has missing or mistyped columns") }
        return UserCertificate(owner: owner, subject: subject, issuer: issuer, notAfter: row.real(3).map(Date.init(timeIntervalSince1970:)),
                               keyID: keyID, sealed: Array(sealed), added: Date(timeIntervalSince1970: added))
    }
}

import Foundation

// The users' sealed certificates of a data folder (``CertificateStore``): the
// `user_certificates` table, one row per owner. The rows hold nothing that opens without the
// operator's key.

extension SQLiteDocumentStore: CertificateStore {
    public func certificate(of owner: String) throws -> UserCertificate? {
        try withDatabase { database in
            try database.rows("SELECT \(Self.certificateColumns) FROM user_certificates WHERE owner = ?", [.text(owner)])
                .first.map(Self.certificate)
        }
    }

    public func setCertificate(_ certificate: UserCertificate) throws {
        try withDatabase { database in
            try database.run("""
                INSERT OR REPLACE INTO user_certificates (\(Self.certificateColumns)) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [.text(certificate.owner), .text(certificate.subject), .text(certificate.issuer),
                      certificate.notAfter.map { SQLiteValue.real($0.timeIntervalSince1970) } ?? .null, .text(certificate.keyID),
                      .text(Data(certificate.sealed).base64EncodedString()), .real(certificate.added.timeIntervalSince1970)])
        }
    }

    public func removeCertificate(of owner: String) throws -> Bool {
        try withDatabase { database in
            try database.run("DELETE FROM user_certificates WHERE owner = ?", [.text(owner)])
            return database.changes == 1
        }
    }

    static let certificateColumns = "owner, subject, issuer, not_after, key_id, sealed, added"

    static func certificate(_ row: SQLiteRow) throws -> UserCertificate {
        guard let owner = row[0].textValue, let subject = row[1].textValue, let issuer = row[2].textValue,
              let keyID = row[4].textValue, let sealed = row[5].textValue.flatMap({ Data(base64Encoded: $0) }),
              let added = row[6].realValue
        else { throw StoreError.damaged("a user_certificates row has missing or mistyped columns") }
        return UserCertificate(owner: owner, subject: subject, issuer: issuer, notAfter: row[3].realValue.map(Date.init(timeIntervalSince1970:)),
                               keyID: keyID, sealed: Array(sealed), added: Date(timeIntervalSince1970: added))
    }
}

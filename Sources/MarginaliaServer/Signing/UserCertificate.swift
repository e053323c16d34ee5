import CCrypto
import Foundation

/// A user's certificate as the store keeps it (`marginalia users certificate`, docs/signatures.md):
/// the PKCS#12 file and its password sealed together under the operator's ``SigningKey`` for
/// this user only, and what the editor may show of the certificate (never the key).
public struct UserCertificate: Equatable, Sendable {
    /// The user it belongs to (their name, as users of a JWT backend have no row of their own).
    public var owner: String
    /// The certificate's subject, RFC 2253.
    public var subject: String
    /// The certificate's issuer, RFC 2253.
    public var issuer: String
    /// When the certificate stops being valid, if it says.
    public var notAfter: Date?
    /// The ``SigningKey/id`` of the key it is sealed with.
    public var keyID: String
    /// ``SigningKey/seal(_:owner:)`` of the password and the PKCS#12 file.
    public var sealed: [UInt8]
    /// When it was given.
    public var added: Date

    /// A record as the store keeps it (``make(owner:pkcs12:password:key:now:)`` makes a new one).
    public init(owner: String, subject: String, issuer: String, notAfter: Date?, keyID: String, sealed: [UInt8], added: Date) {
        self.owner = owner
        self.subject = subject
        self.issuer = issuer
        self.notAfter = notAfter
        self.keyID = keyID
        self.sealed = sealed
        self.added = added
    }

    /// Opens `pkcs12` with `password` (so a wrong password is refused now, not at signing)
    /// and seals both for `owner` with `key`.
    ///
    /// - Throws: ``CertificateError/pkcs12(_:)`` when the file does not open or holds no key.
    public static func make(owner: String, pkcs12: [UInt8], password: String, key: SigningKey, now: Date = Date()) throws
        -> UserCertificate {
        var summary = marginalia_pkcs12_summary()
        switch marginalia_pkcs12_describe(pkcs12, pkcs12.count, password, &summary) {
        case MARGINALIA_CMS_SIGNED: break
        case MARGINALIA_CMS_P12_UNREADABLE: throw CertificateError.pkcs12("the certificate file is not a PKCS#12 (.p12/.pfx) file")
        case MARGINALIA_CMS_P12_PASSWORD: throw CertificateError.pkcs12("the password does not open the PKCS#12 file")
        default: throw CertificateError.pkcs12("the PKCS#12 file holds no private key with its certificate")
        }
        var plain = SigningCredential(pkcs12: pkcs12, password: password).encoded
        defer { marginalia_wipe(&plain, plain.count) }
        let notAfter = ISO8601DateFormatter().date(from: Self.text(summary.not_after))
        return UserCertificate(owner: owner, subject: Self.text(summary.subject), issuer: Self.text(summary.issuer), notAfter: notAfter,
                               keyID: key.id, sealed: try key.seal(plain, owner: owner), added: now)
    }

    /// The NUL-terminated text of a C character array.
    private static func text<T>(_ characters: T) -> String {
        withUnsafeBytes(of: characters) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// The password and PKCS#12 file, opened with `key` for this record's owner: for one
    /// signature, then dropped (never logged nor answered).
    ///
    /// - Throws: ``CertificateError/wrongSigningKey(owner:stored:given:)`` when sealed under
    ///   another key; ``CertificateError/unsealable(owner:)`` when it does not open for its owner.
    public func credential(with key: SigningKey) throws -> SigningCredential {
        guard keyID == key.id else { throw CertificateError.wrongSigningKey(owner: owner, stored: keyID, given: key.id) }
        var plain = try key.open(sealed, owner: owner)
        defer { marginalia_wipe(&plain, plain.count) }
        guard let credential = SigningCredential(encoded: plain) else {
            throw CertificateError.damaged(owner: owner, reason: "the opened record is not a password and a PKCS#12 file")
        }
        return credential
    }

    /// What `GET /api/v1/me/certificate` shows: never the sealed bytes.
    var json: [String: Any] {
        var object: [String: Any] = ["subject": subject, "issuer": issuer, "added": ISO8601DateFormatter().string(from: added)]
        object["notAfter"] = notAfter.map { ISO8601DateFormatter().string(from: $0) } ?? NSNull()
        return object
    }
}

/// A PKCS#12 file and its password, as sealed: the password's length (4 bytes, big-endian),
/// its UTF-8 bytes, then the file.
public struct SigningCredential: Sendable {
    /// The PKCS#12 file's bytes.
    public var pkcs12: [UInt8]
    /// Its password.
    public var password: String

    /// A file and its password, as `marginalia users certificate` reads them.
    public init(pkcs12: [UInt8], password: String) {
        self.pkcs12 = pkcs12
        self.password = password
    }

    var encoded: [UInt8] {
        let secret = Array(password.utf8)
        let count = UInt32(secret.count)
        return [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)] + secret + pkcs12
    }

    init?(encoded bytes: [UInt8]) {
        guard bytes.count >= 4 else { return nil }
        let count = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard count <= bytes.count - 4 else { return nil }
        password = String(decoding: bytes[4..<(4 + count)], as: UTF8.self)
        pkcs12 = Array(bytes[(4 + count)...])
    }
}

/// Where a store keeps its users' certificates: one per user.
public protocol CertificateStore: AnyObject, Sendable {
    /// The user's certificate, or nil.
    func certificate(of owner: String) throws -> UserCertificate?
    /// Keeps `certificate` as its owner's, replacing the one they had.
    func setCertificate(_ certificate: UserCertificate) throws
    /// Removes the user's certificate: whether they had one.
    func removeCertificate(of owner: String) throws -> Bool
}

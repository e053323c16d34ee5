import Foundation

/// Why the server did not keep, open or sign with a user's certificate (docs/signatures.md,
/// "Signing on the server"); the API answers with ``httpStatus`` and ``code``, which names why.
public enum CertificateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The operator's key file is not a signing key: why.
    case badSigningKey(String)
    /// The server was started without `--signing-key-file`.
    case noSigningKey
    /// The server speaks plain HTTP: keys are used over TLS only.
    case needsTLS
    /// The caller is nobody in particular (a server without named users).
    case needsNamedUser
    /// The caller has no certificate on this server.
    case noCertificate(user: String)
    /// The record was sealed with another operator key (their ids).
    case wrongSigningKey(owner: String, stored: String, given: String)
    /// The record does not open for this user: sealed for another, or changed.
    case unsealable(owner: String)
    /// The record is not one this program wrote.
    case damaged(owner: String, reason: String)
    /// OpenSSL failed to seal.
    case sealing(String)
    /// The PKCS#12 file given does not open, or holds no key (the engine's words).
    case pkcs12(String)

    public var description: String {
        switch self {
        case .badSigningKey(let reason): return "the signing key: \(reason)"
        case .noSigningKey:
            return "this server keeps no signing key (start it with --signing-key-file FILE, docs/deploy.md), "
                + "so it cannot use the certificates of users"
        case .needsTLS:
            return "signing with a certificate kept on the server is allowed over TLS only "
                + "(serve --tls-cert/--tls-key or --behind-tls-proxy, docs/deploy.md)"
        case .needsNamedUser:
            return "signing with a certificate kept on the server needs a named user, and this server has none "
                + "(marginalia users add, docs/deploy.md)"
        case .noCertificate(let user):
            return "'\(user.prefix(100))' has no certificate on this server (an admin gives one: marginalia users certificate)"
        case .wrongSigningKey(let owner, let stored, let given):
            return "the certificate of '\(owner.prefix(100))' was sealed with the signing key \(stored); "
                + "this server has the key \(given) (give the key it was stored with)"
        case .unsealable(let owner):
            return "the certificate of '\(owner.prefix(100))' does not open for that user: it was sealed for another user, "
                + "or changed in the store"
        case .damaged(let owner, let reason): return "the certificate of '\(owner.prefix(100))' is damaged: \(reason)"
        case .sealing(let reason): return "sealing the certificate: \(reason)"
        case .pkcs12(let reason): return reason
        }
    }
}

extension CertificateError: APIErrorConvertible {
    public var httpStatus: Int {
        switch self {
        case .needsNamedUser, .noCertificate: return 403
        case .noSigningKey, .needsTLS, .wrongSigningKey, .unsealable: return 409
        case .pkcs12: return 422
        case .badSigningKey, .damaged, .sealing: return 500
        }
    }

    public var code: String {
        switch self {
        case .needsNamedUser: return "namedUserRequired"
        case .noCertificate: return "noCertificate"
        case .noSigningKey: return "signingKeyMissing"
        case .needsTLS: return "tlsRequired"
        case .wrongSigningKey, .unsealable: return "certificateSealed"
        case .pkcs12: return "unprocessable"
        case .badSigningKey, .damaged, .sealing: return "internal"
        }
    }

    public var message: String { description }
}

import CCrypto
import Foundation

/// Checks JSON Web Tokens (RFC 7519) signed by an operator's own backend, for servers embedded
/// in another service (docs/api.md, "Tokens from your backend"): HS256 with a shared secret or
/// RS256 with the backend's RSA public key, through libcrypto.
///
/// A token names the user (`sub`), their role (`role`), when it expires (`exp`, seconds since
/// 1970), optionally when it starts (`nbf`) and the documents it opens (`documents`: ids; left
/// out, the document's shares decide as for any user). Only the configured algorithm is
/// accepted: `none`, or HS256 on an RS256 server, is refused.
public struct JWTVerifier: Sendable {
    /// What signatures are checked with.
    public enum Key: Sendable {
        /// A shared secret of at least ``JWTError/minimumSecretBytes`` bytes.
        case hs256(secret: [UInt8])
        /// An RSA public key as PEM text (`-----BEGIN PUBLIC KEY-----`).
        case rs256(publicKeyPEM: String)

        var algorithm: String {
            switch self {
            case .hs256: return "HS256"
            case .rs256: return "RS256"
            }
        }
    }

    public let key: Key

    /// Checks the key once, so that a bad one stops the server before it listens.
    ///
    /// - Throws: ``JWTError/badKey(_:)`` for a short secret or a PEM without an RSA public key.
    public init(key: Key) throws(JWTError) {
        switch key {
        case .hs256(let secret):
            guard secret.count >= JWTError.minimumSecretBytes else {
                throw .badKey("the HS256 secret has \(secret.count) bytes; it needs at least \(JWTError.minimumSecretBytes)")
            }
        case .rs256(let pem):
            let bytes = Array(pem.utf8)
            guard marginalia_rs256_verify(bytes, bytes.count, nil, 0, nil, 0) == 0 else {
                throw .badKey("the file holds no RSA public key in PEM (-----BEGIN PUBLIC KEY-----)")
            }
        }
        self.key = key
    }

    /// Whether `token` has a JWT's shape (three base64url parts), as user tokens never do.
    public static func looksLikeJWT(_ token: String) -> Bool {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3 && parts.allSatisfy { part in
            part.utf8.allSatisfy { $0 == 45 || $0 == 95 || (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }
        }
    }

    /// The caller a valid token names.
    ///
    /// - Throws: ``JWTError`` saying what is wrong with the token.
    public func verify(_ token: String, now: Date = Date()) throws(JWTError) -> Caller {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { throw .malformed("expected three parts separated by dots") }
        let header = try Self.object(parts[0], "header")
        let found = header["alg"] as? String ?? "none"
        guard found == key.algorithm else { throw .wrongAlgorithm(expected: key.algorithm, found: found) }
        guard let signature = Self.base64URL(parts[2]) else { throw .malformed("the signature is not base64url") }
        guard signed(Array((parts[0] + "." + parts[1]).utf8), signature) else { throw .badSignature }
        return try Self.caller(from: Self.object(parts[1], "claims"), now: now)
    }

    private func signed(_ data: [UInt8], _ signature: [UInt8]) -> Bool {
        switch key {
        case .hs256(let secret):
            var digest = [UInt8](repeating: 0, count: 32)
            guard marginalia_hmac_sha256(secret, secret.count, data, data.count, &digest) == 1 else { return false }
            return signature.count == 32 && zip(digest, signature).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
        case .rs256(let pem):
            let text = Array(pem.utf8)
            return marginalia_rs256_verify(text, text.count, data, data.count, signature, signature.count) == 1
        }
    }

    /// The caller of verified claims: `sub`, `role`, `exp`, `nbf`?, `documents`?.
    static func caller(from claims: [String: Any], now: Date) throws(JWTError) -> Caller {
        guard let exp = claims["exp"] else { throw .missingClaim("exp") }
        guard let seconds = (exp as? NSNumber)?.doubleValue, seconds.isFinite else { throw .badClaim("exp", reason: "is not a number") }
        guard now.timeIntervalSince1970 < seconds else { throw .expired(Date(timeIntervalSince1970: seconds)) }
        if let nbf = claims["nbf"] {
            guard let start = (nbf as? NSNumber)?.doubleValue, start.isFinite else { throw .badClaim("nbf", reason: "is not a number") }
            guard now.timeIntervalSince1970 >= start else { throw .notYetValid(Date(timeIntervalSince1970: start)) }
        }
        guard let subject = claims["sub"] else { throw .missingClaim("sub") }
        guard let name = subject as? String, (try? PeopleError.validateName(name)) != nil else {
            throw .badClaim("sub", reason: "is not a user name (1 to \(PeopleError.maximumNameLength) printable characters)")
        }
        guard let roleText = claims["role"] else { throw .missingClaim("role") }
        guard let text = roleText as? String, let role = Role(rawValue: text) else {
            throw .badClaim("role", reason: "is not one of \(Role.spelled)")
        }
        var documents: Set<String>?
        if let listed = claims["documents"] {
            guard let ids = listed as? [String], ids.allSatisfy(DocumentID.isValid) else {
                throw .badClaim("documents", reason: "is not a list of document ids")
            }
            documents = Set(ids)
        }
        return Caller(name: name, role: role, documents: documents)
    }

    private static func object(_ part: String, _ what: String) throws(JWTError) -> [String: Any] {
        guard let bytes = base64URL(part),
              let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
        else { throw .malformed("its \(what) is not base64url JSON") }
        return object
    }

    /// Base64url without padding (RFC 7515 §2), or nil.
    static func base64URL(_ text: String) -> [UInt8]? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: standard).map(Array.init)
    }
}

import Foundation

/// Why a JSON Web Token was refused (answered 401 naming it), or why a key cannot be used
/// (`marginalia serve` stops before it listens).
public enum JWTError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not three base64url parts of JSON.
    case malformed(String)
    /// The header's `alg` is not the one this server checks (`none` included).
    case wrongAlgorithm(expected: String, found: String)
    /// The signature does not match the header and claims.
    case badSignature
    /// `exp` has passed.
    case expired(Date)
    /// `nbf` is still ahead.
    case notYetValid(Date)
    /// A required claim is missing.
    case missingClaim(String)
    /// A claim has the wrong type or value, and why.
    case badClaim(String, reason: String)
    /// The key file cannot be used, and why.
    case badKey(String)

    /// The shortest HS256 secret, in bytes: as long as the hash (RFC 7518 §3.2).
    public static let minimumSecretBytes = 32

    public var description: String {
        switch self {
        case .malformed(let why): return "the token is not a JWT: \(why)"
        case .wrongAlgorithm(let expected, let found): return "the token is signed with '\(found.prefix(20))'; this server takes \(expected)"
        case .badSignature: return "the token's signature does not match its content"
        case .expired(let date): return "the token expired at \(ISO8601DateFormatter().string(from: date))"
        case .notYetValid(let date): return "the token is valid from \(ISO8601DateFormatter().string(from: date))"
        case .missingClaim(let name): return "the token has no '\(name)' claim"
        case .badClaim(let name, let reason): return "the token's '\(name)' claim \(reason)"
        case .badKey(let why): return why
        }
    }
}

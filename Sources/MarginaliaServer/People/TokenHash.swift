import Foundation

/// The SHA-256 of a sign-in token, in lowercase hexadecimal: what the store keeps instead of
/// the token. Tokens are 128 random bits (``AccessControl/makeToken()``), so an unsalted hash
/// cannot be searched backwards.
public enum TokenHash {
    /// The hash of `token`'s UTF-8 bytes.
    public static func of(_ token: String) -> String {
        Digest.sha256Hex(Data(token.utf8))
    }
}

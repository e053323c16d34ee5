import CCrypto
import Foundation

/// The SHA-256 of a sign-in token, in lowercase hexadecimal: what the store keeps instead of
/// the token. Tokens are 128 random bits (``AccessControl/makeToken()``), so an unsalted hash
/// cannot be searched backwards.
public enum TokenHash {
    /// The hash of `token`'s UTF-8 bytes.
    public static func of(_ token: String) -> String {
        let bytes = Array(token.utf8)
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let status = bytes.withUnsafeBytes { input in
            output.withUnsafeMutableBufferPointer { out in
                EVP_Digest(input.baseAddress, input.count, out.baseAddress, &length, EVP_sha256(), nil)
            }
        }
        // libcrypto fails only when it cannot run at all; an empty hash then matches no row.
        guard status == 1 else { return "" }
        return output.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
    }
}

import CCrypto
import Foundation

/// SHA-256 through OpenSSL's libcrypto, in lowercase hexadecimal.
enum Digest {
    /// The SHA-256 of `bytes`; empty when libcrypto cannot run at all (then it matches nothing).
    static func sha256Hex(_ bytes: Data) -> String {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let status = bytes.withUnsafeBytes { input in
            output.withUnsafeMutableBufferPointer { out in
                EVP_Digest(input.baseAddress, input.count, out.baseAddress, &length, EVP_sha256(), nil)
            }
        }
        guard status == 1 else { return "" }
        return output.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
    }

    /// A strong `ETag` for `bytes`: the first 128 bits of their SHA-256, quoted, so equal bytes
    /// always have equal tags and any change changes it.
    static func entityTag(_ bytes: Data) -> String {
        "\"" + sha256Hex(bytes).prefix(32) + "\""
    }
}

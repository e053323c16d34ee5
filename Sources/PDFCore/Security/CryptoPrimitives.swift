import CCrypto

/// The hashes and block cipher the standard security handler needs, over OpenSSL's EVP API.
///
/// Every function takes and returns plain byte arrays and never fails on odd input: a digest
/// of any byte string is defined, and AES here works on whole blocks only (callers trim).
/// Should OpenSSL itself fail (out of memory, a provider missing), the result is empty,
/// which no password check accepts.
enum CryptoPrimitives {
    // MARK: - Digests

    enum Digest {
        case md5, sha256, sha384, sha512

        fileprivate var algorithm: OpaquePointer? {
            switch self {
            case .md5: return nil  // computed by ``MD5``, without libcrypto
            case .sha256: return EVP_sha256()
            case .sha384: return EVP_sha384()
            case .sha512: return EVP_sha512()
            }
        }
    }

    /// The digest of `bytes`.
    static func hash(_ digest: Digest, _ bytes: [UInt8]) -> [UInt8] {
        if digest == .md5 { return MD5.digest(bytes) }
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let status = bytes.withUnsafeBytes { input in
            output.withUnsafeMutableBufferPointer { out in
                EVP_Digest(input.baseAddress, input.count, out.baseAddress, &length, digest.algorithm, nil)
            }
        }
        guard status == 1 else { return [] }
        return Array(output.prefix(Int(length)))
    }

    static func md5(_ bytes: [UInt8]) -> [UInt8] { hash(.md5, bytes) }
    static func sha256(_ bytes: [UInt8]) -> [UInt8] { hash(.sha256, bytes) }

    // MARK: - AES

    /// AES in CBC mode without padding, with a 128- or 256-bit `key` and a 16-byte `iv`.
    ///
    /// Only the whole 16-byte blocks of `bytes` are processed; padding is the caller's
    /// business (7.6.3.2 uses PKCS#5 for data, none for keys and hashes). With a zero IV and
    /// one block this is also AES in ECB mode, which /Perms uses (Algorithm 13).
    static func aesCBC(encrypt: Bool, key: [UInt8], iv: [UInt8], _ bytes: [UInt8]) -> [UInt8] {
        let cipher: OpaquePointer?
        switch key.count {
        case 16: cipher = EVP_aes_128_cbc()
        case 32: cipher = EVP_aes_256_cbc()
        default: return []
        }
        guard iv.count == 16, let context = EVP_CIPHER_CTX_new() else { return [] }
        defer { EVP_CIPHER_CTX_free(context) }

        let usable = bytes.count - bytes.count % 16
        guard usable > 0,
            EVP_CipherInit_ex(context, cipher, nil, key, iv, encrypt ? 1 : 0) == 1,
            EVP_CIPHER_CTX_set_padding(context, 0) == 1
        else { return [] }

        var output = [UInt8](repeating: 0, count: usable + 16)
        var written = 0
        let ok = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input -> Bool in
                guard let outBase = out.baseAddress, let inBase = input.baseAddress else { return false }
                // EVP counts bytes in Int32: feed very large streams in slices.
                var offset = 0
                while offset < usable {
                    let count = min(1 << 24, usable - offset)
                    var produced: Int32 = 0
                    guard EVP_CipherUpdate(context, outBase + written, &produced, inBase + offset, Int32(count)) == 1
                    else { return false }
                    written += Int(produced)
                    offset += count
                }
                var produced: Int32 = 0
                guard EVP_CipherFinal_ex(context, outBase + written, &produced) == 1 else { return false }
                written += Int(produced)
                return true
            }
        }
        guard ok else { return [] }
        return Array(output.prefix(written))
    }

    // MARK: - Randomness

    /// `count` cryptographically random bytes (for AES initialisation vectors).
    static func randomBytes(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let status = bytes.withUnsafeMutableBufferPointer { RAND_bytes($0.baseAddress, Int32(clamping: $0.count)) }
        if status != 1 {
            // RAND_bytes only fails when the system has no entropy source at all; fall back
            // on Swift's generator (also cryptographically secure on Linux) rather than zeros.
            var generator = SystemRandomNumberGenerator()
            for index in bytes.indices { bytes[index] = UInt8.random(in: .min ... .max, using: &generator) }
        }
        return bytes
    }
}

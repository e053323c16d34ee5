/// How one crypt filter transforms strings and stream data (ISO 32000-2, 7.6.6, the /CFM
/// entry of a crypt filter dictionary), together with the per-object key of 7.6.3.3.
enum CryptFilterMethod: Sendable, Hashable {
    /// /None, or the reserved /Identity filter: data is stored as it is.
    case identity
    /// /V2 (and every V1/V2 document): RC4 with a per-object key.
    case rc4
    /// /AESV2: AES-128 in CBC mode with a per-object key.
    case aesV2
    /// /AESV3: AES-256 in CBC mode with the file key itself (7.6.3.3, R5 and R6).
    case aesV3

    /// The method named by a crypt filter dictionary's /CFM value, or nil if unknown.
    init?(cfm: String?) {
        switch cfm {
        case nil, "None"?: self = .identity
        case "V2"?: self = .rc4
        case "AESV2"?: self = .aesV2
        case "AESV3"?: self = .aesV3
        default: return nil
        }
    }

    /// A short name for messages: "RC4", "AES-128", "AES-256", "none".
    var displayName: String {
        switch self {
        case .identity: return "none"
        case .rc4: return "RC4"
        case .aesV2: return "AES-128"
        case .aesV3: return "AES-256"
        }
    }

    // MARK: - Transforming data

    /// Decrypts the bytes of a string or stream of the object `reference`.
    ///
    /// Never fails: AES data that is short, not a whole number of blocks or badly padded
    /// gives what can be recovered, since damaged files are common and a viewer should show
    /// whatever survives.
    func decrypt(_ bytes: [UInt8], fileKey: [UInt8], reference: PDFReference) -> [UInt8] {
        switch self {
        case .identity:
            return bytes
        case .rc4:
            return RC4.apply(key: Self.objectKey(fileKey: fileKey, reference: reference, aes: false), to: bytes)
        case .aesV2:
            return Self.aesDecrypt(bytes, key: Self.objectKey(fileKey: fileKey, reference: reference, aes: true))
        case .aesV3:
            return Self.aesDecrypt(bytes, key: fileKey)
        }
    }

    /// Encrypts the bytes of a string or stream of the object `reference`; AES output
    /// starts with a fresh random initialisation vector.
    func encrypt(_ bytes: [UInt8], fileKey: [UInt8], reference: PDFReference) -> [UInt8] {
        switch self {
        case .identity:
            return bytes
        case .rc4:
            return RC4.apply(key: Self.objectKey(fileKey: fileKey, reference: reference, aes: false), to: bytes)
        case .aesV2:
            return Self.aesEncrypt(bytes, key: Self.objectKey(fileKey: fileKey, reference: reference, aes: true))
        case .aesV3:
            return Self.aesEncrypt(bytes, key: fileKey)
        }
    }

    // MARK: - Algorithm 1

    /// The key for one object's strings and streams (7.6.3.3, Algorithm 1): MD5 of the file
    /// key, the low three bytes of the object number and the low two bytes of the generation
    /// (least significant first), and "sAlT" for AES; truncated to the file key length plus
    /// five, at most 16 bytes.
    static func objectKey(fileKey: [UInt8], reference: PDFReference, aes: Bool) -> [UInt8] {
        var input = fileKey
        let number = UInt32(truncatingIfNeeded: reference.number)
        let generation = UInt16(truncatingIfNeeded: reference.generation)
        input += [UInt8(truncatingIfNeeded: number), UInt8(truncatingIfNeeded: number >> 8),
                  UInt8(truncatingIfNeeded: number >> 16)]
        input += [UInt8(truncatingIfNeeded: generation), UInt8(truncatingIfNeeded: generation >> 8)]
        if aes { input += [0x73, 0x41, 0x6C, 0x54] }  // "sAlT"
        return Array(CryptoPrimitives.md5(input).prefix(min(fileKey.count + 5, 16)))
    }

    // MARK: - AES with initialisation vector and padding

    /// Decrypts data laid out as 7.6.3.2 requires for AES: a 16-byte initialisation vector,
    /// then CBC blocks whose plaintext ends in PKCS#5 padding.
    static func aesDecrypt(_ bytes: [UInt8], key: [UInt8]) -> [UInt8] {
        guard bytes.count > 16 else { return [] }
        let iv = Array(bytes[0..<16])
        let body = Array(bytes[16...])
        var plain = CryptoPrimitives.aesCBC(encrypt: false, key: key, iv: iv, body)
        // Strip the padding only when it is well formed: a truncated or unpadded stream
        // keeps all its bytes rather than losing up to 16 of them.
        if body.count % 16 == 0, let last = plain.last, (1...16).contains(last), Int(last) <= plain.count,
            plain.suffix(Int(last)).allSatisfy({ $0 == last })
        {
            plain.removeLast(Int(last))
        }
        return plain
    }

    /// Encrypts `bytes` with AES-CBC under a random initialisation vector, which it puts in
    /// front, padding the data to whole blocks as PKCS#5 prescribes.
    static func aesEncrypt(_ bytes: [UInt8], key: [UInt8]) -> [UInt8] {
        let iv = CryptoPrimitives.randomBytes(16)
        let padLength = 16 - bytes.count % 16
        let padded = bytes + [UInt8](repeating: UInt8(padLength), count: padLength)
        return iv + CryptoPrimitives.aesCBC(encrypt: true, key: key, iv: iv, padded)
    }
}

/// Password checks and file key retrieval for revisions 5 and 6 of the standard security
/// handler (ISO 32000-2, 7.6.4.3.3 Algorithm 2.A, 7.6.4.3.4 Algorithm 2.B, 7.6.4.4
/// Algorithms 11 to 13). R5 is Adobe's deprecated extension level 3, whose hash is a
/// single SHA-256; R6 (PDF 2.0) hardens it with Algorithm 2.B.
enum AES256PasswordAlgorithms {
    /// The bytes of a password for these revisions: UTF-8, cut to 127 bytes (Algorithm 2.A
    /// step a). The cut is by bytes, as the algorithm says, even inside a character: other
    /// writers do the same, and their keys must match. SASLprep is not applied, which
    /// matters only for unusual Unicode passwords.
    static func passwordBytes(_ password: String) -> [UInt8] {
        Array(password.utf8.prefix(127))
    }

    /// The result of a successful password check.
    struct Authentication {
        var fileKey: [UInt8]
        var isOwner: Bool
    }

    /// Checks `password` as the user password, then as the owner password (Algorithm 2.A),
    /// and returns the file key it unlocks, or nil if it is neither.
    ///
    /// When the user password matches, the owner check still runs, so that a password that
    /// is both (a common choice) is reported as the owner's.
    ///
    /// - Throws: ``PDFError/invalidObject(_:message:)`` when the password matches but the
    ///   /UE or /OE entry needed to recover the key is missing.
    static func authenticate(_ password: [UInt8], encryption e: EncryptionDictionary) throws -> Authentication? {
        let u = e.userHash  // 48 bytes: hash, validation salt, key salt
        let o = e.ownerHash
        let userMatches = hash(password, salt: Array(u[32..<40]), userKey: [], revision: e.revision)
            .elementsEqual(u[0..<32])
        let ownerMatches = hash(password, salt: Array(o[32..<40]), userKey: u, revision: e.revision)
            .elementsEqual(o[0..<32])

        if userMatches {
            guard let ue = e.userEncryptedKey else {
                throw PDFError.invalidObject(nil, message: "the /Encrypt dictionary has no /UE for the user password")
            }
            let intermediate = hash(password, salt: Array(u[40..<48]), userKey: [], revision: e.revision)
            let key = CryptoPrimitives.aesCBC(encrypt: false, key: intermediate, iv: zeroIV, ue)
            return key.count == 32 ? Authentication(fileKey: key, isOwner: ownerMatches) : nil
        }
        if ownerMatches {
            guard let oe = e.ownerEncryptedKey else {
                throw PDFError.invalidObject(nil, message: "the /Encrypt dictionary has no /OE for the owner password")
            }
            let intermediate = hash(password, salt: Array(o[40..<48]), userKey: u, revision: e.revision)
            let key = CryptoPrimitives.aesCBC(encrypt: false, key: intermediate, iv: zeroIV, oe)
            return key.count == 32 ? Authentication(fileKey: key, isOwner: true) : nil
        }
        return nil
    }

    /// Whether /Perms, decrypted with the file key, agrees with /P (Algorithm 13): its
    /// bytes 9 to 11 must read "adb" and its first four hold /P, least significant first.
    /// Nil when the dictionary has no /Perms.
    static func permissionsMatch(fileKey: [UInt8], encryption e: EncryptionDictionary) -> Bool? {
        guard let perms = e.encryptedPermissions else { return nil }
        // One block with a zero IV: CBC is ECB here, which is what Algorithm 13 asks for.
        let plain = CryptoPrimitives.aesCBC(encrypt: false, key: fileKey, iv: zeroIV, perms)
        guard plain.count == 16, plain[9...11].elementsEqual([0x61, 0x64, 0x62]) else { return false }
        let p = UInt32(plain[0]) | UInt32(plain[1]) << 8 | UInt32(plain[2]) << 16 | UInt32(plain[3]) << 24
        return Int32(bitPattern: p) == e.permissions
    }

    private static let zeroIV = [UInt8](repeating: 0, count: 16)

    // MARK: - Algorithm 2.B

    /// The password hash of R5 (SHA-256 of password, salt and user key) or R6 (Algorithm 2.B).
    /// `userKey` is the 48-byte /U value when checking the owner password, empty otherwise.
    static func hash(_ password: [UInt8], salt: [UInt8], userKey: [UInt8], revision: Int) -> [UInt8] {
        var k = CryptoPrimitives.sha256(password + salt + userKey)
        guard revision >= 6 else { return k }

        // At least 64 rounds; then continue until the last byte of E is no greater than the
        // number of rounds done minus 32 (Algorithm 2.B step e).
        var round = 0
        while true {
            let block = password + k + userKey
            var k1: [UInt8] = []
            k1.reserveCapacity(block.count * 64)
            for _ in 0..<64 { k1 += block }
            guard k.count >= 32 else { return [] }
            let e = CryptoPrimitives.aesCBC(encrypt: true, key: Array(k[0..<16]), iv: Array(k[16..<32]), k1)
            guard e.count >= 16, let last = e.last else { return [] }
            // The first 16 bytes of E, read as a big-endian number modulo 3, choose the next
            // hash; since 256 ≡ 1 (mod 3), that is the sum of the bytes modulo 3.
            let selector = e.prefix(16).reduce(0) { $0 + Int($1) } % 3
            switch selector {
            case 0: k = CryptoPrimitives.hash(.sha256, e)
            case 1: k = CryptoPrimitives.hash(.sha384, e)
            default: k = CryptoPrimitives.hash(.sha512, e)
            }
            round += 1
            if round >= 64 && Int(last) <= round - 32 { break }
        }
        return Array(k.prefix(32))
    }
}

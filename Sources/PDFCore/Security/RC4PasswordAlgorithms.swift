/// Password checks and file key derivation for revisions 2, 3 and 4 of the standard
/// security handler (ISO 32000-2, 7.6.4.3 Algorithms 2 to 7), all built on MD5 and RC4.
enum RC4PasswordAlgorithms {
    /// The 32 bytes that pad a password, and stand for an empty one (7.6.4.3.2, Algorithm 2 step a).
    static let paddingString: [UInt8] = [
        0x28, 0xBF, 0x4E, 0x5E, 0x4E, 0x75, 0x8A, 0x41, 0x64, 0x00, 0x4E, 0x56, 0xFF, 0xFA, 0x01, 0x08,
        0x2E, 0x2E, 0x00, 0xB6, 0xD0, 0x68, 0x3E, 0x80, 0x2F, 0x0C, 0xA9, 0xFE, 0x64, 0x53, 0x69, 0x7A,
    ]

    /// The bytes of a password for these revisions: PDFDocEncoding, falling back on Latin-1
    /// for characters it lacks; characters in neither are dropped. At most 32 bytes count.
    static func passwordBytes(_ password: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for scalar in password.unicodeScalars {
            if let code = PDFTextString.docEncodingCodes[scalar.value] {
                bytes.append(code)
            } else if scalar.value <= 0xFF {
                bytes.append(UInt8(scalar.value))
            }
            if bytes.count == 32 { break }
        }
        return bytes
    }

    /// `password` cut or padded to exactly 32 bytes with ``paddingString``.
    static func padded(_ password: [UInt8]) -> [UInt8] {
        let head = password.prefix(32)
        return Array(head) + paddingString.prefix(32 - head.count)
    }

    // MARK: - Algorithm 2

    /// The file key for `password` (Algorithm 2), assuming it is the user password.
    static func fileKey(userPassword password: [UInt8], encryption e: EncryptionDictionary, fileID: [UInt8]) -> [UInt8] {
        var input = padded(password)
        input += e.ownerHash
        let p = UInt32(bitPattern: e.permissions)
        input += [UInt8(truncatingIfNeeded: p), UInt8(truncatingIfNeeded: p >> 8),
                  UInt8(truncatingIfNeeded: p >> 16), UInt8(truncatingIfNeeded: p >> 24)]
        input += fileID
        if e.revision >= 4 && !e.encryptMetadata { input += [0xFF, 0xFF, 0xFF, 0xFF] }
        var digest = CryptoPrimitives.md5(input)
        if e.revision >= 3 {
            // Step (h): 50 more rounds over the first n bytes, so guessing costs more.
            for _ in 0..<50 { digest = CryptoPrimitives.md5(Array(digest.prefix(e.keyLength))) }
        }
        return Array(digest.prefix(e.keyLength))
    }

    // MARK: - Algorithms 4, 5 and 6

    /// The /U value the user password with file key `key` would produce (Algorithm 4 for
    /// R2, Algorithm 5 for R3 and R4, whose 16 trailing bytes are arbitrary and left out).
    static func userHash(fileKey key: [UInt8], revision: Int, fileID: [UInt8]) -> [UInt8] {
        if revision == 2 { return RC4.apply(key: key, to: paddingString) }
        var value = RC4.apply(key: key, to: CryptoPrimitives.md5(paddingString + fileID))
        for round in 1...19 {
            value = RC4.apply(key: key.map { $0 ^ UInt8(round) }, to: value)
        }
        return value
    }

    /// The file key if `password` is the user password (Algorithm 6), else nil.
    static func authenticateUser(_ password: [UInt8], encryption e: EncryptionDictionary, fileID: [UInt8]) -> [UInt8]? {
        let key = fileKey(userPassword: password, encryption: e, fileID: fileID)
        let expected = userHash(fileKey: key, revision: e.revision, fileID: fileID)
        // R3 and R4 compare only the first 16 bytes; R2 all 32.
        let count = e.revision == 2 ? 32 : 16
        guard !expected.isEmpty, expected.prefix(count).elementsEqual(e.userHash.prefix(count)) else { return nil }
        return key
    }

    // MARK: - Algorithms 3 and 7

    /// The RC4 key that encrypts the user password into /O (Algorithm 3 steps a to d).
    static func ownerKey(ownerPassword password: [UInt8], encryption e: EncryptionDictionary) -> [UInt8] {
        var digest = CryptoPrimitives.md5(padded(password))
        if e.revision >= 3 {
            for _ in 0..<50 { digest = CryptoPrimitives.md5(digest) }
        }
        return Array(digest.prefix(e.keyLength))
    }

    /// The file key if `password` is the owner password (Algorithm 7): /O decrypted with the
    /// owner key gives the padded user password, which must then pass Algorithm 6.
    static func authenticateOwner(_ password: [UInt8], encryption e: EncryptionDictionary, fileID: [UInt8]) -> [UInt8]? {
        let key = ownerKey(ownerPassword: password, encryption: e)
        var userPassword = e.ownerHash
        if e.revision == 2 {
            userPassword = RC4.apply(key: key, to: userPassword)
        } else {
            for round in stride(from: 19, through: 0, by: -1) {
                userPassword = RC4.apply(key: key.map { $0 ^ UInt8(round) }, to: userPassword)
            }
        }
        return authenticateUser(userPassword, encryption: e, fileID: fileID)
    }

    /// The /O value for an owner and a user password (Algorithm 3), for writing files.
    static func ownerHash(ownerPassword: [UInt8], userPassword: [UInt8], revision: Int, keyLength: Int) -> [UInt8] {
        var digest = CryptoPrimitives.md5(padded(ownerPassword.isEmpty ? userPassword : ownerPassword))
        if revision >= 3 {
            for _ in 0..<50 { digest = CryptoPrimitives.md5(digest) }
        }
        let key = Array(digest.prefix(revision == 2 ? 5 : keyLength))
        var value = RC4.apply(key: key, to: padded(userPassword))
        if revision >= 3 {
            for round in 1...19 { value = RC4.apply(key: key.map { $0 ^ UInt8(round) }, to: value) }
        }
        return value
    }
}

/// The standard (password) security handler (ISO 32000-2, 7.6.4): checks a password
/// against a document's /Encrypt dictionary and then encrypts and decrypts the document's
/// strings and streams.
///
/// Supported: /V 1 and 2 with /R 2 and 3 (RC4, 40 to 128 bits), /V 4 /R 4 with crypt
/// filters (RC4, AES-128, identity), /V 5 with /R 5 (Adobe extension level 3) and /R 6
/// (PDF 2.0), both AES-256. Public-key handlers are not.
///
/// An instance is immutable once authenticated, so it can be shared between threads.
final class StandardSecurityHandler: Sendable {
    /// /R: the revision of the handler.
    var revision: Int { encryption.revision }
    /// /V: the algorithm family.
    var version: Int { encryption.version }
    /// The length of the file key in bits.
    var keyLengthBits: Int { fileKey.count * 8 }
    /// /P: the user access permissions (7.6.4.2 Table 22).
    var permissions: Int32 { encryption.permissions }
    /// Whether `password` was the owner password (which grants every permission).
    let authenticatedAsOwner: Bool
    /// /EncryptMetadata: whether /Type /Metadata streams are encrypted (always true below V4).
    var encryptsMetadata: Bool { encryption.encryptMetadata }
    /// For R5 and R6, whether /Perms decrypted with the file key agrees with /P (nil when
    /// there is no /Perms, and for R2-4). A mismatch is only noted: other viewers open such
    /// files too, and the password has already proved itself.
    let permissionsEntryMatches: Bool?

    /// The key every object key derives from (or, for AES-256, the key itself).
    let fileKey: [UInt8]
    let encryption: EncryptionDictionary

    /// Authenticates `password`: first as the user password, then as the owner password.
    /// Nil and "" both mean the empty user password, which opens most encrypted files.
    ///
    /// - Parameters:
    ///   - encryptDictionary: the trailer's /Encrypt dictionary, references resolved.
    ///   - fileID: the first element of the trailer's /ID array, empty if there is none.
    /// - Throws: ``PDFError/passwordRequired`` when the password is neither;
    ///   ``PDFError/unsupportedEncryption(_:)`` for a handler other than /Standard, an unknown
    ///   /V, /R or /CFM; ``PDFError/invalidObject(_:message:)`` for malformed entries.
    init(encryptDictionary: PDFDictionary, fileID: [UInt8], password: String?) throws {
        let encryption = try EncryptionDictionary(encryptDictionary)
        self.encryption = encryption
        let password = password ?? ""

        if encryption.revision >= 5 {
            let bytes = AES256PasswordAlgorithms.passwordBytes(password)
            guard let result = try AES256PasswordAlgorithms.authenticate(bytes, encryption: encryption) else {
                throw PDFError.passwordRequired
            }
            fileKey = result.fileKey
            authenticatedAsOwner = result.isOwner
            permissionsEntryMatches = AES256PasswordAlgorithms.permissionsMatch(fileKey: result.fileKey, encryption: encryption)
        } else {
            let bytes = RC4PasswordAlgorithms.passwordBytes(password)
            let asOwner = RC4PasswordAlgorithms.authenticateOwner(bytes, encryption: encryption, fileID: fileID)
            if let key = RC4PasswordAlgorithms.authenticateUser(bytes, encryption: encryption, fileID: fileID) {
                fileKey = key
            } else if let key = asOwner {
                fileKey = key
            } else {
                throw PDFError.passwordRequired
            }
            authenticatedAsOwner = asOwner != nil
            permissionsEntryMatches = nil
        }
    }

    /// The encryption in a few words: "RC4 40-bit", "RC4 128-bit", "AES-128", "AES-256";
    /// "none" when every crypt filter is the identity.
    var methodDescription: String {
        let methods = [encryption.streamMethod, encryption.stringMethod, encryption.embeddedFileMethod]
        switch methods.first(where: { $0 != .identity }) ?? .identity {
        case .rc4: return "RC4 \(keyLengthBits)-bit"
        case let method: return method.displayName
        }
    }
}

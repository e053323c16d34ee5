/// What a document's encryption is, for display (ISO 32000-2, 7.6).
public struct PDFEncryptionInfo: Sendable, Hashable {
    /// "RC4 40-bit", "RC4 128-bit", "AES-128" or "AES-256".
    public var method: String
    /// The standard security handler's `/V` and `/R`.
    public var version: Int
    public var revision: Int
    public var keyLengthBits: Int
    /// The raw `/P` flags.
    public var permissionFlags: Int32
    /// Whether the password given was the owner password (which lifts every restriction).
    public var openedAsOwner: Bool
    /// Whether the XMP metadata stream is encrypted too.
    public var encryptsMetadata: Bool
}

extension PDFFile {
    /// The encryption of the file, or nil when it is not encrypted.
    public var encryptionInfo: PDFEncryptionInfo? {
        guard let security else { return nil }
        return PDFEncryptionInfo(
            method: security.methodDescription, version: security.version, revision: security.revision,
            keyLengthBits: security.keyLengthBits, permissionFlags: security.permissions,
            openedAsOwner: security.authenticatedAsOwner, encryptsMetadata: security.encryptsMetadata)
    }
}

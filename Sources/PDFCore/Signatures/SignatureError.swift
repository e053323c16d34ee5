/// What can go wrong reading, checking or making a signature, with the field or file part
/// it concerns; `description` is one line for a user.
public enum SignatureError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A signature's `/ByteRange` does not cover the file as 12.8.1 requires.
    case byteRange(field: String, reason: String)
    /// `/Contents` is not a CMS SignedData with a signer.
    case unreadableCMS(field: String)
    /// The `/SubFilter` is one this library does not check.
    case unsupportedSubFilter(field: String, subFilter: String)
    /// The bytes given as a PKCS#12 file are not one.
    case unreadablePKCS12
    /// The password does not open the PKCS#12 file.
    case wrongPKCS12Password
    /// The PKCS#12 file holds no private key with a certificate.
    case noKeyInPKCS12
    /// OpenSSL could not make the CMS signature.
    case signingFailed
    /// The CMS signature is larger than the `/Contents` room reserved for it.
    case contentsTooSmall(needed: Int, reserved: Int)
    /// The field named for signing is not a signature field, or already signed.
    case fieldNotSignable(name: String, reason: String)
    /// A signature field of that name does not exist and no page was given to place one.
    case fieldNotFound(name: String)
    /// An encrypted file is refused for signing: its `/Contents` would have to stay unencrypted
    /// inside an encrypted update (docs/signatures.md says how to sign one: remove the encryption first).
    case encryptedFile
    /// The written update does not hold the placeholder it was given.
    case placeholderNotFound
    /// A full rewrite of a signed file was asked for: it would move the signed bytes and
    /// invalidate these signatures.
    case rewriteBreaksSignatures(fields: [String])
    /// The time-stamp authority refused, or answered something other than a token over this
    /// signature (RFC 3161), or could not be reached (the reason says which).
    case timestamp(String)
    /// The handwritten image of a visible signature cannot be used: why.
    case image(String)
    /// The document is certified with DocMDP permission `permission`, which does not allow
    /// `change`.
    case certificationForbids(permission: Int, change: PDFSignatureChange)

    public var description: String {
        switch self {
        case .byteRange(let field, let reason): return "signature '\(field)': bad /ByteRange: \(reason)"
        case .unreadableCMS(let field): return "signature '\(field)': /Contents is not a CMS SignedData with a signer"
        case .unsupportedSubFilter(let field, let subFilter):
            return "signature '\(field)': /SubFilter /\(subFilter) is not one Marginalia checks"
        case .unreadablePKCS12: return "the certificate file is not a PKCS#12 (.p12/.pfx) file"
        case .wrongPKCS12Password: return "the password does not open the PKCS#12 file"
        case .noKeyInPKCS12: return "the PKCS#12 file holds no private key with its certificate"
        case .signingFailed: return "OpenSSL could not make the CMS signature"
        case .contentsTooSmall(let needed, let reserved):
            return "the signature needs \(needed) bytes but \(reserved) were reserved for /Contents"
        case .fieldNotSignable(let name, let reason): return "field '\(name)' cannot be signed: \(reason)"
        case .fieldNotFound(let name): return "no signature field '\(name)' (give --page and --rect to make one)"
        case .encryptedFile: return "an encrypted file is refused for signing: write it in the clear first (compact --remove-encryption)"
        case .timestamp(let reason): return "signature time-stamp: \(reason)"
        case .image(let reason): return "the signature's image: \(reason)"
        case .placeholderNotFound: return "the signature placeholder was not found in the written update"
        case .certificationForbids(let permission, let change):
            let allows = PDFCertification(fieldName: "", permission: permission).allowedChanges
            return "the document is certified (DocMDP P=\(permission): \(allows)): "
                + "the \(change.kind.rawValue) change to object \(change.object) is not allowed"
        case .rewriteBreaksSignatures(let fields):
            return "the file is signed (\(fields.joined(separator: ", "))): a rewrite would invalidate "
                + "the signatures; save it as an incremental update instead"
        }
    }
}

/// What checking one signature found: whether the bytes it covers are the bytes signed, who
/// signed, whether the signer's chain reaches a trust anchor, and what the file gained after.
public struct PDFSignatureVerification: Sendable, Equatable {
    /// Whether the signer's certificate chain reaches one of the trust anchors given.
    public enum Chain: Sendable, Equatable {
        /// No trust anchors were given.
        case notChecked
        case trusted
        /// The chain does not verify, with OpenSSL's reason.
        case untrusted(String)
    }

    /// The signature as the file states it.
    public var signature: PDFSignature
    /// The covered ranges, or nil with ``problem`` saying why they cannot be trusted.
    public var byteRange: SignatureByteRange?
    /// Why the signature cannot be checked (a bad /ByteRange, an unreadable CMS, a SubFilter
    /// not checked), or nil.
    public var problem: SignatureError?
    /// Whether the covered ranges reach the end of the file: nothing was appended after.
    public var coversWholeFile: Bool
    /// Which version of the file the signature covers (1 is the first), and how many the
    /// file has (each ends with `%%EOF`, 7.5.6).
    public var signedRevision: Int?
    public var revisionCount: Int
    /// Whether the digest of the covered bytes is the CMS's messageDigest.
    public var digestMatches: Bool
    /// Whether the CMS signature verifies with the signer's certificate.
    public var signatureValid: Bool
    /// The signer certificate's subject (RFC 2253).
    public var signer: String?
    /// The CMS signingTime attribute (ISO 8601, UTC), absent in PAdES signatures.
    public var cmsSigningTime: String?
    /// The signer's digest algorithm (OpenSSL's short name, `SHA256`).
    public var digestAlgorithm: String?
    /// Whether the signed attributes hold an ESS signing-certificate-v2 (PAdES B-B needs it).
    public var hasSigningCertificateV2: Bool
    /// Whether the CMS carries a signature time-stamp token (PAdES B-T).
    public var hasTimestamp: Bool
    /// The time-stamp's genTime (ISO 8601, UTC), when there is a readable one.
    public var timestampTime: String?
    /// Whether the time-stamp stamps this signature's value and its authority's signature
    /// verifies (the authority's chain is not checked); nil without a readable time-stamp.
    public var timestampValid: Bool?
    public var chain: Chain
    /// The objects added or changed by the updates after the signed version.
    public var laterChanges: [PDFSignatureChange]

    /// Whether the signed bytes are unchanged and the signature over them verifies.
    public var isIntact: Bool { problem == nil && digestMatches && signatureValid }
}

/// One object an update after a signature added or changed, named as a user knows it.
public struct PDFSignatureChange: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case annotation, field, signature, page, pages, catalog, appearance, metadata, other
    }

    public var object: Int
    public var kind: Kind
    /// The annotation subtype, the field name, or the object's /Type.
    public var detail: String?
}

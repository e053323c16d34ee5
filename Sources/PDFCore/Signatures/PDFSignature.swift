/// A signature field of a file's form whose value is a signature dictionary (ISO 32000-2
/// 12.7.5.5 and 12.8.1), as the file states it: nothing here is checked yet (see
/// ``PDFFile/verifySignatures(trustAnchors:)``).
public struct PDFSignature: Sendable, Equatable {
    /// The field's fully qualified name (its `/T` and its ancestors', joined with dots).
    public var fieldName: String
    /// The signature dictionary (the field's `/V`), when it is an indirect object.
    public var reference: PDFReference?
    /// `/Filter`, the preferred handler (`Adobe.PPKLite`).
    public var filter: String?
    /// `/SubFilter`, the encoding of `/Contents` (`ETSI.CAdES.detached`, `adbe.pkcs7.detached`,
    /// `adbe.pkcs7.sha1`, `adbe.x509.rsa_sha1`, `ETSI.RFC3161`).
    public var subFilter: String?
    /// `/ByteRange` as written: pairs of offset and length.
    public var byteRange: [Int]
    /// `/M`, the signing time the signer's software wrote (a PDF date string).
    public var signingTime: String?
    /// `/Name`, `/Reason`, `/Location` and `/ContactInfo` as text.
    public var name: String?
    public var reason: String?
    public var location: String?
    public var contactInfo: String?
    /// The DocMDP permission (1, 2 or 3, 12.8.2.2) when this signature certifies the document.
    public var docMDPPermission: Int?

    /// Where the bytes the signature covers end: the length of the signed version.
    public var coveredEnd: Int? {
        SignatureByteRange.pairs(byteRange)?.map { $0.upperBound }.max()
    }
}

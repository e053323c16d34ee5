import Foundation
import PDFCore

/// What to sign and how (``PDFDocument/signedData(_:)``): a PAdES baseline B-B signature
/// (ETSI EN 319 142-1) made with the key of a PKCS#12 file.
public struct SignatureRequest: Sendable {
    /// Where the signature goes: a signature field that exists and is empty, or a new one.
    public enum Placement: Sendable, Equatable {
        /// The empty signature field of this fully qualified name.
        case field(String)
        /// A new field on page `pageIndex` (0-based) with a visible appearance in `rect`
        /// (page space), named `name` or `Signature<n>`.
        case page(pageIndex: Int, rect: CGRect, name: String?)
        /// A new field with no widget area: an invisible signature.
        case invisible(name: String?)
    }

    /// Certification (12.8.2.2): what the document allows after this signature.
    public enum Certification: Int, Sendable, CaseIterable {
        /// DocMDP P=1: no change at all.
        case noChanges = 1
        /// DocMDP P=2: filling forms and signing.
        case formFilling = 2
        /// DocMDP P=3: filling, signing and annotating.
        case annotations = 3
    }

    /// The PKCS#12 file's bytes and its password. Neither is logged nor kept.
    public var pkcs12: [UInt8]
    public var password: String
    public var placement: Placement
    /// `/Name`, `/Reason` and `/Location` of the signature dictionary.
    public var name: String?
    public var reason: String?
    public var location: String?
    /// nil for an approval signature.
    public var certification: Certification?
    /// The signing time written to `/M` (PAdES puts it there, not in the CMS).
    public var date: Date
    /// The bytes reserved for the CMS in `/Contents`.
    public var contentsCapacity: Int
    /// The way to an RFC 3161 time-stamp authority for a B-T signature, nil for B-B.
    public var timestamp: TimestampTransport?
    /// A handwritten signature's picture (a PNG, its transparency kept, or a JPEG) shown at the
    /// left of a visible signature's appearance, beside its text; nil for text only.
    public var image: Data?

    public init(pkcs12: [UInt8], password: String, placement: Placement, name: String? = nil, reason: String? = nil,
                location: String? = nil, certification: Certification? = nil, date: Date = Date(),
                contentsCapacity: Int = 16_384, timestamp: TimestampTransport? = nil, image: Data? = nil) {
        self.pkcs12 = pkcs12
        self.password = password
        self.placement = placement
        self.name = name
        self.reason = reason
        self.location = location
        self.certification = certification
        self.date = date
        self.contentsCapacity = contentsCapacity
        self.timestamp = timestamp
        self.image = image
    }
}

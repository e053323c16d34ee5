import Foundation
import PDFCore

// The JSON of a document's certification (docs/signatures.md, "Certified documents"): what
// the server's `GET /api/v1/documents/{id}` gives as `certification`, so the editor greys
// what the document does not allow without deciding it. Keys are written by hand.

extension PDFCertification {
    /// `field` (the certifying signature), `permission` (P), `allows` (`formFilling`,
    /// `annotations`, `pages`: booleans from ``PDFCertification``'s rules) and `message`
    /// (one sentence for a user saying what the document allows).
    public var jsonRecord: JSONValue {
        .object([
            ("field", .string(fieldName)),
            ("permission", .integer(permission)),
            ("allows", allowsRecord),
            ("message", .string("The document is certified by the signature \(fieldName) (DocMDP P=\(permission)): "
                                + "\(allowedChanges).")),
        ])
    }

    /// `{"formFilling", "annotations", "pages"}`: what P allows, from ``PDFCertification``'s
    /// rules, for the document's `certification` and each signature's `docMDPAllows` alike
    /// (the editor words it from these, never from P).
    public var allowsRecord: JSONValue {
        .object([
            (CertifiedChange.formFilling.rawValue, .bool(allowsFormFilling)),
            (CertifiedChange.annotations.rawValue, .bool(allowsAnnotations)),
            (CertifiedChange.pages.rawValue, .bool(allowsPageChanges)),
        ])
    }
}

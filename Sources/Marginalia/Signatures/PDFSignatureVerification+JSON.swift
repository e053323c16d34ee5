import Foundation
import PDFCore

// The one JSON shape of a checked signature (docs/signatures.md, "JSON"): `marginalia
// signatures --json` prints it and the server's `GET …/signatures` sends it. Keys are
// written by hand.

extension PDFSignatureVerification {
    /// The signature as JSON: `field`, `intact`, `problem`, `signer`, `filter`, `subFilter`,
    /// `signingTime`, `cmsSigningTime`, `reason`, `location`, `name`, `byteRange`,
    /// `coversWholeFile`, `digestAlgorithm`, `digestMatches`, `signatureValid`,
    /// `signingCertificateV2`, `timestamp`, `timestampTime`, `timestampValid`, `chain` (`trusted`, `untrusted`, `not-checked`),
    /// `chainError`, `revision`, `revisionCount`, `docMDP` and `laterChanges` (`object`,
    /// `kind`, `detail`).
    public var jsonRecord: JSONValue {
        let chainName: String
        var chainError: String?
        switch chain {
        case .notChecked: chainName = "not-checked"
        case .trusted: chainName = "trusted"
        case .untrusted(let reason): chainName = "untrusted"; chainError = reason
        }
        return .object([
            ("field", .string(signature.fieldName)),
            ("intact", .bool(isIntact)),
            ("problem", .optional(problem?.description)),
            ("signer", .optional(signer)),
            ("filter", .optional(signature.filter)),
            ("subFilter", .optional(signature.subFilter)),
            ("signingTime", .optional(signature.signingTime)),
            ("cmsSigningTime", .optional(cmsSigningTime)),
            ("reason", .optional(signature.reason)),
            ("location", .optional(signature.location)),
            ("name", .optional(signature.name)),
            ("byteRange", .array(signature.byteRange.map { .integer($0) })),
            ("coversWholeFile", .bool(coversWholeFile)),
            ("digestAlgorithm", .optional(digestAlgorithm)),
            ("digestMatches", .bool(digestMatches)),
            ("signatureValid", .bool(signatureValid)),
            ("signingCertificateV2", .bool(hasSigningCertificateV2)),
            ("timestamp", .bool(hasTimestamp)),
            ("timestampTime", .optional(timestampTime)),
            ("timestampValid", timestampValid.map { .bool($0) } ?? .null),
            ("chain", .string(chainName)),
            ("chainError", .optional(chainError)),
            ("revision", signedRevision.map { .integer($0) } ?? .null),
            ("revisionCount", .integer(revisionCount)),
            ("docMDP", signature.docMDPPermission.map { .integer($0) } ?? .null),
            ("docMDPAllows", signature.docMDPPermission.map { PDFCertification(fieldName: signature.fieldName, permission: $0).allowsRecord }
                ?? .null),
            ("laterChanges", .array(laterChanges.map { change in
                .object([("object", .integer(change.object)), ("kind", .string(change.kind.rawValue)),
                         ("detail", .optional(change.detail))])
            })),
        ])
    }
}

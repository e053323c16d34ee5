import Foundation
import Marginalia

extension DocumentExports {
    /// The digital signatures of document `id` as `marginalia signatures` checks them
    /// (``PDFFile/verifySignatures(trustAnchors:)``, the chain not checked), in the file a
    /// download gives: the stored file with the unsaved edits appended, so what was appended
    /// after each signature includes them. `GET /api/v1/documents/{id}/signatures`.
    public func signatures(_ id: String) throws -> SignatureList {
        try budgeted("checking the signatures") { meter in
            // The revision and its file read together: an edit in between would make them disagree.
            let (revision, data) = try withDocument(id, meter: meter) { state in (state.revision, try state.document.dataRepresentation()) }
            let document = try open(data, meter: meter)
            return SignatureList(revision: revision, signatures: document.file.verifySignatures().map(\.jsonRecord))
        }
    }
}

extension DocumentExports {
    /// The certification of document `id` in its current state (``PDFFile/certification()``),
    /// nil when nobody certified it: what `GET /api/v1/documents/{id}` gives as
    /// `certification`, for the editor to grey what the document does not allow.
    public func certification(_ id: String) throws -> PDFCertification? {
        try withDocument(id) { state in state.document.file.certification() }
    }
}

/// SIGNATURES in the API spec: `{"revision", "signatures": [SIGNATURE]}`, SIGNATURE the
/// object `marginalia signatures --json` prints (docs/signatures.md). Keys are written by hand.
public struct SignatureList: RevisionCarrying {
    public var revision: Int
    public var signatures: [JSONValue]

    private enum Keys: String, CodingKey { case revision, signatures }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(revision, forKey: .revision)
        try container.encode(signatures, forKey: .signatures)
    }
}

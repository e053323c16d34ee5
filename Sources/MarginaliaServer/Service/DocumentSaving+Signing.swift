import Foundation
import Marginalia
import MarginaliaEditor

/// What signing a document on the server made (``DocumentSaving/sign(_:_:)``).
public struct SignedVersion: Sendable {
    /// The version holding the signature: the one before it with the signature appended.
    public var version: DocumentVersion
    /// The document after signing.
    public var summary: DocumentSummary
    /// The document's revision (signing logs no operation: it does not change).
    public var revision: Int
    /// The signature field's name.
    public var field: String
}

extension DocumentSaving {
    /// Signs document `id` as `request` asks (``PDFDocument/signedData(_:)``, the code
    /// `marginalia sign` runs) and keeps the result as a new version: unsaved edits are saved
    /// first, then the latest version is signed as an incremental update appended to it, so
    /// every signature before holds (docs/signatures.md, "Signing on the server"). The document
    /// is reopened on the signed file and its undo history starts again; subscribers hear
    /// `.versionRestored` (clients reload the file). The request's key is used for this call
    /// only.
    ///
    /// The signature is made with no lock held: a time-stamp authority may take seconds to
    /// answer, and the document takes edits meanwhile. The signed file is kept only if the
    /// document is still at the version and revision that were signed.
    ///
    /// - Throws: ``ServiceError/forbidden(_:)`` when the document's certification (DocMDP
    ///   P=1) allows no further signature; ``ServiceError/unprocessable(_:)`` for what the
    ///   engine refuses (a field that cannot be signed, a page out of range, an encrypted
    ///   file); ``ServiceError/conflict(_:)`` when the document was edited or saved while it
    ///   was being signed (nothing was signed); ``ServiceError/notFound(_:)``.
    public func sign(_ id: String, _ request: SignatureRequest) throws -> SignedVersion {
        let (base, revision, stored) = try withDocument(id) { state in
            try store.withDocumentLock(id) { () -> (Int, Int, Data) in
                _ = try saveLocked(id, &state)
                if let certification = state.document.file.certification(), certification.permission == 1 {
                    throw ServiceError.forbidden("""
                        document \(id) is certified by '\(certification.fieldName)' with DocMDP P=1 (\
                        \(certification.allowedChanges)): a further signature is not allowed (docs/signatures.md)
                        """).because(Reason(.certificationForbids))
                }
                return (state.baseVersion, state.revision, try store.versionData(id, number: state.baseVersion))
            }
        }
        let (bytes, before) = try signed(id, stored, request)
        let signed = try withDocument(id) { state in
            try store.withDocumentLock(id) { () -> SignedVersion in
                guard state.baseVersion == base, state.revision == revision else {
                    throw ServiceError.conflict("""
                        document \(id) was edited or saved while it was being signed (version \(base), revision \(revision) \
                        signed; now version \(state.baseVersion), revision \(state.revision)): nothing was signed; sign it again
                        """).because(Reason(.changedSince))
                }
                let signedDocument = try open(Data(bytes), meter: nil)
                let field = signedDocument.file.signatures().map(\.fieldName).first { !before.contains($0) } ?? ""
                let record = try store.appendVersion(id, update: Data(bytes[stored.count...]), basedOn: base,
                                                     revision: revision, pageCount: try signedDocument.pageCount, now: Date())
                state.document = signedDocument
                state.history = UndoHistory(depth: documents.undoDepth)
                state.savedRevision = state.revision
                state.baseVersion = record.number
                return SignedVersion(version: DocumentVersion(record), summary: DocumentSummary(try store.document(id)),
                                     revision: state.revision, field: field)
            }
        }
        notify(id, .versionRestored(signed.summary, version: signed.version))
        return signed
    }

    /// The file `stored` with the signature `request` asks appended, and the names of the
    /// signature fields it had before: the signing itself, time-stamp included, made with no
    /// lock held.
    private func signed(_ id: String, _ stored: Data, _ request: SignatureRequest) throws -> (bytes: [UInt8], before: Set<String>) {
        let document = try open(stored, meter: nil)
        let before = Set(document.file.signatures().map(\.fieldName))
        let bytes: [UInt8]
        do {
            bytes = try document.signedData(request)
        } catch let error as SignatureError {
            throw ServiceError.from(error)
        } catch let error as PDFError {
            throw ServiceError.unprocessable(error.description)
        }
        guard bytes.count > stored.count, bytes.prefix(stored.count).elementsEqual(stored) else {
            throw ServiceError.internalError("the signed file of document \(id) does not begin with its stored version")
        }
        return (bytes, before)
    }
}

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
    /// - Throws: ``ServiceError/forbidden(_:)`` when the document's certification (DocMDP
    ///   P=1) allows no further signature; ``ServiceError/unprocessable(_:)`` for what the
    ///   engine refuses (a field that cannot be signed, a page out of range, an encrypted
    ///   file); ``ServiceError/notFound(_:)``.
    public func sign(_ id: String, _ request: SignatureRequest) throws -> SignedVersion {
        try withDocument(id) { state in
            let signed = try store.withDocumentLock(id) { () -> SignedVersion in
                _ = try saveLocked(id, &state)
                if let certification = state.document.file.certification(), certification.permission == 1 {
                    throw ServiceError.forbidden("""
                        document \(id) is certified by '\(certification.fieldName)' with DocMDP P=1 (\
                        \(certification.allowedChanges)): a further signature is not allowed (docs/signatures.md)
                        """).because(Reason(.certificationForbids))
                }
                let stored = try store.versionData(id, number: state.baseVersion)
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
                let signedDocument = try open(Data(bytes), meter: nil)
                let field = signedDocument.file.signatures().map(\.fieldName).first { !before.contains($0) } ?? ""
                let record = try store.appendVersion(id, update: Data(bytes[stored.count...]), basedOn: state.baseVersion,
                                                     revision: state.revision, pageCount: try signedDocument.pageCount, now: Date())
                state.document = signedDocument
                state.history = UndoHistory(depth: documents.undoDepth)
                state.savedRevision = state.revision
                state.baseVersion = record.number
                return SignedVersion(version: DocumentVersion(record), summary: DocumentSummary(try store.document(id)),
                                     revision: state.revision, field: field)
            }
            notify(id, .versionRestored(signed.summary, version: signed.version))
            return signed
        }
    }
}

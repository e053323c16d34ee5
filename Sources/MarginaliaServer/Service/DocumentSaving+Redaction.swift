import Foundation
import Marginalia

/// What applying a document's redactions did (``DocumentSaving/applyRedactions(_:options:)``).
public struct AppliedRedaction: Sendable {
    /// What was removed from each page with marks.
    public var report: RedactionReport
    /// The version the redaction made: now the document's only one.
    public var version: DocumentVersion
    public var summary: DocumentSummary
    /// The versions removed from the store, by number.
    public var versionsRemoved: [Int]
    /// The operation log entries removed.
    public var logEntriesRemoved: Int
    /// The uploads (files pages were inserted from) removed.
    public var uploadsRemoved: Int
}

extension DocumentSaving {
    /// Applies every redaction mark of document `id` (``PDFDocument/applyRedactions(options:)``)
    /// and leaves the store no copy of what they removed (docs/redaction.md, "On the server").
    ///
    /// Unsaved edits are saved first. The redacted file, a full rewrite, becomes the document's
    /// only version (``VersionRecord/historyRedacted``); every earlier version, the operation
    /// log (annotation text, replies) and the uploads are removed, the store's freed space is
    /// cleared, the cached version files and page words are dropped, and the text index is
    /// erased and built again from the new file. The undo history starts again; the revision
    /// does not change. Subscribers hear `.versionRestored` with the new version.
    ///
    /// - Throws: ``ServiceError/conflict(_:)`` for a signed document (a rewrite invalidates its
    ///   signatures); ``ServiceError/unprocessable(_:)`` when it has no redaction mark;
    ///   ``ServiceError/notFound(_:)``.
    public func applyRedactions(_ id: String, options: RedactionOptions) throws -> AppliedRedaction {
        return try documents.using(id) { document in
            let applied = try budgeted("applying the redactions of document \(id)") { meter in
                try withDocument(id, meter: meter) { state -> AppliedRedaction in
                    let applied = try store.withDocumentLock(id) { () -> AppliedRedaction in
                        do {
                            try state.document.file.checkRewriteKeepsSignatures()
                        } catch SignatureError.rewriteBreaksSignatures(let fields) {
                            throw ServiceError.conflict("""
                                document \(id) is signed (\(fields.joined(separator: ", "))): applying redactions rewrites the \
                                file, which would invalidate its signatures, so it is refused (docs/signatures.md)
                                """).because(Reason(.rewriteBreaksSignatures))
                        }
                        _ = try saveLocked(id, &state)
                        let copy = try open(try state.document.dataRepresentation(), meter: meter)
                        let report = try copy.applyRedactions(options: options)
                        guard !report.pages.isEmpty else {
                            throw ServiceError.unprocessable("document \(id) has no redaction marks to apply (annotations of type redact)")
                        }
                        let bytes = try copy.dataRepresentation(options: PDFWriteOptions(mode: .compact))
                        let removed = try store.versions(id).map(\.number)
                        let entries = try store.operations(id, after: 0).count
                        let uploads = try store.uploadNumbers(id).count
                        let record = try store.redactHistory(id, bytes: bytes, basedOn: state.baseVersion, revision: state.revision,
                                                             pageCount: try copy.pageCount, now: Date())
                        // Reopened on the redacted file: the history and the recent log start empty.
                        state = try documents.load(id)
                        return AppliedRedaction(report: report, version: DocumentVersion(record),
                                                summary: DocumentSummary(try store.document(id)), versionsRemoved: removed,
                                                logEntriesRemoved: entries, uploadsRemoved: uploads)
                    }
                    versionFiles.forget(id)
                    search.pageWords.forget(id)
                    notify(id, .versionRestored(applied.summary, version: applied.version))
                    return applied
                }
            }
            // Outside the document's locks: rebuilding the store's files takes a while.
            try guarded {
                try store.clearFreedSpace()
                try search.textIndexer?.erase(id)
            }
            return applied
        }
    }
}

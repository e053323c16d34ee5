import Foundation
import Marginalia

/// The documents of the store as a list: listing, naming, the trash, uploads of new documents
/// (``importDocument(name:data:file:password:)``) and copies made of one (Save as, extracted
/// pages). Removing a document for good is retention's (``DocumentSaving/purge(_:)``).
public final class DocumentCatalogue: Sendable, ServicePart {
    let documents: OpenDocuments

    init(documents: OpenDocuments) {
        self.documents = documents
    }

    /// The documents not in the trash, newest modified first.
    public func list() throws -> [DocumentSummary] {
        try guarded { try store.documents(trashed: false).map(DocumentSummary.init) }
    }

    /// The documents in the trash, newest modified first.
    public func trash() throws -> [DocumentSummary] {
        try guarded { try store.documents(trashed: true).map(DocumentSummary.init) }
    }

    /// One document's summary.
    public func summary(_ id: String) throws -> DocumentSummary {
        try documents.summary(id)
    }

    /// Renames a document and tells its subscribers.
    public func rename(_ id: String, to name: String) throws -> DocumentSummary {
        try changeRecord(id) { DocumentSummary(try store.rename(id, to: name)) } event: { .renamed($0) }
    }

    /// Moves a document to the trash and tells its subscribers. It stays readable and
    /// editable by id; ``restore(_:)`` brings it back.
    public func delete(_ id: String) throws -> DocumentSummary {
        defer { textChanged(id) }
        return try changeRecord(id) { DocumentSummary(try store.setTrashed(id, true)) } event: { .deleted($0) }
    }

    /// Brings a document back from the trash.
    public func restore(_ id: String) throws -> DocumentSummary {
        defer { textChanged(id) }
        return try changeRecord(id) { DocumentSummary(try store.setTrashed(id, false)) } event: { .restored($0) }
    }

    private func changeRecord(_ id: String, _ change: () throws -> DocumentSummary,
                              event: (DocumentSummary) -> DocumentEvent) throws -> DocumentSummary {
        try documents.using(id) { entry in
            try entry.locked { _ in
                let summary = try change()
                notify(id, event(summary))
                return summary
            }
        }
    }

    /// A new document named `name` holding copies of pages `pages` (0-based, in that order)
    /// of document `id` in its current state, with their annotations and form fields.
    ///
    /// - Throws: ``ServiceError/unprocessable(_:)`` for a page out of range or named twice;
    ///   ``ServiceError/badRequest(_:)`` for no pages or a bad name.
    public func extractPages(_ id: String, pages: [Int], name: String) throws -> DocumentSummary {
        guard !pages.isEmpty else { throw ServiceError.badRequest("pages: name at least one page to extract") }
        guard pages.count <= documents.limits.maxPages else {
            throw RequestLimits.refusal("pages: extracting \(pages.count)", count: pages.count, limit: documents.limits.maxPages,
                                        of: .pages)
        }
        let data = try withDocument(id) { state in
            do {
                return try state.document.extractPages(pages)
            } catch PDFError.invalidArgument(let message) {
                throw ServiceError.unprocessable("pages: \(message)")
            }
        }
        return try importDocument(name: name, data: data)
    }

    /// Save as: a new document named `name` holding document `id`'s current state (unsaved
    /// edits included) as its first version, of the same kind. Document `id` is left as it
    /// is, its unsaved edits still unsaved.
    ///
    /// - Throws: ``ServiceError/notFound(_:)``, ``ServiceError/badRequest(_:)`` for a bad name.
    public func saveAs(_ id: String, name: String) throws -> DocumentSummary {
        let (data, kind, pageCount) = try withDocument(id) { state in
            (try state.document.dataRepresentation(), try store.document(id).kind, try state.document.pageCount)
        }
        return try guarded {
            DocumentSummary(try store.createDocument(name: name, kind: kind, pdf: data, pageCount: pageCount))
        }
    }
}

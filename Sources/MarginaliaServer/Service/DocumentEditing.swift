import Foundation
import Marginalia
import MarginaliaEditor

/// Edits of a document: a client's request (a command, an undo or a redo of its own steps)
/// applied and committed to the operation log, and what the editor reads of the current
/// state (pages, annotations, the log). Each document keeps one undo history, the engine's
/// `UndoHistory`, with a user per client (kept in the document's state).
public final class DocumentEditing: Sendable, ServicePart {
    let documents: OpenDocuments
    /// Builds the current file of a document pages are inserted from.
    let saving: DocumentSaving

    init(documents: OpenDocuments, saving: DocumentSaving) {
        self.documents = documents
        self.saving = saving
    }

    /// Applies a client's request to document `id` and logs what it applied.
    ///
    /// The entries are committed to the operation log before this returns; subscribers hear
    /// each one after that. Revisions go up by one per entry and are never reused. A request
    /// that fails changes nothing and logs nothing.
    ///
    /// Concurrent requests for one document share commits (group commit): each applies its
    /// change in memory and queues its entries under the document's state lock, then one
    /// committer writes everything queued in one transaction (one fsync) and answers them
    /// all. When that commit fails, every queued entry is taken back out of memory and each
    /// of those requests fails.
    ///
    /// Over a shared store, a base revision ahead of the copy in memory may be one another
    /// replica logged: the copy first catches up with the log, read under the document's
    /// lock in the store (so whatever is committed is seen), and only a base revision still
    /// ahead then is refused.
    ///
    /// With `author` (the signed-in user), the request is signed by them first
    /// (``ApplyRequest/signed(by:)``): no one can sign a change with another's name.
    ///
    /// - Returns: the new revision, the entries applied (none for an undo with nothing to
    ///   undo) and the entries after `request.baseRevision` that the client had not seen.
    /// - Throws: ``ServiceError/tooLarge(_:)`` when the request is over one of ``limits``;
    ///   ``ServiceError/conflict(_:)`` when `baseRevision` is ahead of every logged revision;
    ///   ``ServiceError/unprocessable(_:)`` when the change does not fit the document;
    ///   ``ServiceError/forbidden(_:)`` when its certification does not allow it;
    ///   ``ServiceError/notFound(_:)``, ``ServiceError/badRequest(_:)``.
    public func apply(_ id: String, _ request: ApplyRequest, signedInAs author: String? = nil) throws -> ApplyResult {
        let request = author.map(request.signed(by:)) ?? request
        try request.validateClientID()
        try documents.limits.check(request.change)
        return try documents.apply(id, try withUploadedSource(id, request))
    }

    /// Applies a request body as the spec's `POST …/commands` (or `…/operations`) gives it,
    /// signed by the signed-in user when there is one (``ApplyRequest/signed(by:)``).
    public func apply(_ id: String, body: Data, signedInAs author: String? = nil) throws -> ApplyResult {
        try apply(id, try ApplyRequest.decode(body), signedInAs: author)
    }

    /// The log entries of document `id` after revision `after`, with its revision.
    public func operations(_ id: String, after: Int) throws -> OperationLog {
        guard after >= 0 else { throw ServiceError.badRequest("after: expected a revision (0 or more)") }
        // What memory holds is taken under the state lock; a tail it no longer holds is read
        // from the store after it, so that a client far behind never holds up the document's
        // edits while the log is read and decoded.
        let (revision, held) = try withDocument(id) { state in (state.revision, state.recent.entries(after: after, upTo: state.revision)) }
        return OperationLog(revision: revision, operations: try held ?? OpenDocuments.storedEntries(store, id, after: after, upTo: revision))
    }

    /// The pages of document `id` in its current state: every page's boxes, rotation and label,
    /// read without the pages' annotations and with the labels read once
    /// (``PDFDocument/pageGeometry(in:)``).
    public func pages(_ id: String) throws -> [PageInfo] {
        try withDocument(id) { state in
            try state.document.pageGeometry(in: 0..<state.document.pageCount).map(PageInfo.init)
        }
    }

    /// The annotations of one page (0-based), or of every page when `page` is nil.
    ///
    /// - Throws: ``ServiceError/unprocessable(_:)`` when the page is out of range.
    public func annotations(_ id: String, page: Int? = nil) throws -> AnnotationList {
        try annotations(id, pages: page.map { $0...$0 })
    }

    /// The annotations of pages `pages` (0-based, both ends included), in page order, or of
    /// every page when `pages` is nil; the revision is the one they were read at, so a client
    /// that asks for a document's pages in several requests sees which state each part is of.
    ///
    /// - Throws: ``ServiceError/unprocessable(_:)`` when a page of the range is past the last
    ///   page, naming the page count.
    public func annotations(_ id: String, pages: ClosedRange<Int>?) throws -> AnnotationList {
        try withDocument(id) { state in
            let count = try state.document.pageCount
            let wanted = pages ?? 0...max(count - 1, 0)
            if let pages, pages.upperBound >= count {
                let past = pages.lowerBound >= count ? pages.lowerBound : pages.upperBound
                throw ServiceError.unprocessable(OperationError.pageOutOfRange(past, pageCount: count).description)
            }
            let all = count == 0 ? [] : try wanted.flatMap { try state.document.annotations(onPage: $0) }
            return AnnotationList(revision: state.revision, annotations: all)
        }
    }
}

import Foundation
import PDFCore

extension PDFDocument {
    /// Copies pages (0-based `indexes`, in that order) of `source`, or of this document when
    /// `source` is nil (duplicating), so that the first copy becomes page `index`.
    ///
    /// The copies come with their content, resources, annotations and form fields: see
    /// ``PageCopier`` for what is shared and what is copied, and how copied fields are named.
    /// Every copied annotation gets a new id (`/NM`): the ones given in `annotationIDs` (in
    /// page order, then `/Annots` order; there must be exactly one per copied annotation), or
    /// new UUIDs. Giving the ids a first copy returned makes a second copy of the same state
    /// identical, which is how a logged copy is replayed.
    ///
    /// - Returns: the ids given to the copied annotations, in that order.
    /// - Throws: ``PDFError/invalidArgument(_:)`` for a page out of range, a page named twice,
    ///   an `index` out of range or ids that do not match the annotations; reading errors.
    @discardableResult
    public func copyPages(_ indexes: [Int], from source: PDFDocument? = nil, at index: Int,
                          annotationIDs: [String]? = nil) throws -> [String] {
        try separateSharedPages(walking: true)
        var copier = PageCopier(from: source ?? self, to: self)
        return try copier.copy(indexes, at: index, annotationIDs: annotationIDs)
    }

    /// A new document holding copies of pages `indexes` (0-based, in that order), with their
    /// annotations and form fields, written compact. The outline, page labels and other
    /// document-wide parts are left out; this document is not changed.
    ///
    /// - Throws: ``PDFError/invalidArgument(_:)`` for a page out of range or named twice.
    public func extractPages(_ indexes: [Int]) throws -> Data {
        let extracted = try PDFDocument(source: try PDFFile.newDocument().source, limits: file.limits)
        try extracted.copyPages(indexes, from: self, at: 0)
        return try extracted.dataRepresentation(options: PDFWriteOptions(mode: .compact))
    }
}

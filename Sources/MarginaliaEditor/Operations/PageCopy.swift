import Foundation
import Marginalia

/// Pages copied into a document as one step (``EditorOperation/copyPages(_:)``): duplicated
/// from the document itself, or inserted from a file uploaded for it.
///
/// A copy is applied once from its source; what it made is recorded (the ids of the copied
/// annotations, the new page objects), so that replaying the log makes the same annotations
/// and undoing removes exactly these pages. Undo and redo never go back to the source: undo
/// removes the page objects (they stay in the file), redo restores them.
public struct PageCopy: Equatable, Sendable {
    /// The pages copied (0-based in the source, in this order).
    public var pages: [Int]
    /// The number of the upload the pages come from, or nil for the document itself.
    public var upload: Int?
    /// Where the first copy goes (0-based in the target before the copy).
    public var index: Int
    /// The ids given to the copied annotations (page order, then `/Annots` order); nil before
    /// the first application, which makes new ones.
    public var annotationIDs: [String]?
    /// The object numbers of the new pages, filled in when applied.
    public var pageObjects: [Int]?

    public init(pages: [Int], upload: Int? = nil, index: Int, annotationIDs: [String]? = nil, pageObjects: [Int]? = nil) {
        self.pages = pages
        self.upload = upload
        self.index = index
        self.annotationIDs = annotationIDs
        self.pageObjects = pageObjects
    }
}

/// Opens the upload with a given number for a copy (the server reads it from its store).
public typealias UploadReader = (Int) throws -> PDFDocument

extension PageCopy {
    /// Copies the pages into `document` and returns the copy as applied.
    ///
    /// - Throws: ``OperationError/invalid(_:)`` when the copy comes from an upload and there
    ///   is no `uploads` reader; reading errors; ``PDFError/invalidArgument(_:)`` for pages
    ///   out of range.
    func apply(to document: PDFDocument, uploads: UploadReader?) throws -> PageCopy {
        let source: PDFDocument?
        if let upload {
            guard let uploads else { throw OperationError.invalid("pages from upload \(upload) cannot be copied here (no uploads to read)") }
            source = try uploads(upload)
        } else {
            source = nil
        }
        let ids = try document.copyPages(pages, from: source, at: index, annotationIDs: annotationIDs)
        var applied = self
        applied.annotationIDs = ids
        applied.pageObjects = try (index..<(index + pages.count)).map { try document.page(at: $0, readingAnnotations: false).reference.number }
        return applied
    }

    /// The removal of the copies, last first (its pages can be restored: that is the redo).
    var removal: EditorOperation {
        let removals = (0..<pages.count).reversed().map { offset in
            EditorOperation.removePage(index: index + offset, pageObject: pageObjects?[offset])
        }
        return .group(name: "remove copied pages", removals)
    }
}

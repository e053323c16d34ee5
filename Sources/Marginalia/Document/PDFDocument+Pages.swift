import Foundation
import PDFCore

extension PDFDocument {
    /// Inserts a blank page of `size` points so that it becomes page `index` (0-based;
    /// `pageCount` appends).
    ///
    /// - Throws: ``PDFError/invalidArgument(_:)`` for an index out of range or a size that
    ///   is not positive and finite.
    public func insertBlankPage(size: CGSize, at index: Int) throws {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0,
              size.width <= 14_400, size.height <= 14_400
        else {
            throw PDFError.invalidArgument("page size \(size.width)x\(size.height) is not between 1 and 14400 points")
        }
        let count = try pageCount
        guard index >= 0 && index <= count else {
            throw PDFError.invalidArgument("cannot insert at page \(index + 1): the document has \(count) pages")
        }
        try separateSharedPages(walking: true)
        var page = PDFDictionary()
        page["Type"] = .name("Page")
        page["MediaBox"] = [0, 0, .real(Double(size.width)), .real(Double(size.height))]
        page["Resources"] = .dictionary(PDFDictionary())
        let reference = file.add(.dictionary(page))
        try pageTree.insert(reference, at: index)
        annotationIndexes.removeAll()
    }

    /// Copies pages of `other` (0-based `indexes`, in that order) into this document, the
    /// first becoming page `index`: ``copyPages(_:from:at:annotationIDs:)`` from another
    /// document.
    public func insertPages(from other: PDFDocument, indexes: [Int], at index: Int) throws {
        try copyPages(indexes, from: other, at: index)
    }

    /// Removes the page at `index` and returns its object, which stays in the file until a
    /// compact rewrite, so ``reinsertPage(_:at:)`` can put it back (undo).
    @discardableResult
    public func removePage(at index: Int) throws -> PDFReference {
        let count = try pageCount
        guard count > 1 else {
            throw PDFError.invalidArgument("cannot remove the only page: a document needs at least one page")
        }
        try separateSharedPages(walking: true)
        // The page keeps what it inherited, so putting it back anywhere looks the same.
        try pageTree.materializeInheritedAttributes(of: try pageTree.page(at: index).reference)
        let reference = try pageTree.remove(at: index)
        annotationIndexes.removeAll()
        return reference
    }

    /// Puts a page object removed by ``removePage(at:)`` back at `index`.
    public func reinsertPage(_ reference: PDFReference, at index: Int) throws {
        guard case .dictionary(let page) = try file.object(for: reference), page.type == "Page" else {
            throw PDFError.invalidArgument("object \(reference.number) is not a page")
        }
        try separateSharedPages(walking: true)
        try pageTree.insert(reference, at: index)
        annotationIndexes.removeAll()
    }

    /// Moves the page at `from` so that it ends up at `to` (both 0-based, in the document
    /// as it is before the move).
    public func movePage(from: Int, to: Int) throws {
        let count = try pageCount
        guard from >= 0, from < count, to >= 0, to < count else {
            throw PDFError.invalidArgument("cannot move page \(from + 1) to \(to + 1): the document has \(count) pages")
        }
        guard from != to else { return }
        try separateSharedPages(walking: true)
        let reference = try pageTree.page(at: from).reference
        try pageTree.materializeInheritedAttributes(of: reference)
        try pageTree.remove(at: from)
        try pageTree.insert(reference, at: to)
        annotationIndexes.removeAll()
    }

    /// Rotates the page at `index` by `degrees` clockwise (a multiple of 90, may be negative).
    public func rotatePage(at index: Int, by degrees: Int) throws {
        guard degrees % 90 == 0 else {
            throw PDFError.invalidArgument("rotation \(degrees) is not a multiple of 90 degrees")
        }
        try separateSharedPages()
        let page = try self.page(at: index)
        // Edit the stored dictionary, not the snapshot (whose boxes are resolved copies).
        guard var dictionary = try file.dictionary(.reference(page.reference)) else {
            throw PDFError.invalidObject(page.reference, message: "page \(index + 1) is not a dictionary")
        }
        dictionary["Rotate"] = .integer((((page.rotation + degrees % 360) % 360) + 360) % 360)
        file.update(page.reference, with: .dictionary(dictionary))
    }
}

extension PDFDocument {
    /// Puts back the file's change set as it was at `mark` (``PDFFile/markChanges()``), before
    /// edits that were then taken back by their inverses, gives the mark back, and forgets what
    /// was derived from the objects since: the inverses put an erased annotation back under a
    /// new object number, which the restored change set no longer holds, so the annotation
    /// indexes and the page tree's order are read again from the file.
    public func restoreChanges(_ mark: PDFFile.ChangeMark) {
        file.restoreChanges(mark)
        annotationIndexes.removeAll()
        pageTree.invalidate()
    }
}

import Foundation
import Marginalia

/// Why an operation could not be applied; the document is then unchanged.
public enum OperationError: Error, Equatable, CustomStringConvertible {
    case annotationNotFound(id: String, page: Int)
    case pageOutOfRange(Int, pageCount: Int)
    case invalid(String)

    public var description: String {
        switch self {
        case .annotationNotFound(let id, let page): return "no annotation with id \(id) on page \(page + 1)"
        case .pageOutOfRange(let page, let count): return "page \(page + 1) is out of range (the document has \(count) pages)"
        case .invalid(let message): return message
        }
    }
}

extension EditorOperation {
    /// Applies the operation to `document` and returns it as applied (a page removal learns
    /// which page object it removed, so its inverse can restore it, and an annotation's
    /// removal the object it left in the file; a page copy, the ids and page objects it made).
    ///
    /// How what it adds and changes is dated (`/M`) is `dating`'s: a change made now is dated
    /// now, and the operation returned carries that date, so the log keeps it; an entry
    /// replayed from the log writes the dates it carries, so every replica, and a restart,
    /// replaying the same log writes the same bytes (``OperationDating``).
    ///
    /// - Parameters:
    ///   - uploads: opens the uploads that page copies come from (only a copy that has not
    ///     been applied yet, or is replayed from the log, reads one).
    ///   - dating: a change made now (the default), or a log entry replayed.
    /// - Throws: ``OperationError`` or ``PDFError``; a group that fails midway undoes the
    ///   part it applied, so the document is unchanged.
    @discardableResult
    public func apply(to document: PDFDocument, uploads: UploadReader? = nil, dating: OperationDating = .made(Date())) throws -> EditorOperation {
        switch self {
        case .addAnnotation(let annotation, let object):
            let page = try Self.page(of: annotation, in: document)
            var dated = annotation
            dated.modificationDate = dating.dateOfAddition(carried: annotation.modificationDate)
            // The rect as written: an ink's, a line's or a markup's covers its drawing, worked
            // out when its appearance is (a stroke comes without one; clients box it by this).
            let stored = try document.addAnnotation(dated, toPage: page, restoring: object)
            return .addAnnotation(dated.taking(fileState: stored), annotationObject: object)
        case .removeAnnotation(let annotation, _):
            let page = try Self.page(of: annotation, in: document)
            guard try document.annotation(id: annotation.id, onPage: page) != nil else {
                throw OperationError.annotationNotFound(id: annotation.id, page: page)
            }
            return .removeAnnotation(annotation, annotationObject: try document.removeAnnotation(id: annotation.id, onPage: page))
        case .changeAnnotation(let before, let after):
            let page = try Self.page(of: after, in: document)
            guard var stored = try document.annotation(id: after.id, onPage: page) else {
                throw OperationError.annotationNotFound(id: after.id, page: page)
            }
            stored.kind = after.kind
            stored.rect = after.rect
            stored.color = after.color
            stored.interiorColor = after.interiorColor
            stored.opacity = after.opacity
            stored.border = after.border
            stored.contents = after.contents
            stored.author = after.author
            stored.subject = after.subject
            stored.flags = after.flags
            stored.inReplyTo = after.inReplyTo
            stored.replyType = after.replyType
            stored.state = after.state
            let modified = dating.dateOfChange(carried: after.modificationDate)
            stored.modificationDate = modified
            var written = after.taking(fileState: try document.updateAnnotation(stored, modified: modified))
            written.modificationDate = modified
            return .changeAnnotation(before: before, after: written)
        case .arrangeAnnotation(let id, let page, _, let to):
            let count = try document.pageCount
            guard page >= 0 && page < count else { throw OperationError.pageOutOfRange(page, pageCount: count) }
            guard try document.annotation(id: id, onPage: page) != nil else { throw OperationError.annotationNotFound(id: id, page: page) }
            let moved = try document.moveAnnotation(id: id, onPage: page, to: to)
            return .arrangeAnnotation(id: id, pageIndex: page, from: moved.from, to: moved.to)
        case .insertPage(let index, let width, let height):
            let count = try document.pageCount
            guard index >= 0 && index <= count else { throw OperationError.pageOutOfRange(index, pageCount: count) }
            try document.insertBlankPage(size: CGSize(width: width, height: height), at: index)
            return self
        case .removePage(let index, _):
            let count = try document.pageCount
            guard index >= 0 && index < count else { throw OperationError.pageOutOfRange(index, pageCount: count) }
            let removed = try document.removePage(at: index)
            return .removePage(index: index, pageObject: removed.number)
        case .restorePage(let index, let object):
            let count = try document.pageCount
            guard index >= 0 && index <= count else { throw OperationError.pageOutOfRange(index, pageCount: count) }
            try document.reinsertPage(PDFReference(object, document.file.generation(of: object)), at: index)
            return self
        case .rotatePage(let index, let degrees):
            let count = try document.pageCount
            guard index >= 0 && index < count else { throw OperationError.pageOutOfRange(index, pageCount: count) }
            try document.rotatePage(at: index, by: degrees)
            return self
        case .movePage(let from, let to):
            let count = try document.pageCount
            for index in [from, to] where index < 0 || index >= count {
                throw OperationError.pageOutOfRange(index, pageCount: count)
            }
            try document.movePage(from: from, to: to)
            return self
        case .copyPages(let copy):
            return .copyPages(try copy.apply(to: document, uploads: uploads))
        case .fillField(let name, _, let after):
            // Type checks, read-only and locked fields are the form's: a refusal is a
            // FormError naming the field, and nothing changes.
            try document.setValue(after, forField: name)
            return self
        case .group(let name, let operations):
            var applied: [EditorOperation] = []
            do {
                for operation in operations { applied.append(try operation.apply(to: document, uploads: uploads, dating: dating)) }
            } catch {
                for operation in applied.reversed() { _ = try? operation.inverse.apply(to: document, dating: .replayed(Date())) }
                throw error
            }
            return .group(name: name, applied)
        }
    }

    private static func page(of annotation: PDFAnnotation, in document: PDFDocument) throws -> Int {
        guard let page = annotation.pageIndex else { throw OperationError.invalid("annotation \(annotation.id) has no pageIndex") }
        let count = try document.pageCount
        guard page >= 0 && page < count else { throw OperationError.pageOutOfRange(page, pageCount: count) }
        return page
    }
}

/// How ``EditorOperation/apply(to:uploads:dating:)`` dates the annotations it adds and changes
/// (`/M`, ``PDFAnnotation/modificationDate``).
public enum OperationDating: Sendable, Equatable {
    /// A change made at this time: a changed annotation is dated by it whatever date it
    /// carried (a restyle, a move or an unlock copies the date of the annotation it changes);
    /// an added one keeps the date it carries, or is dated by it.
    case made(Date)
    /// An operation applied again as it was made: a log entry recorded at this time replayed,
    /// an autosave recovered, an entry put back on a caught-up state, a rollback. Each
    /// annotation keeps the date it carries (the one its change was made with, which the log
    /// kept), and one that carries none is dated by this time (a log entry's, which every
    /// replica reads the same).
    case replayed(Date)

    /// The date an added annotation that carries `carried` is written with.
    func dateOfAddition(carried: Date?) -> Date {
        switch self {
        case .made(let time), .replayed(let time): return carried ?? time
        }
    }

    /// The date a changed annotation whose new state carries `carried` is written with.
    func dateOfChange(carried: Date?) -> Date {
        switch self {
        case .made(let time): return time
        case .replayed(let time): return carried ?? time
        }
    }
}

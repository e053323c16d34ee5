import Foundation
import Marginalia

/// A change the editor makes to a document, as data: applied locally, logged and broadcast
/// by the server, and undone through its ``inverse`` (docs/operations.md). Its JSON is
/// written by hand (EditorOperation+JSON.swift): the operation log's format, version 2.
///
/// Operations are the log's internal steps: clients send commands (``EditorCommand``), never
/// operations, so none of these (restoring a page object, say) can be asked for directly.
///
/// Annotations travel as the project's annotation JSON objects. Operations refer to
/// annotations by id (`/NM`) and to pages by 0-based index at the time they apply.
public indirect enum EditorOperation: Codable, Equatable, Sendable {
    /// Adds an annotation to a page (its `pageIndex` says which). `annotationObject`, on an
    /// undone removal, is the object the removal left in the file: put back when it still
    /// holds the annotation with another application's drawing
    /// (``PDFDocument/addAnnotation(_:toPage:restoring:)``).
    case addAnnotation(PDFAnnotation, annotationObject: Int? = nil)
    /// Removes an annotation; the whole annotation is carried so the inverse can restore it.
    /// `annotationObject` is filled in when applied: the object the removal left in the file
    /// (one another application drew, ``PDFDocument/removeAnnotation(id:onPage:)``), so the
    /// inverse puts back the same object, drawing and all.
    case removeAnnotation(PDFAnnotation, annotationObject: Int? = nil)
    /// Replaces an annotation's properties (same id and page).
    case changeAnnotation(before: PDFAnnotation, after: PDFAnnotation)
    /// Moves an annotation from position `from` to `to` in its page's `/Annots` (what draws
    /// over what: 0 is the bottom).
    case arrangeAnnotation(id: String, pageIndex: Int, from: Int, to: Int)
    /// Inserts a blank page.
    case insertPage(index: Int, width: Double, height: Double)
    /// Removes a page. `pageObject` is the removed page's object number, filled in when
    /// applied, so the inverse puts the same page (content and annotations) back.
    case removePage(index: Int, pageObject: Int?)
    /// Puts a removed page object back (the inverse of a removal).
    case restorePage(index: Int, pageObject: Int)
    /// Turns a page clockwise by `degrees` (a multiple of 90; negative turns back).
    case rotatePage(index: Int, degrees: Int)
    /// Moves the page at `from` so that it ends up at `to`.
    case movePage(from: Int, to: Int)
    /// Inserts copies of pages, of the document itself or of an upload (``PageCopy``).
    case copyPages(PageCopy)
    /// Sets the value of the form field with this fully qualified name (its widgets'
    /// appearances are redrawn); `before` is the value it had, for the inverse.
    case fillField(name: String, before: FormValue, after: FormValue)
    /// Several operations as one user action, applied in order and undone in reverse.
    case group(name: String, [EditorOperation])

    /// The operation that undoes this one.
    public var inverse: EditorOperation {
        switch self {
        case .addAnnotation(let a, let object): return .removeAnnotation(a, annotationObject: object)
        case .removeAnnotation(let a, let object): return .addAnnotation(a, annotationObject: object)
        case .changeAnnotation(let before, let after): return .changeAnnotation(before: after, after: before)
        case .arrangeAnnotation(let id, let page, let from, let to): return .arrangeAnnotation(id: id, pageIndex: page, from: to, to: from)
        case .insertPage(let index, _, _): return .removePage(index: index, pageObject: nil)
        case .removePage(let index, let object):
            // A removal that was never applied has nothing to restore: re-inserting a blank
            // page of an unknown size is not an inverse, so it restores nothing.
            guard let object else { return .group(name: "nothing to restore", []) }
            return .restorePage(index: index, pageObject: object)
        case .restorePage(let index, let object): return .removePage(index: index, pageObject: object)
        case .rotatePage(let index, let degrees): return .rotatePage(index: index, degrees: -degrees)
        case .movePage(let from, let to): return .movePage(from: to, to: from)
        case .copyPages(let copy): return copy.removal
        case .fillField(let name, let before, let after): return .fillField(name: name, before: after, after: before)
        case .group(let name, let operations): return .group(name: name, operations.reversed().map(\.inverse))
        }
    }

    /// A short description for the UI ("Undo add ink").
    public var name: String {
        switch self {
        case .addAnnotation(let a, _): return "add \(AnnotationJSON.typeName(of: a))"
        case .removeAnnotation(let a, _): return "remove \(AnnotationJSON.typeName(of: a))"
        case .changeAnnotation(_, let after): return "change \(AnnotationJSON.typeName(of: after))"
        case .arrangeAnnotation: return "arrange"
        case .insertPage: return "insert page"
        case .removePage: return "remove page"
        case .restorePage: return "restore page"
        case .rotatePage: return "rotate page"
        case .movePage: return "move page"
        case .copyPages(let copy): return copy.pages.count == 1 ? "copy page" : "copy pages"
        case .fillField(let name, _, _): return "fill \(name)"
        case .group(let name, _): return name
        }
    }
}

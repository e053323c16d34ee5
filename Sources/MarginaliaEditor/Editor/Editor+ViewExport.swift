import Foundation
import Marginalia

// "Export view as PDF" (seed 004's screenshot to PDF): the part of the current page the view
// shows, as a one-page vector PDF the engine makes from the page and the view rectangle.

extension Editor {
    /// The part of page `index` inside the view, in page space, clipped to the page's crop
    /// box (``EditorEngine/visiblePageRect(_:)``); nil when none of it shows.
    public func visiblePageRect(_ index: Int) -> CGRect? {
        engine.visiblePageRect(index)
    }

    /// The visible part of the current page as a one-page vector PDF, annotations burned in
    /// (``PDFDocument/regionPDF(page:rect:)``); unsaved edits are included, nothing is saved.
    ///
    /// - Throws: ``OperationError`` when no page is in view.
    public func visibleAreaPDF() throws -> Data {
        guard let (page, rect) = engine.visibleArea else { throw OperationError.invalid("no page is in view") }
        return try session.document.regionPDF(page: page, rect: rect)
    }
}

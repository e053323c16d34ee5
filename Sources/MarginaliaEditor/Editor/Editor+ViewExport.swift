import Foundation
import Marginalia

// "Export view as PDF" (seed 004's screenshot to PDF): the part of the current page the view
// shows, as a one-page vector PDF the engine makes from the page and the view rectangle.

extension Editor {
    /// The part of page `index` inside the view, in page space (the view's corners through
    /// the one view transform, clipped to the page's crop box); nil when none of it shows.
    public func visiblePageRect(_ index: Int) -> CGRect? {
        guard index >= 0, index < viewport.pages.count else { return nil }
        let size = viewport.viewSize
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: size.width, y: 0), CGPoint(x: 0, y: size.height),
                       CGPoint(x: size.width, y: size.height)].map { viewport.convert($0, toPage: index) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        let seen = CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).intersection(engine.pageBounds(index))
        return seen.isNull || seen.width < 1 || seen.height < 1 ? nil : seen
    }

    /// The visible part of the current page as a one-page vector PDF, annotations burned in
    /// (``PDFDocument/regionPDF(page:rect:)``); unsaved edits are included, nothing is saved.
    ///
    /// - Throws: ``OperationError`` when no page is in view.
    public func visibleAreaPDF() throws -> Data {
        guard let page = viewport.currentPage, let rect = visiblePageRect(page) else {
            throw OperationError.invalid("no page is in view")
        }
        return try session.document.regionPDF(page: page, rect: rect)
    }
}

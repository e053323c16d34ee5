#if !hasFeature(Embedded)
import Foundation
#endif

// "Export view as PDF" (seed 004's screenshot to PDF): which part of a page the view shows.
// The native editor (Editor.visibleAreaPDF) and the browser (the bridge's `visibleArea`) both
// ask this, and the server's `GET …/view-pdf` makes the PDF of the rect.

extension EditorEngine {
    /// The part of page `index` inside the view, in page space (the view's corners through
    /// the one view transform, clipped to the page's crop box); nil when none of it shows.
    public func visiblePageRect(_ index: Int) -> CGRect? {
        guard index >= 0, index < viewport.pages.count else { return nil }
        let size = viewport.viewSize
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: size.width, y: 0), CGPoint(x: 0, y: size.height),
                       CGPoint(x: size.width, y: size.height)].map { viewport.convert($0, toPage: index) }
        let xs = corners.map { $0.x }, ys = corners.map { $0.y }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        let seen = CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).intersection(pageBounds(index))
        return seen.isNull || seen.width < 1 || seen.height < 1 ? nil : seen
    }

    /// The current page and the part of it the view shows, or nil when no page is in view.
    public var visibleArea: (pageIndex: Int, rect: CGRect)? {
        guard let page = viewport.currentPage, let rect = visiblePageRect(page) else { return nil }
        return (page, rect)
    }
}

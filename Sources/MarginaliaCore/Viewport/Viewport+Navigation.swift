#if !hasFeature(Embedded)
import Foundation
#endif

// Navigation keeps a page point under a view point: it changes the zoom or rotation, then
// moves the content offset by the difference between where the page point landed and where
// it should be. The centring inset does not depend on the offset, so this is exact unless
// clamping to the content stops it.

extension Viewport {
    /// Sets the zoom (clamped) keeping the page point under `anchor` under it, as far as the
    /// content allows. In a gap, the nearest page's point (outside it) is kept instead.
    public mutating func zoom(to newZoom: CGFloat, anchor: CGPoint) {
        let anchor = finite(anchor) ?? viewCentre
        guard let index = nearestPage(to: anchor) else { zoom = newZoom; return }
        let pagePoint = convert(anchor, toPage: index)
        zoom = newZoom
        place(pagePoint, onPage: index, at: anchor)
    }

    /// Scrolls by `delta` view points (positive moves toward the end of the content),
    /// clamped to the content. A non-finite component is ignored.
    public mutating func scroll(by delta: CGPoint) {
        let dx = delta.x.isFinite ? delta.x : 0, dy = delta.y.isFinite ? delta.y : 0
        contentOffset = CGPoint(x: contentOffset.x + dx, y: contentOffset.y + dy)
    }

    /// Zooms so a page fills the view's width minus a gap on each side: the widest page in
    /// the continuous vertical layout, else the current page. The view centre stays anchored.
    public mutating func fitWidth() {
        guard let current = currentPage else { return }
        let width: CGFloat = layout == .continuousVertical
            ? pages.indices.map { displayedSize(ofPage: $0).width }.max() ?? 0
            : displayedSize(ofPage: current).width
        let available = viewSize.width - 2 * pageGap
        guard width > 0, available > 0 else { return }
        zoom(to: available / width, anchor: viewCentre)
    }

    /// The zoom a viewer opens a document at: the page's width fills the view (``fitWidth()``,
    /// the widest page in the continuous vertical layout) unless that would show less than
    /// the whole current page and zoom past ``automaticZoomLimit``; then the larger of that
    /// limit and the zoom that shows the whole current page. A wide window gets a readable
    /// page, not half of one at 200 %; a tablet in portrait, where the width and the whole
    /// page nearly agree, gets the whole page at about its width; a narrow window the width.
    public mutating func fitAutomatic() {
        guard let current = currentPage else { return }
        let widest = layout == .continuousVertical
            ? pages.indices.map { displayedSize(ofPage: $0).width }.max() ?? 0
            : displayedSize(ofPage: current).width
        let page = displayedSize(ofPage: current)
        let available = CGSize(width: viewSize.width - 2 * pageGap, height: viewSize.height - 2 * pageGap)
        guard widest > 0, page.width > 0, page.height > 0, available.width > 0, available.height > 0 else { return }
        let width = available.width / widest
        let whole = min(available.width / page.width, available.height / page.height)
        zoom(to: min(width, max(whole, Self.automaticZoomLimit)), anchor: viewCentre)
    }

    /// The largest zoom ``fitAutomatic()`` gives a page that does not fit whole at its width.
    public static let automaticZoomLimit: CGFloat = 1.25

    /// Zooms so the whole page fits in the view inside the gaps, then shows it.
    public mutating func fitPage(_ index: Int) {
        guard let index = clampedIndex(index) else { return }
        let size = displayedSize(ofPage: index)
        let available = CGSize(width: viewSize.width - 2 * pageGap, height: viewSize.height - 2 * pageGap)
        if size.width > 0, size.height > 0, available.width > 0, available.height > 0 {
            zoom = min(available.width / size.width, available.height / size.height)
        }
        showPage(index)
    }

    /// Brings a page into view: a single-page layout switches to it; continuous layouts scroll
    /// so its frame starts one gap from the view's top-left (clamped to the content).
    public mutating func showPage(_ index: Int) {
        guard let index = clampedIndex(index) else { return }
        if case .singlePage = layout {
            layout = .singlePage(index)
            contentOffset = .zero
            return
        }
        let origin = contentFrames[index].origin
        contentOffset = CGPoint(x: origin.x - pageGap, y: origin.y - pageGap)
    }

    // MARK: - Rotation

    /// Turns the view a quarter turn, keeping the page point at the view centre there.
    public mutating func rotateView(clockwise: Bool = true) {
        setViewRotation(viewRotation + (clockwise ? 90 : 270))
    }

    /// Sets the view rotation, keeping the page point at the view centre there.
    public mutating func setViewRotation(_ degrees: Int) {
        keepingCentre { $0.viewRotation = degrees }
    }

    /// Changes one page's /Rotate (after the document's page rotation changed), keeping the
    /// page point at the view centre there.
    public mutating func setRotation(_ degrees: Int, ofPage index: Int) {
        guard pages.indices.contains(index) else { return }
        keepingCentre { viewport in
            let page = viewport.pages[index]
            viewport.pages[index] = PageGeometry(size: page.size, origin: page.origin, rotation: degrees)
        }
    }

    // MARK: - Helpers

    /// Moves the content so `pagePoint` on page `index` lands on `viewPoint` (clamped).
    public mutating func place(_ pagePoint: CGPoint, onPage index: Int, at viewPoint: CGPoint) {
        let landed = convert(pagePoint, fromPage: index)
        guard landed.x.isFinite, landed.y.isFinite, viewPoint.x.isFinite, viewPoint.y.isFinite else { return }
        contentOffset = CGPoint(x: contentOffset.x + landed.x - viewPoint.x,
                                y: contentOffset.y + landed.y - viewPoint.y)
    }

    var viewCentre: CGPoint { CGPoint(x: viewSize.width / 2, y: viewSize.height / 2) }

    private mutating func keepingCentre(_ change: (inout Viewport) -> Void) {
        let centre = viewCentre
        guard let index = nearestPage(to: centre) else { change(&self); return }
        let pagePoint = convert(centre, toPage: index)
        change(&self)
        place(pagePoint, onPage: index, at: centre)
    }

    private func clampedIndex(_ index: Int) -> Int? {
        pages.isEmpty ? nil : min(max(index, 0), pages.count - 1)
    }

    private func finite(_ point: CGPoint) -> CGPoint? {
        point.x.isFinite && point.y.isFinite ? point : nil
    }
}

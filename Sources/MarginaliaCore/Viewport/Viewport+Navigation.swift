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

    /// Zooms so a row of pages fills the view's width minus a gap on each side: the widest
    /// page in the continuous vertical layout, the widest spread in the two-up layout, else
    /// the current page. The view centre stays anchored.
    public mutating func fitWidth() {
        guard let zoom = widthFittingZoom() else { return }
        self.zoom(to: zoom, anchor: viewCentre)
    }

    /// The zoom a viewer opens a document at: the width fills the view (``fitWidth()``)
    /// unless that would show less than the whole current page (or spread) and zoom past
    /// ``automaticZoomLimit``; then the larger of that limit and the zoom that shows the whole
    /// current page. A wide window gets a readable page, not half of one at 200 %; a tablet in
    /// portrait, where the width and the whole page nearly agree, gets the whole page at about
    /// its width; a narrow window the width.
    public mutating func fitAutomatic() {
        guard let current = currentPage, let width = widthFittingZoom(),
              let whole = wholeFittingZoom(of: layout.spread(containing: current, pageCount: pages.count)) else { return }
        zoom(to: min(width, max(whole, Self.automaticZoomLimit)), anchor: viewCentre)
    }

    /// The zoom at which the rows ``fitWidth()`` considers fit the view's width inside the
    /// gaps (the gaps between the pages of a spread do not scale), or nil without room or pages.
    private func widthFittingZoom() -> CGFloat? {
        guard let current = currentPage else { return nil }
        let rows: [Range<Int>]
        switch layout {
        case .continuousVertical: rows = pages.indices.map { $0..<$0 + 1 }
        case .twoUp: rows = layout.spreads(pageCount: pages.count)
        case .singlePage, .horizontal: rows = [current..<current + 1]
        }
        let fits: [CGFloat] = rows.compactMap { row in
            let width = row.reduce(0) { $0 + displayedSize(ofPage: $1).width }
            let available = viewSize.width - 2 * pageGap - CGFloat(row.count - 1) * pageGap
            return width > 0 && available > 0 ? available / width : nil
        }
        return fits.min()
    }

    /// The zoom that shows the whole `row` of pages (side by side, one gap apart) inside the
    /// gaps, or nil without room.
    private func wholeFittingZoom(of row: Range<Int>) -> CGFloat? {
        let width = row.reduce(0) { $0 + displayedSize(ofPage: $1).width }
        let height = row.map { displayedSize(ofPage: $0).height }.max() ?? 0
        let available = CGSize(width: viewSize.width - CGFloat(row.count + 1) * pageGap, height: viewSize.height - 2 * pageGap)
        guard width > 0, height > 0, available.width > 0, available.height > 0 else { return nil }
        return min(available.width / width, available.height / height)
    }

    /// The largest zoom ``fitAutomatic()`` gives a page that does not fit whole at its width.
    public static let automaticZoomLimit: CGFloat = 1.25

    /// Zooms so the whole page (in the two-up layout, its spread) fits in the view inside
    /// the gaps, then shows it.
    public mutating func fitPage(_ index: Int) {
        guard let index = clampedIndex(index) else { return }
        if let zoom = wholeFittingZoom(of: layout.spread(containing: index, pageCount: pages.count)) { self.zoom = zoom }
        showPage(index)
    }

    /// Brings a page into view: a single-page layout switches to it; continuous layouts scroll
    /// so its frame (in the two-up layout, its spread's) starts one gap from the view's
    /// top-left (clamped to the content).
    public mutating func showPage(_ index: Int) {
        guard let index = clampedIndex(index) else { return }
        if case .singlePage = layout {
            layout = .singlePage(index)
            contentOffset = .zero
            return
        }
        let row = layout.spread(containing: index, pageCount: pages.count).map { contentFrames[$0] }
        let origin = CGPoint(x: row.map { $0.minX }.min() ?? 0, y: row.map { $0.minY }.min() ?? 0)
        contentOffset = CGPoint(x: origin.x - pageGap, y: origin.y - pageGap)
    }

    /// Turns to the next page (`forward`) or the previous one, as a reader's page keys and
    /// swipes do: the single-page layout shows the page after or before the one it shows, the
    /// two-up layout brings the next or previous spread into view, the continuous layouts the
    /// page after or before the current one. Returns whether anything changed (false on the
    /// last page going forward, the first going back, or without pages).
    @discardableResult
    public mutating func turnPage(forward: Bool) -> Bool {
        guard let current = currentPage else { return false }
        let row = layout.spread(containing: current, pageCount: pages.count)
        let target = forward ? row.upperBound : row.lowerBound - 1
        guard pages.indices.contains(target) else { return false }
        let (layoutBefore, offsetBefore) = (layout, contentOffset)
        showPage(target)
        return layout != layoutBefore || contentOffset != offsetBefore
    }

    /// A finger swiped sideways by `dx` view points (``InputRouter/Action/swipe(dx:)``): the
    /// single-page layout turns to the next page on a swipe to the left and to the previous
    /// one on a swipe to the right, once the page is scrolled to its edge that way (a zoomed-in
    /// page pans to its edge first, as a photo viewer does). Other layouts have scrolled under
    /// the finger and turn nothing. Returns whether the page turned.
    public mutating func turnPage(swipedBy dx: CGFloat) -> Bool {
        guard case .singlePage = layout, dx.isFinite, dx != 0 else { return false }
        let forward = dx < 0
        let atEdge = forward ? contentOffset.x >= contentSize.width - viewSize.width - 0.5 : contentOffset.x <= 0.5
        return atEdge && turnPage(forward: forward)
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

#if !hasFeature(Embedded)
import Foundation
#endif

// The one transform. With Foundation's row-vector convention (`a.appending(b)` is "a, then
// b"), for page i with CropBox origin (ox, oy), size (w, h), effective rotation r (clockwise)
// and frame origin F in view space:
//
//     pageToView = T(-ox, -oy) · S(1, -1) · T(0, h) · R(r) · T(shift(r)) · S(zoom) · T(F)
//
// T(-ox,-oy)·S(1,-1)·T(0,h) turns page space into the unrotated page with a top-left origin
// and y down. R(r) is `AffineTransform.rotation(degrees: r)`, which in a y-down space turns
// clockwise on screen, as viewers show /Rotate. shift(r) brings the rotated page back to the
// positive quadrant: (0,0), (h,0), (w,h), (0,w) for r = 0, 90, 180, 270. F is the page's
// content frame origin - contentOffset + centringInset.

extension Viewport {
    /// The transform from page `index`'s page space to view space.
    ///
    /// An index outside the pages gives the transform of a zero-size page at the content's
    /// origin, so callers never see NaN.
    public func pageToView(_ index: Int) -> AffineTransform {
        let frame = frame(ofPage: index)
        let origin = frame.isNull ? viewPoint(ofContentPoint: .zero) : frame.origin
        return unzoomedPageTransform(index)
            .appending(.scaling(zoom))
            .appending(.translation(x: origin.x, y: origin.y))
    }

    /// The transform from view space to page `index`'s page space (the inverse of
    /// ``pageToView(_:)``; zoom is never 0, so it always exists).
    public func viewToPage(_ index: Int) -> AffineTransform {
        pageToView(index).inverse ?? .identity
    }

    /// Page space to the page's displayed rectangle at zoom 1, origin top-left, y down.
    func unzoomedPageTransform(_ index: Int) -> AffineTransform {
        guard pages.indices.contains(index) else { return .scaling(x: 1, y: -1) }
        let page = pages[index]
        let (w, h) = (page.size.width, page.size.height)
        let rotation = effectiveRotation(ofPage: index)
        let shift: CGPoint = switch rotation {
        case 90: CGPoint(x: h, y: 0)
        case 180: CGPoint(x: w, y: h)
        case 270: CGPoint(x: 0, y: w)
        default: .zero
        }
        return AffineTransform.translation(x: -page.origin.x, y: -page.origin.y)
            .appending(.scaling(x: 1, y: -1))
            .appending(.translation(x: 0, y: h))
            .appending(.rotation(degrees: CGFloat(rotation)))
            .appending(.translation(x: shift.x, y: shift.y))
    }

    // MARK: - Points

    /// A page point in view space.
    public func convert(_ point: CGPoint, fromPage index: Int) -> CGPoint {
        pageToView(index).transform(point)
    }

    /// A view point in page `index`'s page space, even when the point is outside that page
    /// (the engine keeps a stroke on the page it began on). Non-finite input stays non-finite.
    public func convert(_ viewPoint: CGPoint, toPage index: Int) -> CGPoint {
        viewToPage(index).transform(viewPoint)
    }

    /// The page under a view point and the point in its page space; nil in the gaps, outside
    /// the content, for non-finite points, and for pages a single-page layout does not show.
    /// Frames include their edges; where two frames touch (gap 0), the earlier page wins.
    public func convertToPage(_ viewPoint: CGPoint) -> (pageIndex: Int, point: CGPoint)? {
        guard viewPoint.x.isFinite, viewPoint.y.isFinite,
              let index = pageIndex(at: viewPoint) else { return nil }
        return (index, convert(viewPoint, toPage: index))
    }

    /// The page under a view point or, when the point lies in a gap or beside the content,
    /// the nearest shown page whose frame is at most `margin` view points away, with the point
    /// in that page's space (outside the page then: the caller clips to it). Nil farther away
    /// and for non-finite points. Of two pages equally near, the earlier wins.
    public func convertToPage(_ viewPoint: CGPoint, within margin: CGFloat) -> (pageIndex: Int, point: CGPoint)? {
        if let hit = convertToPage(viewPoint) { return hit }
        guard viewPoint.x.isFinite, viewPoint.y.isFinite, margin.isFinite, margin > 0 else { return nil }
        // Only the pages whose extent along the main axis comes within the margin can be near.
        let along = layout == .horizontal ? viewPoint.x : viewPoint.y
        var best: (index: Int, distance: CGFloat)?
        for index in shownPages(alongMainAxisFrom: along - margin, to: along + margin) {
            let distance = distance(from: viewPoint, to: frame(ofPage: index))
            if distance <= margin, distance < (best?.distance ?? .infinity) { best = (index, distance) }
        }
        guard let best else { return nil }
        return (best.index, convert(viewPoint, toPage: best.index))
    }

    /// The index of the shown page whose view frame contains `viewPoint`, edges included.
    public func pageIndex(at viewPoint: CGPoint) -> Int? {
        let along = layout == .horizontal ? viewPoint.x : viewPoint.y
        return shownPages(alongMainAxisFrom: along, to: along).first { index in
            let frame = frame(ofPage: index)
            return viewPoint.x >= frame.minX && viewPoint.x <= frame.maxX
                && viewPoint.y >= frame.minY && viewPoint.y <= frame.maxY
        }
    }

    // MARK: - Frames

    /// The page's rectangle in view space (after rotation, zoom, scroll and centring), or
    /// `.null` for an index outside the pages.
    public func frame(ofPage index: Int) -> CGRect {
        guard contentFrames.indices.contains(index) else { return .null }
        let content = contentFrames[index]
        return CGRect(origin: viewPoint(ofContentPoint: content.origin), size: content.size)
    }

    /// The page's rectangle in content coordinates (view points at the current zoom, before
    /// scroll and centring: where a viewer places the page in its scrolled content), or `.null`.
    public func contentFrame(ofPage index: Int) -> CGRect {
        contentFrames.indices.contains(index) ? contentFrames[index] : .null
    }

    /// The transform from page `index`'s page space to its frame (origin at the frame's
    /// top-left corner, zoom included): what a viewer draws the page's overlay with.
    public func pageToFrame(_ index: Int) -> AffineTransform {
        unzoomedPageTransform(index).appending(.scaling(zoom))
    }

    /// The pages whose frames overlap the view (by a positive area), in document order.
    public var visiblePages: [Int] {
        let bounds = CGRect(origin: .zero, size: viewSize)
        let length = layout == .horizontal ? viewSize.width : viewSize.height
        return shownPages(alongMainAxisFrom: 0, to: length).filter { index in
            let overlap = frame(ofPage: index).intersection(bounds)
            return !overlap.isNull && overlap.width > 0 && overlap.height > 0
        }
    }

    /// The page the user is looking at: the shown page under the view's centre, else the
    /// nearest shown page to it; nil without pages.
    public var currentPage: Int? {
        nearestPage(to: CGPoint(x: viewSize.width / 2, y: viewSize.height / 2))
    }

    /// The shown page containing `viewPoint` or, in a gap, the one whose frame is nearest.
    public func nearestPage(to viewPoint: CGPoint) -> Int? {
        if let hit = pageIndex(at: viewPoint) { return hit }
        return showablePages.min { a, b in
            distance(from: viewPoint, to: frame(ofPage: a)) < distance(from: viewPoint, to: frame(ofPage: b))
        }
    }

    /// Content coordinates to view coordinates: `content - contentOffset + centringInset`.
    func viewPoint(ofContentPoint point: CGPoint) -> CGPoint {
        let inset = centringInset
        return CGPoint(x: point.x - contentOffset.x + inset.x, y: point.y - contentOffset.y + inset.y)
    }

    private func distance(from point: CGPoint, to rect: CGRect) -> CGFloat {
        guard point.x.isFinite, point.y.isFinite else { return .infinity }
        let dx = max(rect.minX - point.x, 0, point.x - rect.maxX)
        let dy = max(rect.minY - point.y, 0, point.y - rect.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }
}

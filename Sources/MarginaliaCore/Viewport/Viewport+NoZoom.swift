#if !hasFeature(Embedded)
import Foundation
#endif

// ISO 32000-2, 12.5.3 (annotation flags): with NoZoom the appearance does not scale with
// magnification and with NoRotate it does not turn with the page's rotation; in both cases
// the upper-left corner of the annotation's /Rect stays fixed on the page. The upper-left
// corner is taken in page space, before /Rotate: (minX, maxY).

extension Viewport {
    /// Where a NoZoom annotation (a sticky note, say) is drawn, in view space.
    ///
    /// The anchor is the /Rect's upper-left corner in page space, `(minX, maxY)`, mapped with
    /// ``pageToView(_:)``, so it follows the page through zoom, rotation and scroll. The size is
    /// the /Rect's size in points, as at zoom 1, whatever the zoom. Without `noRotate` the box
    /// turns with the page's effective rotation about the anchor (its upper-left corner is at
    /// the anchor after that turn: at 90° the anchor is the box's top-right corner, at 180°
    /// its bottom-right, at 270° its bottom-left); with `noRotate` it stays upright with its
    /// top-left corner at the anchor. The browser must compute exactly this.
    public func screenSize(forNoZoomAnnotation rect: CGRect, onPage index: Int,
                           noRotate: Bool = false) -> CGRect {
        guard let placement = noZoomPlacement(forRect: rect, onPage: index, noRotate: noRotate) else { return .null }
        return placement.transform(rect.standardized)
    }

    /// The transform that draws a NoZoom annotation's page-space drawing (its appearance, at
    /// one view point per page point) where ``screenSize(forNoZoomAnnotation:onPage:noRotate:)``
    /// puts it, in view space: `T(−minX, −maxY) · S(1, −1) · R(r) · T(anchor)`. Nil for a
    /// rect that is null or not finite.
    public func noZoomPlacement(forRect rect: CGRect, onPage index: Int, noRotate: Bool = false) -> AffineTransform? {
        guard !rect.isNull, rect.minX.isFinite, rect.maxY.isFinite,
              rect.width.isFinite, rect.height.isFinite else { return nil }
        let r = rect.standardized
        let anchor = convert(CGPoint(x: r.minX, y: r.maxY), fromPage: index)
        let rotation = noRotate ? 0 : effectiveRotation(ofPage: index)
        // Page space about the upper-left corner, y down, turned clockwise, put at the anchor.
        return AffineTransform.translation(x: -r.minX, y: -r.maxY)
            .appending(.scaling(x: 1, y: -1))
            .appending(.rotation(degrees: CGFloat(rotation)))
            .appending(.translation(x: anchor.x, y: anchor.y))
    }
}

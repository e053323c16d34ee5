#if !hasFeature(Embedded)
import Foundation
#endif

/// The geometry of moving and resizing a selection: how far a move may go before the
/// selection would leave its page, what rect a resize ends at (stamps and notes keep their
/// proportions), and the transform that carries an annotation's points along. The browser's
/// preview and the server's change use these same answers.
public enum SelectionGeometry {
    /// The smallest a resized annotation gets, in points.
    public static let minimumSize: CGFloat = 1

    /// (dx, dy) reduced so that `bounds` (the selection's union) moved by it stays inside
    /// `page` as far as its size allows (a selection larger than the page keeps its
    /// lower-left corner on the page).
    public static func clampedOffset(_ dx: CGFloat, _ dy: CGFloat, for bounds: CGRect, within page: CGRect?) -> (dx: CGFloat, dy: CGFloat) {
        guard dx.isFinite, dy.isFinite else { return (0, 0) }
        guard let page, !page.isNull, !bounds.isNull else { return (dx, dy) }
        var dx = dx, dy = dy
        let target = bounds.offsetBy(dx: dx, dy: dy)
        if target.minX < page.minX { dx += page.minX - target.minX }
        if target.maxX > page.maxX { dx -= min(target.maxX - page.maxX, max(0, target.minX - page.minX)) }
        if target.minY < page.minY { dy += page.minY - target.minY }
        if target.maxY > page.maxY { dy -= min(target.maxY - page.maxY, max(0, target.minY - page.minY)) }
        return (dx, dy)
    }

    /// The rect a resize of `old` towards `rect` gives: clipped to `page`, at least
    /// ``minimumSize``, and with `keepAspectRatio` scaled from its lower-left corner to fit
    /// `rect` with the old proportions. Nil when the rect is unusable (not finite, or
    /// nothing of it on the page).
    public static func resizedRect(from old: CGRect, to rect: CGRect, keepAspectRatio: Bool, within page: CGRect?) -> CGRect? {
        var target = rect.standardized
        guard [target.minX, target.minY, target.width, target.height].allSatisfy({ $0.isFinite }) else { return nil }
        if let page, !page.isNull { target = target.intersection(page) }
        guard !target.isNull, target.width >= minimumSize, target.height >= minimumSize else { return nil }
        if keepAspectRatio, old.width > 0, old.height > 0 {
            let scale = min(target.width / old.width, target.height / old.height)
            target = CGRect(x: target.minX, y: target.minY, width: old.width * scale, height: old.height * scale)
        }
        return target
    }

    /// The rect dragging corner `corner` (0 lower-left, then anticlockwise) of `rect` to
    /// `point` asks for: the opposite corner stays put. With `keepAspectRatio` the rect keeps
    /// `rect`'s proportions at the larger of the two scales the drag asks for, so dragging a
    /// corner outwards along either axis grows it.
    public static func rect(dragging corner: Int, of rect: CGRect, to point: CGPoint, keepAspectRatio: Bool = false) -> CGRect {
        let fixed = [CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY),
                     CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY)][((corner % 4) + 4) % 4]
        var width = abs(point.x - fixed.x), height = abs(point.y - fixed.y)
        if keepAspectRatio, rect.width > 0, rect.height > 0 {
            let scale = max(width / rect.width, height / rect.height)
            width = rect.width * scale
            height = rect.height * scale
        }
        return CGRect(x: point.x < fixed.x ? fixed.x - width : fixed.x, y: point.y < fixed.y ? fixed.y - height : fixed.y,
                      width: width, height: height)
    }

    /// The transform mapping rect `old` onto rect `new` (a move when the sizes match).
    public static func transform(from old: CGRect, to new: CGRect) -> AffineTransform {
        let sx = old.width > 0 ? new.width / old.width : 1
        let sy = old.height > 0 ? new.height / old.height : 1
        return AffineTransform.translation(x: -old.minX, y: -old.minY)
            .appending(.scaling(x: sx, y: sy))
            .appending(.translation(x: new.minX, y: new.minY))
    }

    /// `geometry` with its points carried by `transform` and its rect set to `rect`.
    public static func applying(_ transform: AffineTransform, to geometry: Annotation, rect: CGRect) -> Annotation {
        var result = geometry
        result.rect = rect
        result.kind = geometry.kind.carried(by: transform)
        return result
    }

    /// The union of the annotations' rects.
    public static func bounds(of annotations: [Annotation]) -> CGRect {
        annotations.reduce(CGRect.null) { $0.union($1.rect) }
    }
}

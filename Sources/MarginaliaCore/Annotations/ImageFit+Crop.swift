#if !hasFeature(Embedded)
import Foundation
#endif

/// How much of each side of an image is hidden, as the image is seen: after its quarter
/// turns, with the page's rotation already undone by the viewer (an image stamp's appearance
/// is drawn upright on a turned page). Fractions of the whole image, each from 0.
///
/// The file keeps the crop unturned (``ImageFit/transform(crop:rotation:filling:)``: fractions
/// of the image from its top-left before any turn). People crop what they see, so the Select
/// tool's sliders and handles speak of these sides and the engine turns them into that crop.
public struct CropSides: Equatable, Sendable {
    public var left: CGFloat, top: CGFloat, right: CGFloat, bottom: CGFloat

    /// The names of the sides, in the order of ``values``.
    public static let names = ["left", "top", "right", "bottom"]

    /// At least this much of the image stays shown across each direction.
    public static let minimumShown: CGFloat = 0.05

    public init(left: CGFloat = 0, top: CGFloat = 0, right: CGFloat = 0, bottom: CGFloat = 0) {
        self.left = left; self.top = top; self.right = right; self.bottom = bottom
    }

    /// `[left, top, right, bottom]`.
    public var values: [CGFloat] { [left, top, right, bottom] }

    /// The side named `name` (one of ``names``), or nil for another name.
    public subscript(name: String) -> CGFloat? {
        get { Self.names.firstIndex(of: name).map { values[$0] } }
        set {
            guard let value = newValue else { return }
            switch name {
            case "left": left = value
            case "top": top = value
            case "right": right = value
            case "bottom": bottom = value
            default: break
            }
        }
    }

    /// These sides with side `name` set to `value` (to a ten-thousandth), kept from 0 up to
    /// where the opposite side leaves ``minimumShown`` of the image (a side cannot pass the
    /// opposite one).
    public func setting(_ name: String, to value: CGFloat) -> CropSides {
        let opposite: String
        switch name {
        case "left": opposite = "right"
        case "right": opposite = "left"
        case "top": opposite = "bottom"
        default: opposite = "top"
        }
        var result = self
        let limit = 1 - Self.minimumShown - (self[opposite] ?? 0)
        let rounded = (value * 10_000).rounded() / 10_000
        result[name] = value.isFinite ? min(max(rounded, 0), max(limit, 0)) : (self[name] ?? 0)
        return result
    }
}

extension ImageFit {
    /// A point of the unturned image (fractions from its top-left) where it is seen after
    /// `rotation` degrees clockwise (fractions of the turned image from its top-left).
    static func seen(_ p: CGPoint, rotation: Int) -> CGPoint {
        switch normalizedRotation(rotation) ?? 0 {
        case 90: return CGPoint(x: 1 - p.y, y: p.x)
        case 180: return CGPoint(x: 1 - p.x, y: 1 - p.y)
        case 270: return CGPoint(x: p.y, y: 1 - p.x)
        default: return p
        }
    }

    /// The inverse of ``seen(_:rotation:)``: where a point seen on the turned image is on the
    /// unturned one.
    static func unseen(_ p: CGPoint, rotation: Int) -> CGPoint {
        seen(p, rotation: 360 - (normalizedRotation(rotation) ?? 0))
    }

    /// The rect of the corners of `r` taken through `map` (a map of quarter turns, scales and
    /// moves, which keeps a rect a rect).
    static func mapped(_ r: CGRect, _ map: (CGPoint) -> CGPoint) -> CGRect {
        let a = map(CGPoint(x: r.minX, y: r.minY)), b = map(CGPoint(x: r.maxX, y: r.maxY))
        return CGRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    /// The sides `crop` (fractions of the unturned image from its top-left; nil: all of it)
    /// hides, as the image is seen turned `rotation` degrees clockwise.
    public static func seenSides(of crop: CGRect?, rotation: Int) -> CropSides {
        let kept = crop.flatMap { isValidCrop($0) ? $0 : nil } ?? CGRect(x: 0, y: 0, width: 1, height: 1)
        let shown = mapped(kept) { seen($0, rotation: rotation) }
        return CropSides(left: shown.minX, top: shown.minY, right: 1 - shown.maxX, bottom: 1 - shown.maxY)
    }

    /// The crop (fractions of the unturned image from its top-left) that hides `sides` of the
    /// image seen turned `rotation` degrees clockwise; nil when nothing is hidden.
    public static func crop(hiding sides: CropSides, rotation: Int) -> CGRect? {
        guard sides.values.contains(where: { $0 > 0 }) else { return nil }
        let shown = CGRect(x: sides.left, y: sides.top, width: 1 - sides.left - sides.right, height: 1 - sides.top - sides.bottom)
        return mapped(shown) { unseen($0, rotation: rotation) }
    }

    /// Where a point of the whole image, seen turned (fractions from its top-left), is on the
    /// page, for an image stamp drawn in `rect` with `crop`, `rotation` and `pageRotation` now:
    /// the scale and place the crop's sliders and handles keep.
    public static func seenToPage(rect: CGRect, crop: CGRect?, rotation: Int, pageRotation: Int) -> (CGPoint) -> CGPoint {
        let toPage = imageToPage(rect: rect, crop: crop, rotation: rotation, pageRotation: pageRotation)
        return { seenPoint in
            let p = unseen(seenPoint, rotation: rotation)
            // The image's unit square runs from its bottom row up.
            return toPage.transform(CGPoint(x: p.x, y: 1 - p.y))
        }
    }

    /// The inverse of ``seenToPage(rect:crop:rotation:pageRotation:)``: a page point as a
    /// point of the whole image seen turned (fractions from its top-left; outside 0...1 off
    /// it), or nil for a box with no area.
    public static func pageToSeen(rect: CGRect, crop: CGRect?, rotation: Int, pageRotation: Int) -> ((CGPoint) -> CGPoint)? {
        guard let fromPage = imageToPage(rect: rect, crop: crop, rotation: rotation, pageRotation: pageRotation).inverse else { return nil }
        return { pagePoint in
            let p = fromPage.transform(pagePoint)
            return seen(CGPoint(x: p.x, y: 1 - p.y), rotation: rotation)
        }
    }
}

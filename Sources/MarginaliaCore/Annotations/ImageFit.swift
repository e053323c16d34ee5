#if !hasFeature(Embedded)
import Foundation
#endif

/// How an image stamp's picture sits in its box: the part kept by a crop, turned a number of
/// quarter turns, filling the box (docs/annotations-json.md, "Image stamps"). The appearance
/// stream (Marginalia's `PDFAnnotation.Stamp`), the Select tool's crop and turn
/// (MarginaliaEditor's `ImageEditing`) and the browser (the bridge's `imageLayout`) all place
/// the picture with these functions.
public enum ImageFit {
    /// Whether `crop` is a part of the image with some area: fractions within 0...1.
    public static func isValidCrop(_ crop: CGRect) -> Bool {
        let values = [crop.minX, crop.minY, crop.width, crop.height]
        guard values.allSatisfy({ $0.isFinite }) else { return false }
        let slack: CGFloat = 1e-6
        return crop.minX >= -slack && crop.minY >= -slack && crop.maxX <= 1 + slack && crop.maxY <= 1 + slack
            && crop.width > 0.001 && crop.height > 0.001
    }

    /// `degrees` as 0, 90, 180 or 270 (so -90 is 270 and 450 is 90), or nil when it is not
    /// a multiple of 90.
    public static func normalizedRotation(_ degrees: Int) -> Int? {
        guard degrees % 90 == 0 else { return nil }
        return ((degrees % 360) + 360) % 360
    }

    /// Where the image's unit square goes (PDF images fill the unit square, their first row
    /// at the top, ISO 32000-2, 8.9.4) so that the part `crop` keeps (fractions from the
    /// top-left; nil or invalid: all of it), turned `rotation` degrees clockwise, exactly fills
    /// `box`. Drawn under a clip to `box`, the rest of the image is hidden.
    public static func transform(crop: CGRect?, rotation: Int, filling box: CGRect) -> AffineTransform {
        let crop = crop.flatMap { isValidCrop($0) ? $0 : nil } ?? CGRect(x: 0, y: 0, width: 1, height: 1)
        // The crop is measured from the top; the unit square from the bottom.
        let cropped = AffineTransform.translation(x: -crop.minX, y: -(1 - crop.maxY))
            .appending(.scaling(x: 1 / crop.width, y: 1 / crop.height))
        // Quarter turns clockwise of the unit square onto itself.
        let turn: AffineTransform
        switch normalizedRotation(rotation) ?? 0 {
        case 90: turn = AffineTransform(m11: 0, m12: -1, m21: 1, m22: 0, tX: 0, tY: 1)
        case 180: turn = AffineTransform(m11: -1, m12: 0, m21: 0, m22: -1, tX: 1, tY: 1)
        case 270: turn = AffineTransform(m11: 0, m12: 1, m21: -1, m22: 0, tX: 1, tY: 0)
        default: turn = AffineTransform()
        }
        return cropped.appending(turn)
            .appending(.scaling(x: box.width, y: box.height))
            .appending(.translation(x: box.minX, y: box.minY))
    }

    /// The image's unit square to page space for a stamp with `/Rect` `rect` on a page turned
    /// `pageRotation` degrees: into the upright box the appearance draws in, then that box
    /// turned by the page's rotation and laid onto `rect` (ISO 32000-2, 12.5.5).
    public static func imageToPage(rect r: CGRect, crop: CGRect?, rotation: Int, pageRotation: Int) -> AffineTransform {
        let turns = ((pageRotation % 360) + 360) % 360 / 90
        let box = CGRect(x: 0, y: 0, width: turns % 2 == 1 ? r.height : r.width, height: turns % 2 == 1 ? r.width : r.height)
        let turn = AffineTransform.rotation(degrees: CGFloat(turns * 90))
        let turned = turn.transform(box)
        return transform(crop: crop, rotation: rotation, filling: box)
            .appending(turn)
            .appending(.translation(x: r.minX - turned.minX, y: r.minY - turned.minY))
    }

    /// The frame `width` points wide drawn inside `box` over the image: the rectangle its
    /// centreline follows and its line width (a frame wider than the box fills it); nil for
    /// no frame.
    public static func frame(in box: CGRect, width: CGFloat) -> (rect: CGRect, lineWidth: CGFloat)? {
        guard width > 0, width.isFinite, box.width > 0, box.height > 0 else { return nil }
        let inset = min(width / 2, box.width / 2, box.height / 2)
        return (box.insetBy(dx: inset, dy: inset), min(width, box.width, box.height))
    }

    /// The rect of an image turned a quarter turn about its centre (width and height swap),
    /// then kept on `page` as far as its size allows.
    public static func turnedRect(_ r: CGRect, within page: CGRect?) -> CGRect {
        let turned = CGRect(x: r.midX - r.height / 2, y: r.midY - r.width / 2, width: r.height, height: r.width)
        let offset = SelectionGeometry.clampedOffset(0, 0, for: turned, within: page)
        return turned.offsetBy(dx: offset.dx, dy: offset.dy)
    }

    /// The rect an image drawn in `rect` (with `crop` and `rotation` now) needs to show
    /// `newCrop` instead (nil: the whole image) at the same scale, the part still shown
    /// staying where it was; nil for an invalid crop or a degenerate result.
    public static func croppedRect(_ rect: CGRect, crop: CGRect?, rotation: Int, pageRotation: Int, to newCrop: CGRect?) -> CGRect? {
        if let newCrop, !isValidCrop(newCrop) { return nil }
        let shown = newCrop ?? CGRect(x: 0, y: 0, width: 1, height: 1)
        let toPage = imageToPage(rect: rect, crop: crop, rotation: rotation, pageRotation: pageRotation)
        // The crop measured from the top; the image's unit square from the bottom.
        let result = toPage.transform(CGRect(x: shown.minX, y: 1 - shown.maxY, width: shown.width, height: shown.height))
        guard [result.minX, result.minY, result.width, result.height].allSatisfy({ $0.isFinite }),
              result.width >= 0.5, result.height >= 0.5 else { return nil }
        return result
    }
}

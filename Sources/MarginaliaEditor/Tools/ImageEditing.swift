import Foundation
import Marginalia

/// What the Select tool does to images (image stamps): frame, crop and turn them. Each
/// change is one `changeAnnotation` operation (one undo step) and stays editable: the image
/// is kept whole in the file, the crop and turn are stored beside it.
///
/// Geometry on a rotated page follows the appearance, which is drawn upright for the reader
/// (``PDFAnnotation/Stamp/imageTransform(filling:)`` inside a box turned by the page's
/// `/Rotate`); `pageRotation` is that `/Rotate`.
public enum ImageEditing {
    /// Whether `annotation` is an image stamp these operations apply to.
    public static func isImage(_ annotation: PDFAnnotation) -> Bool {
        if case .stamp(let stamp) = annotation.kind { return stamp.isImage }
        return false
    }

    /// Gives the selected images a frame `width` points wide in `color` (width 0 removes it).
    public static func setBorder(_ annotations: [PDFAnnotation], width: Double, color: Color) -> EditorOperation? {
        guard width.isFinite, width >= 0, width <= 200 else { return nil }
        return SelectionTool.changes(annotations.filter(isImage), name: "change image border") { annotation in
            var result = annotation
            result.border.width = width
            result.color = color
            return result
        }
    }

    /// Turns the selected images a quarter turn (clockwise for the reader, or anticlockwise),
    /// each about its centre: its box swaps width and height, then is kept on the page.
    public static func rotate(_ annotations: [PDFAnnotation], clockwise: Bool = true, pageBounds: CGRect? = nil) -> EditorOperation? {
        SelectionTool.changes(annotations.filter(isImage), name: "rotate image") { annotation in
            guard case .stamp(var stamp) = annotation.kind else { return annotation }
            stamp.rotation = PDFAnnotation.Stamp.normalizedRotation(stamp.rotation + (clockwise ? 90 : -90)) ?? 0
            var result = annotation
            result.kind = .stamp(stamp)
            result.rect = ImageFit.turnedRect(annotation.rect, within: pageBounds)
            return result
        }
    }

    /// Crops one image to `crop` (fractions of the whole image from its top-left corner; nil
    /// shows it all again). The image keeps its scale on the page and the part still shown
    /// stays where it was: the box shrinks (or grows) around it.
    public static func crop(_ annotation: PDFAnnotation, to crop: CGRect?, pageRotation: Int = 0) -> EditorOperation? {
        guard case .stamp(var stamp) = annotation.kind, stamp.isImage,
              let rect = ImageFit.croppedRect(annotation.rect, crop: stamp.crop, rotation: stamp.rotation,
                                              pageRotation: pageRotation, to: crop) else { return nil }
        stamp.crop = crop
        var result = annotation
        result.kind = .stamp(stamp)
        result.rect = rect
        return SelectionTool.changes([annotation], name: "crop image") { _ in result }
    }

    /// Where the whole image lies on the page (page space) as `annotation` now draws it: what
    /// a crop control shows faintly around the part kept.
    public static func uncroppedRect(of annotation: PDFAnnotation, pageRotation: Int = 0) -> CGRect? {
        guard case .stamp(let stamp) = annotation.kind, stamp.isImage else { return nil }
        return imageToPage(annotation, stamp, pageRotation: pageRotation).transform(CGRect(x: 0, y: 0, width: 1, height: 1))
    }

    /// The crop (fractions of the whole image from its top-left corner) that shows the part of
    /// the image under `rect` (page space): for a crop control dragged over the page.
    public static func cropFractions(for rect: CGRect, of annotation: PDFAnnotation, pageRotation: Int = 0) -> CGRect? {
        guard case .stamp(let stamp) = annotation.kind, stamp.isImage,
              let toImage = imageToPage(annotation, stamp, pageRotation: pageRotation).inverse else { return nil }
        let unit = toImage.transform(rect).intersection(CGRect(x: 0, y: 0, width: 1, height: 1))
        guard !unit.isNull else { return nil }
        let crop = CGRect(x: unit.minX, y: 1 - unit.maxY, width: unit.width, height: unit.height)
        return PDFAnnotation.Stamp.isValidCrop(crop) ? crop : nil
    }

    /// The image's unit square to page space as `annotation` now draws it
    /// (``ImageFit/imageToPage(rect:crop:rotation:pageRotation:)``).
    static func imageToPage(_ annotation: PDFAnnotation, _ stamp: PDFAnnotation.Stamp, pageRotation: Int) -> AffineTransform {
        ImageFit.imageToPage(rect: annotation.rect, crop: stamp.crop, rotation: stamp.rotation, pageRotation: pageRotation)
    }
}

import Foundation

extension PDFAnnotation.Stamp {
    /// Whether `crop` is a part of the image with some area (``ImageFit/isValidCrop(_:)``).
    public static func isValidCrop(_ crop: CGRect) -> Bool {
        ImageFit.isValidCrop(crop)
    }

    /// `degrees` as 0, 90, 180 or 270, or nil when it is not a multiple of 90
    /// (``ImageFit/normalizedRotation(_:)``).
    public static func normalizedRotation(_ degrees: Int) -> Int? {
        ImageFit.normalizedRotation(degrees)
    }

    /// Where the image's unit square goes so that the cropped part, turned by ``rotation``,
    /// exactly fills `box` (``ImageFit/transform(crop:rotation:filling:)``).
    public func imageTransform(filling box: CGRect) -> AffineTransform {
        ImageFit.transform(crop: crop, rotation: rotation, filling: box)
    }

    /// The size of the shown part of an image of `pixels`, turned: the proportions a stamp of
    /// it keeps (and its natural size, a pixel per point).
    public func shownSize(ofImage pixels: CGSize) -> CGSize {
        let crop = self.crop.flatMap { Self.isValidCrop($0) ? $0 : nil } ?? CGRect(x: 0, y: 0, width: 1, height: 1)
        let size = CGSize(width: pixels.width * crop.width, height: pixels.height * crop.height)
        let turned = (Self.normalizedRotation(rotation) ?? 0) % 180 != 0
        return turned ? CGSize(width: size.height, height: size.width) : size
    }
}

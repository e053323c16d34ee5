import Foundation

extension PDFAnnotation.Stamp {
    /// Whether `crop` is a part of the image with some area: fractions within 0...1.
    public static func isValidCrop(_ crop: CGRect) -> Bool {
        let values = [crop.minX, crop.minY, crop.width, crop.height]
        guard values.allSatisfy(\.isFinite) else { return false }
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
    /// at the top, ISO 32000-2, 8.9.4) so that the cropped part, turned by ``rotation``,
    /// exactly fills `box`. Drawn under a clip to `box`, the rest of the image is hidden.
    public func imageTransform(filling box: CGRect) -> AffineTransform {
        let crop = self.crop.flatMap { Self.isValidCrop($0) ? $0 : nil } ?? CGRect(x: 0, y: 0, width: 1, height: 1)
        // The crop is measured from the top; the unit square from the bottom.
        let cropped = AffineTransform.translation(x: -crop.minX, y: -(1 - crop.maxY))
            .appending(.scaling(x: 1 / crop.width, y: 1 / crop.height))
        // Quarter turns clockwise of the unit square onto itself.
        let turn: AffineTransform
        switch Self.normalizedRotation(rotation) ?? 0 {
        case 90: turn = AffineTransform(m11: 0, m12: -1, m21: 1, m22: 0, tX: 0, tY: 1)
        case 180: turn = AffineTransform(m11: -1, m12: 0, m21: 0, m22: -1, tX: 1, tY: 1)
        case 270: turn = AffineTransform(m11: 0, m12: 1, m21: -1, m22: 0, tX: 1, tY: 0)
        default: turn = AffineTransform()
        }
        return cropped.appending(turn)
            .appending(.scaling(x: box.width, y: box.height))
            .appending(.translation(x: box.minX, y: box.minY))
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

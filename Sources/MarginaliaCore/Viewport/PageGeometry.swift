#if !hasFeature(Embedded)
import Foundation
#endif

/// What the viewport needs to know about one page: its CropBox and its /Rotate.
///
/// Values are sanitised on creation so that layout arithmetic never sees NaN: a non-finite
/// or negative size becomes 0, a non-finite origin becomes 0, and the rotation is normalised
/// the way a PDF page's /Rotate is (into 0, 90, 180 or 270, rounding down to a multiple of 90).
public struct PageGeometry: Sendable, Equatable, Hashable {
    /// The CropBox size in points (page space units).
    public let size: CGSize
    /// The CropBox's lower-left corner in page space.
    public let origin: CGPoint
    /// The page's /Rotate in degrees clockwise: 0, 90, 180 or 270.
    public let rotation: Int

    /// Creates a page geometry, sanitising each value.
    public init(size: CGSize, origin: CGPoint = .zero, rotation: Int = 0) {
        self.size = CGSize(width: Self.length(size.width), height: Self.length(size.height))
        self.origin = CGPoint(x: origin.x.isFinite ? origin.x : 0, y: origin.y.isFinite ? origin.y : 0)
        self.rotation = Self.normalisedRotation(rotation)
    }

    /// The CropBox in page space.
    public var cropBox: CGRect { CGRect(origin: origin, size: size) }

    /// `degrees` folded into 0, 90, 180 or 270 (multiples of 90 clockwise; others rounded down).
    public static func normalisedRotation(_ degrees: Int) -> Int {
        let folded = ((degrees % 360) + 360) % 360
        return folded - folded % 90
    }

    private static func length(_ value: CGFloat) -> CGFloat {
        value.isFinite && value > 0 ? value : 0
    }
}

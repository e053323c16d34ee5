#if !hasFeature(Embedded)
import Foundation
#endif

// Foundation's `AffineTransform` maps a point as the row vector [x y 1] times the matrix
//     | m11 m12 0 |
//     | m21 m22 0 |
//     | tX  tY  1 |
// which is PDF's own convention (ISO 32000-1, 8.3.4: [a b c d e f] = m11 m12 m21 m22 tX tY).
// `a.append(b)` means "a, then b". `invert()` traps on a singular matrix, so code here uses
// `inverse`, which returns nil instead.

extension AffineTransform {
    /// A rotation counterclockwise (in y-up page space) by `degrees`.
    ///
    /// Multiples of 90° are exact (no 6e-17 residue from `cos(.pi / 2)`), so page rotations
    /// map integer coordinates to integer coordinates. A non-finite angle gives the identity.
    public static func rotation(degrees: CGFloat) -> AffineTransform {
        guard degrees.isFinite else { return .identity }
        let turns = degrees / 90
        let cosine: CGFloat
        let sine: CGFloat
        if turns == turns.rounded() {
            let quarter = Int((turns.truncatingRemainder(dividingBy: 4) + 4)
                .truncatingRemainder(dividingBy: 4))
            (cosine, sine) = [(1, 0), (0, 1), (-1, 0), (0, -1)][quarter]
        } else {
            let radians = degrees * .pi / 180
            (cosine, sine) = (cos(radians), sin(radians))
        }
        return AffineTransform(m11: cosine, m12: sine, m21: -sine, m22: cosine, tX: 0, tY: 0)
    }

    /// A scale by `x` horizontally and `y` vertically about the origin.
    public static func scaling(x: CGFloat, y: CGFloat) -> AffineTransform {
        AffineTransform(m11: x, m12: 0, m21: 0, m22: y, tX: 0, tY: 0)
    }

    /// A uniform scale by `factor` about the origin.
    public static func scaling(_ factor: CGFloat) -> AffineTransform {
        scaling(x: factor, y: factor)
    }

    /// A translation by `(x, y)`.
    public static func translation(x: CGFloat, y: CGFloat) -> AffineTransform {
        AffineTransform(m11: 1, m12: 0, m21: 0, m22: 1, tX: x, tY: y)
    }

    /// This transform followed by `other` (the non-mutating form of `append(_:)`).
    public func appending(_ other: AffineTransform) -> AffineTransform {
        var result = self
        result.append(other)
        return result
    }

    /// The inverse transform, or nil when the matrix is singular or not finite.
    ///
    /// Unlike Foundation's `invert()`, this never traps.
    public var inverse: AffineTransform? {
        let values = [m11, m12, m21, m22, tX, tY]
        guard values.allSatisfy({ $0.isFinite }) else { return nil }
        let determinant = m11 * m22 - m12 * m21
        guard determinant != 0, determinant.isFinite, (1 / determinant).isFinite else { return nil }
        let a = m22 / determinant, b = -m12 / determinant
        let c = -m21 / determinant, d = m11 / determinant
        let result = AffineTransform(m11: a, m12: b, m21: c, m22: d,
                                     tX: -(tX * a + tY * c), tY: -(tX * b + tY * d))
        let check = [result.m11, result.m12, result.m21, result.m22, result.tX, result.tY]
        return check.allSatisfy({ $0.isFinite }) ? result : nil
    }

    /// The bounding box of `rect`'s four corners after the transform.
    ///
    /// A rotation by other than a multiple of 90° gives a box larger than the rectangle.
    /// A null rectangle stays null.
    public func transform(_ rect: CGRect) -> CGRect {
        guard !rect.isNull else { return .null }
        let r = rect.standardized
        let corners = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                       CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)]
            .map { transform($0) }
        let xs = corners.map({ $0.x }), ys = corners.map({ $0.y })
        let minX = xs.min() ?? 0, maxX = xs.max() ?? 0
        let minY = ys.min() ?? 0, maxY = ys.max() ?? 0
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

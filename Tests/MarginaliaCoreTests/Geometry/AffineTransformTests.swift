import Foundation
import Testing
@testable import MarginaliaCore

extension GeometryTests {
    @Suite("AffineTransform")
    struct AffineTransformTests {
        @Test(arguments: [(0.0, CGPoint(x: 2, y: 1)), (90, CGPoint(x: -1, y: 2)), (180, CGPoint(x: -2, y: -1)),
                          (270, CGPoint(x: 1, y: -2)), (-90, CGPoint(x: 1, y: -2)), (450, CGPoint(x: -1, y: 2))] as [(CGFloat, CGPoint)])
        func quarterTurnsAreExact(degrees: CGFloat, expected: CGPoint) {
            let mapped = AffineTransform.rotation(degrees: degrees).transform(CGPoint(x: 2, y: 1))
            #expect(mapped == expected)
        }

        @Test func arbitraryRotation() {
            let mapped = AffineTransform.rotation(degrees: 45).transform(CGPoint(x: 1, y: 0))
            #expect(approximately(mapped, CGPoint(x: 0.5.squareRoot(), y: 0.5.squareRoot())))
            #expect(AffineTransform.rotation(degrees: .nan) == .identity)
        }

        @Test func appendingAppliesSelfFirst() {
            let t = AffineTransform.scaling(2).appending(.translation(x: 10, y: 0))
            #expect(t.transform(CGPoint(x: 1, y: 1)) == CGPoint(x: 12, y: 2))
            let u = AffineTransform.scaling(x: 1, y: -1).appending(.translation(x: 0, y: 792))
            #expect(u.transform(CGPoint(x: 5, y: 0)) == CGPoint(x: 5, y: 792))
        }

        @Test func inverseUndoesTheTransform() throws {
            let t = AffineTransform.rotation(degrees: 30)
                .appending(.scaling(x: 2, y: 0.5))
                .appending(.translation(x: -7, y: 3))
            let inverse = try #require(t.inverse)
            let p = CGPoint(x: 13.5, y: -4.25)
            #expect(approximately(inverse.transform(t.transform(p)), p, 1e-12))
        }

        @Test func singularOrNonFiniteTransformsHaveNoInverse() {
            #expect(AffineTransform.scaling(0).inverse == nil)
            #expect(AffineTransform.scaling(x: 1, y: 0).inverse == nil)
            #expect(AffineTransform(m11: 1, m12: 2, m21: 2, m22: 4, tX: 0, tY: 0).inverse == nil)
            #expect(AffineTransform.translation(x: .nan, y: 0).inverse == nil)
            #expect(AffineTransform.scaling(CGFloat.leastNormalMagnitude / 1e8).inverse == nil, "the determinant underflows")
        }

        @Test func rectangleBoundingBox() {
            let rect = CGRect(x: 0, y: 0, width: 4, height: 2)
            #expect(AffineTransform.rotation(degrees: 90).transform(rect) == CGRect(x: -2, y: 0, width: 2, height: 4))
            let rotated = AffineTransform.rotation(degrees: 45).transform(CGRect(x: -1, y: -1, width: 2, height: 2))
            let half = 2.0.squareRoot()
            #expect(approximately(rotated, CGRect(x: -half, y: -half, width: 2 * half, height: 2 * half)))
            #expect(AffineTransform.scaling(-1).transform(CGRect(x: 1, y: 1, width: 1, height: 1))
                        == CGRect(x: -2, y: -2, width: 1, height: 1))
            #expect(AffineTransform.identity.transform(CGRect.null).isNull)
            #expect(AffineTransform.identity.transform(CGRect(x: 3, y: 3, width: -2, height: -2))
                        == CGRect(x: 1, y: 1, width: 2, height: 2))
        }
    }
}

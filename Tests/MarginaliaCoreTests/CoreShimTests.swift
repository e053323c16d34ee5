import Foundation
import Testing
import CoreShim

/// The Embedded build of the core (the browser's) uses CoreShim's geometry types where the
/// native build uses Foundation's: the two must agree, or the browser and the server would
/// decide differently. Every operation the core uses is compared on rectangles chosen to
/// hit the edge cases: null, empty, negative sizes, touching edges, points on the max edge.
@Suite("CoreShim matches Foundation")
struct CoreShimTests {
    static let rects: [(Double, Double, Double, Double)] = [
        (0, 0, 10, 10), (5, 5, 10, 10), (10, 0, 5, 5), (20, 20, 1, 1), (0, 0, 0, 0), (3, 3, 0, 4),
        (10, 10, -4, -6), (-5, -5, 3, 2), (0, 0, 1e-9, 1e-9), (.infinity, .infinity, 0, 0),
        (-1e300, -1e300, 2e300, 2e300), (2, 2, 6, 6),
    ]
    static let points: [(Double, Double)] = [(0, 0), (10, 10), (9.999, 5), (5, 10), (-1, 3), (6, 6), (2, 2), (8, 8)]

    static func f(_ r: (Double, Double, Double, Double)) -> Foundation.CGRect {
        Foundation.CGRect(x: r.0, y: r.1, width: r.2, height: r.3)
    }
    static func s(_ r: (Double, Double, Double, Double)) -> CoreShim.CGRect {
        CoreShim.CGRect(x: r.0, y: r.1, width: r.2, height: r.3)
    }
    /// Foundation's CGFloat values as plain doubles (CoreShim's CGFloat is Double).
    static func d(_ values: [Foundation.CGFloat]) -> [Double] { values.map { Double($0) } }

    static func same(_ a: Foundation.CGRect, _ b: CoreShim.CGRect) -> Bool {
        if a.isNull || b.isNull { return a.isNull == b.isNull }
        return d([a.minX, a.minY, a.maxX, a.maxY, a.width, a.height]) == [b.minX, b.minY, b.maxX, b.maxY, b.width, b.height]
    }

    @Test func accessorsAndPredicates() {
        for r in Self.rects {
            let a = Self.f(r), b = Self.s(r)
            #expect(a.isNull == b.isNull && a.isEmpty == b.isEmpty, "\(r)")
            if !a.isNull {
                #expect(Self.d([a.minX, a.midX, a.maxX, a.minY, a.midY, a.maxY, a.width, a.height])
                        == [b.minX, b.midX, b.maxX, b.minY, b.midY, b.maxY, b.width, b.height], "\(r)")
            }
            #expect(Self.same(a.standardized, b.standardized), "\(r)")
            for (dx, dy) in [(1.0, 1.0), (-2.0, 0.5), (6.0, 6.0)] {
                #expect(Self.same(a.insetBy(dx: dx, dy: dy), b.insetBy(dx: dx, dy: dy)), "\(r) inset \(dx) \(dy)")
                #expect(Self.same(a.offsetBy(dx: dx, dy: dy), b.offsetBy(dx: dx, dy: dy)), "\(r) offset \(dx) \(dy)")
            }
            for p in Self.points {
                #expect(a.contains(Foundation.CGPoint(x: p.0, y: p.1)) == b.contains(CoreShim.CGPoint(x: p.0, y: p.1)), "\(r) ∋ \(p)")
            }
        }
    }

    @Test func pairwiseOperations() {
        for r1 in Self.rects {
            for r2 in Self.rects {
                let a1 = Self.f(r1), a2 = Self.f(r2), b1 = Self.s(r1), b2 = Self.s(r2)
                #expect(Self.same(a1.union(a2), b1.union(b2)), "\(r1) ∪ \(r2)")
                #expect(Self.same(a1.intersection(a2), b1.intersection(b2)), "\(r1) ∩ \(r2)")
                #expect(a1.intersects(a2) == b1.intersects(b2), "\(r1) intersects \(r2)")
                #expect(a1.contains(a2) == b1.contains(b2), "\(r1) ⊇ \(r2)")
            }
        }
    }

    @Test func affineTransforms() {
        let values: [(Double, Double, Double, Double, Double, Double)] = [
            (1, 0, 0, 1, 0, 0), (2, 0, 0, -1, 5, 7), (0, 1, -1, 0, 3, -2), (0.5, 0.2, -0.3, 1.5, 11, 13),
        ]
        for m in values {
            for n in values {
                var a = Foundation.AffineTransform(m11: m.0, m12: m.1, m21: m.2, m22: m.3, tX: m.4, tY: m.5)
                var b = CoreShim.AffineTransform(m11: m.0, m12: m.1, m21: m.2, m22: m.3, tX: m.4, tY: m.5)
                a.append(Foundation.AffineTransform(m11: n.0, m12: n.1, m21: n.2, m22: n.3, tX: n.4, tY: n.5))
                b.append(CoreShim.AffineTransform(m11: n.0, m12: n.1, m21: n.2, m22: n.3, tX: n.4, tY: n.5))
                #expect(Self.d([a.m11, a.m12, a.m21, a.m22, a.tX, a.tY]) == [b.m11, b.m12, b.m21, b.m22, b.tX, b.tY], "\(m) then \(n)")
                let p = a.transform(Foundation.CGPoint(x: 3, y: -4)), q = b.transform(CoreShim.CGPoint(x: 3, y: -4))
                #expect(Double(p.x) == q.x && Double(p.y) == q.y)
            }
        }
    }
}

import Foundation
import Testing
@testable import MarginaliaCore

/// Every public entry point fed NaN, infinities, huge and tiny values: nothing may trap or
/// hang, and results must stay well-formed (finite where promised).
extension GeometryTests {
    @Suite("Garbage input")
    struct GarbageInputTests {
        static let points = hostilePoints
        static let rects: [CGRect] = [
            .null, .infinite, .zero,
            CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1),
            CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1),
            CGRect(x: -CGFloat.infinity, y: 0, width: CGFloat.infinity, height: 1),
            CGRect(x: 0, y: 0, width: -CGFloat.infinity, height: 5),
            CGRect(x: 1e300, y: -1e300, width: 1e300, height: 1e300),
            CGRect(x: -CGFloat.greatestFiniteMagnitude, y: 0, width: CGFloat.greatestFiniteMagnitude, height: 1),
            CGRect(x: 1e-300, y: 1e-300, width: CGFloat.leastNormalMagnitude / 100, height: -CGFloat.leastNormalMagnitude / 100),
        ]

        /// Paths built from every kind of element with hostile points in every slot.
        static var paths: [BezierPath] {
            var result = rects.flatMap { [BezierPath(rect: $0), BezierPath(ovalIn: $0)] }
            for p in points {
                var path = BezierPath()
                path.move(to: p)
                path.addLine(to: CGPoint(x: 1, y: 1))
                path.addCurve(to: p, control1: CGPoint(x: 5, y: 5), control2: p)
                path.addQuadCurve(to: CGPoint(x: 2, y: 2), control: p)
                path.close()
                path.addLine(to: p)
                result.append(path)
                result.append(BezierPath(elements: [.curve(to: p, control1: p, control2: .zero), .close, .close, .line(to: p)]))
                result.append(BezierPath.smoothed(points: [p, .zero, p, CGPoint(x: 3, y: 1), p]))
            }
            result.append(BezierPath(elements: [.close, .close]))
            result.append(BezierPath())
            return result
        }

        @Test func bezierPathQueries() {
            let probes = [CGPoint.zero, CGPoint(x: 1, y: 1), CGPoint(x: 3, y: 3), CGPoint(x: CGFloat.nan, y: 1),
                          CGPoint(x: 1, y: CGFloat.infinity), CGPoint(x: 1e300, y: 0), CGPoint(x: -1e15, y: 1),
                          CGPoint(x: CGFloat.greatestFiniteMagnitude, y: -CGFloat.greatestFiniteMagnitude)]
            for path in Self.paths {
                _ = path.bounds
                _ = path.controlPointBounds
                _ = path.currentPoint
                let polylines = path.flattened(tolerance: 0.2)
                for polyline in polylines {
                    #expect(polyline.points.allSatisfy { $0.x.isFinite && $0.y.isFinite })
                }
                #expect(polylines.reduce(0) { $0 + $1.points.count } <= path.elements.count * (BezierPath.maximumSegmentsPerCurve + 2))
                for probe in probes {
                    _ = path.contains(probe)
                    _ = path.contains(probe, evenOdd: true)
                    let distance = path.distance(to: probe)
                    #expect(!distance.isNaN)
                    _ = path.strokeContains(probe, lineWidth: 3, tolerance: 1)
                }
                for width in [1, .nan, .infinity, 1e300] as [CGFloat] {
                    _ = path.strokeOutline(lineWidth: width)
                }
                _ = path.minimumDistance(to: BezierPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4)))
                for transform in [AffineTransform.scaling(.nan), .scaling(1e300), .rotation(degrees: .infinity), .scaling(0)] {
                    _ = path.applying(transform).bounds
                }
            }
        }

        @Test func transformsAndColors() {
            for value in hostileNumbers {
                _ = AffineTransform.rotation(degrees: value)
                _ = AffineTransform.scaling(value).inverse
                _ = AffineTransform.translation(x: value, y: value).inverse
                for rect in Self.rects { _ = AffineTransform.scaling(value).transform(rect) }
                let color = Color(red: value, green: value, blue: value, alpha: value)
                #expect((0...1).contains(color.red) && (0...1).contains(color.alpha))
                _ = color.hexWithAlpha
                _ = Color(pdfComponents: [Double(value), 0, 0, Double(value)])
            }
        }

        @Test func segmentGeometry() {
            for a in Self.points {
                for b in [CGPoint.zero, CGPoint(x: 10, y: 0), a] {
                    for radius in [1, 0, -1, .nan, .infinity, 1e300] as [CGFloat] {
                        let ts = SegmentGeometry.segmentCircleIntersections(a: a, b: b, center: .zero, radius: radius)
                        #expect(ts.allSatisfy { (0...1).contains($0) })
                        let capsule = SegmentGeometry.segmentCapsuleIntersections(a: a, b: b, capsuleStart: .zero,
                                                                                  capsuleEnd: a, radius: radius)
                        #expect(capsule.allSatisfy { (0...1).contains($0) })
                        for pieces in [SegmentGeometry.split(polyline: [a, b, a, .zero], outsideCircle: a, radius: radius),
                                       SegmentGeometry.split(polyline: [.zero, a, b], outsideCapsule: b, b: a, radius: radius)] {
                            #expect(pieces.allSatisfy { piece in piece.allSatisfy { $0.x.isFinite && $0.y.isFinite } })
                        }
                    }
                    _ = SegmentGeometry.distance(from: a, toSegment: b, .zero)
                    _ = SegmentGeometry.distance(betweenSegment: a, b, andSegment: .zero, CGPoint(x: 1, y: 1))
                    _ = SegmentGeometry.segmentsIntersect(a, b, .zero, a)
                }
            }
        }

        @Test func variableWidthStroke() {
            let widthLists: [[CGFloat]] = [[], [.nan], [0], [-5], [.infinity], [1e300], hostileNumbers]
            for widths in widthLists {
                for points in [Self.points, [], [.zero], Array(repeating: .zero, count: 50),
                               [.zero, CGPoint(x: 1e-300, y: 0), CGPoint(x: 2e-300, y: 1e-300)],
                               [CGPoint(x: 1e300, y: 1e300), CGPoint(x: -1e300, y: 1e300), CGPoint(x: 0, y: -1e300)]] {
                    let outline = VariableWidthStroke.outline(points: points, widths: widths)
                    _ = outline.bounds
                    _ = outline.contains(.zero)
                }
            }
        }

        @Test func spatialIndex() {
            var index = SpatialIndex<Int>(cellSize: .nan)
            for (id, rect) in Self.rects.enumerated() { index.insert(id, rect: rect) }
            for rect in Self.rects { _ = index.query(rect) }
            for (id, rect) in Self.rects.enumerated().reversed() { index.update(id, rect: rect.offsetBy(dx: 1, dy: 1)) }
            #expect(index.count == Self.rects.count)
            for id in Self.rects.indices { index.remove(id) }
            #expect(index.count == 0)
            for size in [0, -1, .infinity, 1e300, 1e-300] as [CGFloat] {
                var other = SpatialIndex<Int>(cellSize: size)
                other.insert(1, rect: CGRect(x: 0, y: 0, width: 10, height: 10))
                #expect(other.query(CGRect(x: 5, y: 5, width: 0, height: 0)) == [1])
            }
        }
    }
}

import Foundation
import Testing
@testable import MarginaliaCore

extension GeometryTests {
    @Suite("VariableWidthStroke")
    struct VariableWidthStrokeTests {
        typealias V = VariableWidthStroke

        /// One `move`, one `close` at the end: a single closed outline.
        func isSingleClosedOutline(_ path: BezierPath) -> Bool {
            path.elements.filter { if case .move = $0 { return true } else { return false } }.count == 1
                && path.elements.first.map { if case .move = $0 { return true } else { return false } } == true
                && path.elements.last == .close
                && path.elements.filter { $0 == .close }.count == 1
        }

        @Test func constantWidthLineHasRoundCaps() {
            let outline = V.outline(points: [.zero, CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 0)], widths: [10, 10, 10])
            #expect(isSingleClosedOutline(outline))
            #expect(approximately(outline.bounds, CGRect(x: -5, y: -5, width: 110, height: 10), 1e-9))
            #expect(outline.contains(CGPoint(x: 50, y: 4.9)) && !outline.contains(CGPoint(x: 50, y: 5.1)))
            #expect(outline.contains(CGPoint(x: 50, y: -4.9)) && !outline.contains(CGPoint(x: 50, y: -5.1)))
            #expect(outline.contains(CGPoint(x: -4.9, y: 0)) && !outline.contains(CGPoint(x: -5.1, y: 0)))
            #expect(outline.contains(CGPoint(x: 103.4, y: 3.4)), "inside the round end cap")
            #expect(!outline.contains(CGPoint(x: 104, y: 4)), "outside the cap's corner")
        }

        @Test func widthFollowsEachSample() {
            let points = (0...10).map { CGPoint(x: CGFloat($0) * 10, y: 0) }
            let widths = (0...10).map { 2 + CGFloat($0) * 2 }     // 2 ... 22
            let outline = V.outline(points: points, widths: widths)
            #expect(isSingleClosedOutline(outline))
            for (p, w) in zip(points, widths) {
                #expect(outline.contains(CGPoint(x: p.x, y: w / 2 - 0.05)), "width \(w) at \(p.x)")
                #expect(!outline.contains(CGPoint(x: p.x, y: w / 2 + 0.05)), "width \(w) at \(p.x)")
                #expect(outline.contains(CGPoint(x: p.x, y: -(w / 2 - 0.05))))
            }
        }

        @Test func aSinglePointIsADot() {
            let dot = V.outline(points: [CGPoint(x: 10, y: 20)], widths: [6])
            #expect(approximately(dot.bounds, CGRect(x: 7, y: 17, width: 6, height: 6)))
            #expect(dot == BezierPath(ovalIn: CGRect(x: 7, y: 17, width: 6, height: 6)))
            let repeated = V.outline(points: Array(repeating: CGPoint(x: 10, y: 20), count: 5), widths: [6])
            #expect(repeated == dot, "repeated samples of one point are a dot too")
        }

        @Test func duplicatePointsDoNotTwistTheOutline() {
            let clean = V.outline(points: [.zero, CGPoint(x: 20, y: 0), CGPoint(x: 40, y: 10)], widths: [4, 4, 4])
            let noisy = V.outline(points: [.zero, .zero, CGPoint(x: 20, y: 0), CGPoint(x: 20, y: 0), CGPoint(x: 20.001, y: 0),
                                           CGPoint(x: 40, y: 10), CGPoint(x: 40, y: 10)],
                                  widths: [4, 4, 4, 4, 4, 4, 4])
            #expect(isSingleClosedOutline(noisy))
            #expect(approximately(clean.bounds, noisy.bounds, 1e-9))
        }

        @Test func mismatchedAndMissingWidths() {
            let points = [CGPoint.zero, CGPoint(x: 10, y: 0), CGPoint(x: 20, y: 0)]
            let short = V.outline(points: points, widths: [4])
            #expect(approximately(short.bounds, CGRect(x: -2, y: -2, width: 24, height: 4)), "the last width goes on")
            let long = V.outline(points: points, widths: [4, 4, 4, 100, 100])
            #expect(approximately(long.bounds, short.bounds), "extra widths are ignored")
            let none = V.outline(points: points, widths: [])
            #expect(approximately(none.bounds, CGRect(x: -0.5, y: -0.5, width: 21, height: 1)))
            let zero = V.outline(points: points, widths: [0, -3, .nan])
            #expect(approximately(zero.bounds, CGRect(x: -0.05, y: -0.05, width: 20.1, height: 0.1)), "minimum 0.1")
        }

        @Test func sharpTurnsLeaveNoHoles() {
            // A zigzag much tighter than its width, plus an exact back-and-forth.
            let points = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 30), CGPoint(x: 20, y: 0), CGPoint(x: 30, y: 30),
                          CGPoint(x: 40, y: 0), CGPoint(x: 50, y: 0), CGPoint(x: 40, y: 0), CGPoint(x: 45, y: 20)]
            let widths: [CGFloat] = [4, 12, 6, 16, 8, 10, 6, 3]
            let outline = V.outline(points: points, widths: widths)
            #expect(isSingleClosedOutline(outline))
            // The whole smoothed centreline lies inside the filled outline.
            let centreline = BezierPath.smoothed(points: points).flattened(tolerance: 0.05).flatMap(\.points)
            #expect(centreline.count > 20)
            let uncovered = centreline.filter { !outline.contains($0) }
            #expect(uncovered.isEmpty, "centreline points not covered: \(uncovered)")
            // Far points are outside.
            #expect(!outline.contains(CGPoint(x: 25, y: 60)) && !outline.contains(CGPoint(x: -20, y: 0)))
        }

        /// Dense pen-like strokes whose turns are tighter than their half width.
        static let tightStrokes: [(String, [CGPoint])] = [
            ("trochoid loops", (0..<240).map { i in
                let t = CGFloat(i) * 0.08
                return CGPoint(x: 4 * t - 7 * sin(t), y: 7 - 7 * cos(t))
            }),
            ("small circle traced one and a half times", (0..<120).map { i in
                let t = CGFloat(i) * 3 * .pi / 120
                return CGPoint(x: 2.5 * cos(t), y: 2.5 * sin(t))
            }),
            ("scribble", (0..<150).map { i in
                let t = CGFloat(i) * 0.2
                return CGPoint(x: t * 2 + 6 * sin(3 * t), y: 5 * cos(5 * t))
            }),
        ]

        @Test(arguments: 0..<3)
        func tightDenseTurnsAreCoveredExactly(which: Int) {
            let (name, points) = Self.tightStrokes[which]
            // Width swells and shrinks between 6 and 12 along the stroke.
            let widths = points.indices.map { 9 + 3 * sin(CGFloat($0) * 0.05) }
            let outline = VariableWidthStroke.outline(points: points, widths: widths)
            #expect(isSingleClosedOutline(outline), "\(name)")
            let centreline = BezierPath(polyline: points, closed: false)
            var random = SeededGenerator(seed: UInt64(which) &+ 77)
            let box = centreline.bounds.insetBy(dx: -8, dy: -8)
            var holes: [CGPoint] = [], spills: [CGPoint] = []
            for _ in 0..<1_500 {
                let p = CGPoint(x: CGFloat.random(in: box.minX...box.maxX, using: &random),
                                y: CGFloat.random(in: box.minY...box.maxY, using: &random))
                let d = centreline.distance(to: p)
                let inside = outline.contains(p)
                if d < 3 - 0.1, !inside { holes.append(p) }
                if d > 6 + 0.1, inside { spills.append(p) }
            }
            #expect(holes.isEmpty, "\(name): uncovered points within the narrowest half width: \(holes)")
            #expect(spills.isEmpty, "\(name): covered points beyond the widest half width: \(spills)")
        }

        @Test func emptyAndGarbageInput() {
            #expect(V.outline(points: [], widths: [3]).isEmpty)
            #expect(V.outline(points: [CGPoint(x: CGFloat.nan, y: 1)], widths: [3]).isEmpty)
            let mixed = V.outline(points: [CGPoint(x: CGFloat.nan, y: 1), CGPoint(x: 0, y: 0), CGPoint(x: CGFloat.infinity, y: 0),
                                           CGPoint(x: 10, y: 0)], widths: [2, 2, .infinity, 2])
            #expect(isSingleClosedOutline(mixed))
            #expect(approximately(mixed.bounds, CGRect(x: -1, y: -1, width: 12, height: 2)))
        }
    }
}

import Foundation
import Marginalia
import Testing
@testable import MarginaliaEditor

extension StrokesTests {
    @Suite("Shape recognizer")
    struct ShapeRecognizerTests {
        typealias F = StrokeFixtures

        static let noiseLevels: [CGFloat] = [0, 1.5]

        static func rotated(_ points: [CGPoint], degrees: CGFloat, about center: CGPoint) -> [CGPoint] {
            let a = degrees * .pi / 180, c = cos(a), s = sin(a)
            return points.map {
                let dx = $0.x - center.x, dy = $0.y - center.y
                return CGPoint(x: center.x + c * dx - s * dy, y: center.y + s * dx + c * dy)
            }
        }

        static func near(_ a: CGPoint, _ b: CGPoint, within tolerance: CGFloat) -> Bool {
            hypot(a.x - b.x, a.y - b.y) <= tolerance
        }

        // MARK: - Lines and arrows

        @Test(arguments: noiseLevels)
        func line(noise: CGFloat) throws {
            let points = F.jittered(F.polyline([CGPoint(x: 100, y: 100), CGPoint(x: 300, y: 180)], perSide: 120), by: noise)
            let shape = try #require(ShapeRecognizer.recognize(points))
            guard case .line(let start, let end) = shape else { Issue.record("got \(shape)"); return }
            #expect(Self.near(start, CGPoint(x: 100, y: 100), within: 3))
            #expect(Self.near(end, CGPoint(x: 300, y: 180), within: 3))
            guard case .line(let line) = ShapeRecognizer.annotationKind(for: shape) else { Issue.record("not a Line"); return }
            #expect(line.endEnding == .none)
        }

        @Test(arguments: noiseLevels)
        func singleStrokeArrow(noise: CGFloat) throws {
            // Shaft to the tip, one barb out and back, then the other barb.
            let tip = CGPoint(x: 300, y: 100)
            let points = F.jittered(F.polyline([CGPoint(x: 100, y: 100), tip, CGPoint(x: 270, y: 120),
                                                tip, CGPoint(x: 270, y: 80)], perSide: 60), by: noise)
            let shape = try #require(ShapeRecognizer.recognize(points))
            guard case .arrow(let start, let end) = shape else { Issue.record("got \(shape)"); return }
            #expect(Self.near(start, CGPoint(x: 100, y: 100), within: 3))
            #expect(Self.near(end, tip, within: 3))
            guard case .line(let line) = ShapeRecognizer.annotationKind(for: shape) else { Issue.record("not a Line"); return }
            #expect(line.endEnding == .openArrow)
        }

        @Test func vShapedHeadAtTheEndIsAnArrow() throws {
            // A line, then a 'V' drawn from one barb's end through the tip to the other's:
            // the stroke goes back to a barb first.
            let tip = CGPoint(x: 200, y: 300)
            let points = F.polyline([CGPoint(x: 200, y: 100), tip, CGPoint(x: 185, y: 275),
                                     tip, CGPoint(x: 215, y: 275)], perSide: 50)
            guard case .arrow? = ShapeRecognizer.recognize(points) else { Issue.record("not an arrow"); return }
        }

        @Test func lineWithAHookIsNotAnArrow() {
            // Only one barb: ambiguous, so it stays ink (or a line at most, never an arrow).
            let points = F.polyline([CGPoint(x: 100, y: 100), CGPoint(x: 300, y: 100), CGPoint(x: 270, y: 130)], perSide: 60)
            if case .arrow? = ShapeRecognizer.recognize(points) { Issue.record("a hook became an arrow") }
        }

        // MARK: - Closed shapes

        @Test(arguments: noiseLevels)
        func axisAlignedRectangle(noise: CGFloat) throws {
            let corners = [CGPoint(x: 100, y: 100), CGPoint(x: 300, y: 100), CGPoint(x: 300, y: 220),
                           CGPoint(x: 100, y: 220), CGPoint(x: 100, y: 100)]
            let shape = try #require(ShapeRecognizer.recognize(F.jittered(F.polyline(corners), by: noise)))
            guard case .rectangle(let rect) = shape else { Issue.record("got \(shape)"); return }
            #expect(abs(rect.minX - 100) < 3 && abs(rect.maxX - 300) < 3)
            #expect(abs(rect.minY - 100) < 3 && abs(rect.maxY - 220) < 3)
            #expect(ShapeRecognizer.annotationKind(for: shape) == .square)
            let annotationRect = ShapeRecognizer.annotationRect(for: shape, lineWidth: 2)
            #expect(annotationRect == rect.insetBy(dx: -1, dy: -1))
        }

        @Test func rectangleWithOvershootAndGap() throws {
            // Starts mid-side and runs a little past the start.
            let points = F.jittered(F.polyline([CGPoint(x: 200, y: 100), CGPoint(x: 300, y: 100), CGPoint(x: 300, y: 220),
                                                CGPoint(x: 100, y: 220), CGPoint(x: 100, y: 100), CGPoint(x: 215, y: 102)]), by: 1)
            guard case .rectangle? = ShapeRecognizer.recognize(points) else { Issue.record("not a rectangle"); return }
        }

        @Test(arguments: noiseLevels)
        func rotatedRectangleBecomesAPolygon(noise: CGFloat) throws {
            let corners = [CGPoint(x: 100, y: 100), CGPoint(x: 300, y: 100), CGPoint(x: 300, y: 220),
                           CGPoint(x: 100, y: 220), CGPoint(x: 100, y: 100)]
            let center = CGPoint(x: 200, y: 160)
            let points = F.jittered(Self.rotated(F.polyline(corners), degrees: 30, about: center), by: noise)
            let shape = try #require(ShapeRecognizer.recognize(points))
            guard case .rotatedRectangle(let fitted) = shape else { Issue.record("got \(shape)"); return }
            let expected = Self.rotated(Array(corners.dropLast()), degrees: 30, about: center)
            #expect(fitted.count == 4)
            #expect(expected.allSatisfy { corner in fitted.contains { Self.near($0, corner, within: 4) } })
            guard case .polygon(let vertices) = ShapeRecognizer.annotationKind(for: shape) else { Issue.record("not a Polygon"); return }
            #expect(vertices == fitted)
        }

        @Test(arguments: noiseLevels)
        func ellipse(noise: CGFloat) throws {
            let points = F.jittered(F.sample(200) { t in
                CGPoint(x: 200 + 120 * cos(t * 2 * .pi), y: 300 + 60 * sin(t * 2 * .pi))
            }, by: noise)
            let shape = try #require(ShapeRecognizer.recognize(points))
            guard case .ellipse(let rect) = shape else { Issue.record("got \(shape)"); return }
            #expect(abs(rect.midX - 200) < 3 && abs(rect.midY - 300) < 3)
            #expect(abs(rect.width - 240) < 6 && abs(rect.height - 120) < 6)
            #expect(ShapeRecognizer.annotationKind(for: shape) == .circle)
        }

        @Test(arguments: noiseLevels)
        func circleDrawnClockwiseFromTheTop(noise: CGFloat) throws {
            let points = F.jittered(F.sample(150) { t in
                CGPoint(x: 150 + 50 * sin(t * 2.05 * .pi), y: 150 + 50 * cos(t * 2.05 * .pi))
            }, by: noise)
            guard case .ellipse(let rect)? = ShapeRecognizer.recognize(points) else { Issue.record("not an ellipse"); return }
            #expect(abs(rect.width - rect.height) < 5)
        }

        @Test(arguments: noiseLevels)
        func triangle(noise: CGFloat) throws {
            let vertices = [CGPoint(x: 100, y: 100), CGPoint(x: 300, y: 120), CGPoint(x: 180, y: 280)]
            let points = F.jittered(F.polyline(vertices + [vertices[0]]), by: noise)
            let shape = try #require(ShapeRecognizer.recognize(points))
            guard case .triangle(let fitted) = shape else { Issue.record("got \(shape)"); return }
            #expect(vertices.allSatisfy { v in fitted.contains { Self.near($0, v, within: 5) } })
            guard case .polygon(let polygon) = ShapeRecognizer.annotationKind(for: shape) else { Issue.record("not a Polygon"); return }
            #expect(polygon.count == 3)
        }

        @Test func handDrawnEllipseWithAWobble() throws {
            // A slow wobble of the radius (a hand, not sensor noise) and a small closing gap.
            let points = F.sample(180) { t in
                let angle = t * 1.95 * .pi, wobble = 1 + 0.03 * sin(t * 9)
                return CGPoint(x: 300 + 90 * wobble * cos(angle), y: 400 + 50 * wobble * sin(angle))
            }
            guard case .ellipse? = ShapeRecognizer.recognize(points) else { Issue.record("not an ellipse"); return }
        }

        @Test func rectangleWithRoundedCorners() throws {
            // Corners drawn as small arcs, as a quick hand does.
            var points: [CGPoint] = []
            let box = CGRect(x: 50, y: 50, width: 240, height: 160), r: CGFloat = 8
            let centres = [CGPoint(x: box.maxX - r, y: box.minY + r), CGPoint(x: box.maxX - r, y: box.maxY - r),
                           CGPoint(x: box.minX + r, y: box.maxY - r), CGPoint(x: box.minX + r, y: box.minY + r)]
            for (index, centre) in centres.enumerated() {
                for step in 0...10 {
                    let angle = (CGFloat(index) - 1) * .pi / 2 + CGFloat(step) / 10 * .pi / 2
                    points.append(CGPoint(x: centre.x + r * cos(angle), y: centre.y + r * sin(angle)))
                }
            }
            points.append(points[0])
            let shape = try #require(ShapeRecognizer.recognize(F.polyline(points, perSide: 4)))
            guard case .rectangle(let rect) = shape else { Issue.record("got \(shape)"); return }
            #expect(abs(rect.minX - box.minX) < 4 && abs(rect.maxX - box.maxX) < 4)
            #expect(abs(rect.minY - box.minY) < 4 && abs(rect.maxY - box.maxY) < 4)
        }

        @Test func arrowRectCoversTheHead() {
            let shape = RecognizedShape.arrow(start: CGPoint(x: 0, y: 0), end: CGPoint(x: 100, y: 0))
            let rect = ShapeRecognizer.annotationRect(for: shape, lineWidth: 2)
            // The appearance's head is 8 pt long at width 2, sides at 30 degrees.
            #expect(rect.maxX >= 101 && rect.minY <= -4 && rect.maxY >= 4)
        }

        // MARK: - Things that stay ink

        @Test func scribbleStaysInk() {
            var noise = F.Noise(seed: 11)
            let points = (0..<300).map { _ in CGPoint(x: 200 + 80 * noise.next(), y: 200 + 80 * noise.next()) }
            #expect(ShapeRecognizer.recognize(points) == nil)
        }

        @Test func spiralStaysInk() {
            let points = F.sample(400) { t in
                let angle = t * 6 * .pi, radius = 10 + 90 * t
                return CGPoint(x: 200 + radius * cos(angle), y: 200 + radius * sin(angle))
            }
            #expect(ShapeRecognizer.recognize(points) == nil)
        }

        @Test func sCurveStaysInk() {
            let points = F.sample(300) { t in CGPoint(x: 100 + 200 * t, y: 200 + 60 * sin(t * 2 * .pi)) }
            #expect(ShapeRecognizer.recognize(points) == nil)
        }

        @Test func signatureLikeZigzagStaysInk() {
            let points = F.jittered(F.sample(400) { t in
                CGPoint(x: 100 + 250 * t + 12 * sin(t * 40), y: 200 + 25 * sin(t * 23) * cos(t * 7))
            }, by: 0.5)
            #expect(ShapeRecognizer.recognize(points) == nil)
        }

        @Test func gentleArcStaysInk() {
            let points = F.sample(200) { t in CGPoint(x: 100 + 200 * t, y: 100 + 120 * t * (1 - t)) }
            #expect(ShapeRecognizer.recognize(points) == nil)
        }

        @Test func checkMarkAndCornerStayInk() {
            let check = F.polyline([CGPoint(x: 100, y: 150), CGPoint(x: 130, y: 110), CGPoint(x: 220, y: 240)])
            let corner = F.polyline([CGPoint(x: 100, y: 300), CGPoint(x: 100, y: 100), CGPoint(x: 260, y: 100)])
            #expect(ShapeRecognizer.recognize(check) == nil)
            #expect(ShapeRecognizer.recognize(corner) == nil)
        }

        @Test func arrowPointingLeftAndDown() throws {
            let tip = CGPoint(x: 100, y: 100)
            let points = F.jittered(F.polyline([CGPoint(x: 300, y: 250), tip, CGPoint(x: 135, y: 105),
                                                tip, CGPoint(x: 110, y: 135)], perSide: 50), by: 1)
            guard case .arrow(_, let end)? = ShapeRecognizer.recognize(points) else { Issue.record("not an arrow"); return }
            #expect(Self.near(end, tip, within: 3))
        }

        @Test func degenerateInputIsNotAShape() {
            #expect(ShapeRecognizer.recognize([]) == nil)
            #expect(ShapeRecognizer.recognize([CGPoint(x: 1, y: 1)]) == nil)
            #expect(ShapeRecognizer.recognize([CGPoint(x: 1, y: 1), CGPoint(x: 1, y: 1)]) == nil)
            #expect(ShapeRecognizer.recognize([CGPoint(x: CGFloat.nan, y: 1), CGPoint(x: 2, y: CGFloat.infinity)]) == nil)
        }
    }
}

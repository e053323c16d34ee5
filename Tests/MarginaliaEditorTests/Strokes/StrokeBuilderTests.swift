import Foundation
import Marginalia
import Testing
@testable import MarginaliaEditor

extension StrokesTests {
    @Suite("Stroke builder")
    struct StrokeBuilderTests {
        @Test func emptyStrokeFinishesAsNothing() {
            #expect(StrokeBuilder().finish(zoom: 1) == nil)
        }

        @Test func onePointMakesADotWithTightBounds() throws {
            var builder = StrokeBuilder(width: 4)
            builder.append([StrokeSample(point: CGPoint(x: 10, y: 20), pressure: 0.5, time: 0)])
            let stroke = try #require(builder.finish(zoom: 1))
            #expect(stroke.points == [CGPoint(x: 10, y: 20)])
            #expect(stroke.bounds == CGRect(x: 8, y: 18, width: 4, height: 4))
        }

        @Test func nonFiniteSamplesAreDroppedAndRepeatsMerged() {
            var builder = StrokeBuilder()
            builder.append([
                StrokeSample(point: CGPoint(x: 0, y: 0), pressure: 0.3),
                StrokeSample(point: CGPoint(x: CGFloat.nan, y: 5), pressure: 0.5),
                StrokeSample(point: CGPoint(x: 0, y: 0), pressure: 0.9),
                StrokeSample(point: CGPoint(x: 3, y: CGFloat.infinity), pressure: 0.5),
                StrokeSample(point: CGPoint(x: 4, y: 4), pressure: .nan),
                StrokeSample(point: CGPoint(x: 5, y: 5), pressure: 7),
            ])
            #expect(builder.samples.map(\.point) == [CGPoint(x: 0, y: 0), CGPoint(x: 5, y: 5)])
            #expect(builder.samples.map(\.pressure) == [0.9, 1])
        }

        @Test func allNaNStrokeFinishesAsNothing() {
            var builder = StrokeBuilder()
            builder.append([StrokeSample(point: CGPoint(x: CGFloat.nan, y: CGFloat.nan))])
            #expect(builder.finish(zoom: 1) == nil)
        }

        @Test func predictedSamplesShowInThePreviewOnly() throws {
            var builder = StrokeBuilder()
            builder.append(StrokeFixtures.samples([CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0)]),
                           predicted: [StrokeSample(point: CGPoint(x: 50, y: 50))])
            #expect(builder.preview.last == CGPoint(x: 50, y: 50))
            builder.append([StrokeSample(point: CGPoint(x: 20, y: 0))])
            #expect(builder.preview.last == CGPoint(x: 20, y: 0))
            builder.predicted = [StrokeSample(point: CGPoint(x: 90, y: 90))]
            let stroke = try #require(builder.finish(zoom: 1))
            #expect(!stroke.points.contains(CGPoint(x: 90, y: 90)))
            #expect(stroke.bounds.maxX <= 20.5)
        }

        @Test(arguments: [0.5, 1.0, 4.0])
        func denseSmoothStrokeIsSimplifiedWithinTolerance(zoom: Double) throws {
            let samples = StrokeFixtures.smoothWave(count: 2000)
            var builder = StrokeBuilder(width: 2)
            builder.append(samples)
            let stroke = try #require(builder.finish(zoom: zoom))
            #expect(stroke.points.count < 2000 * 15 / 100)
            #expect(stroke.points.first == samples.first?.point)
            #expect(stroke.points.last == samples.last?.point)
            let tolerance = StrokeBuilder.tolerance(forZoom: zoom)
            let worst = samples.map { sample in
                (1..<stroke.points.count).map {
                    SegmentGeometry.distance(from: sample.point, toSegment: stroke.points[$0 - 1], stroke.points[$0])
                }.min()!
            }.max()!
            #expect(worst <= tolerance + 1e-9)
            // The drawn curve stays close to the input too.
            let curve = stroke.smoothedPath
            let curveWorst = samples.map { curve.distance(to: $0.point) }.max()!
            #expect(curveWorst <= tolerance + 0.05)
        }

        @Test func smoothedResultHasNoVisibleKinks() throws {
            var builder = StrokeBuilder()
            builder.append(StrokeFixtures.smoothWave(count: 2000))
            let stroke = try #require(builder.finish(zoom: 1))
            let flattened = try #require(stroke.smoothedPath.flattened(tolerance: 0.05).first)
            let turns = StrokeFixtures.turnAngles(flattened.points)
            #expect(!turns.isEmpty)
            #expect(turns.max()! < 10)
        }

        @Test func higherZoomKeepsMorePoints() throws {
            var builder = StrokeBuilder()
            builder.append(StrokeFixtures.smoothWave(count: 2000))
            let near = try #require(builder.finish(zoom: 8)), far = try #require(builder.finish(zoom: 0.5))
            #expect(near.points.count > far.points.count)
        }

        @Test func toleranceFollowsTheZoom() {
            #expect(StrokeBuilder.tolerance(forZoom: 1) == 0.25)
            #expect(StrokeBuilder.tolerance(forZoom: 4) == 0.0625)
            #expect(StrokeBuilder.tolerance(forZoom: 0) == 0.25)
            #expect(StrokeBuilder.tolerance(forZoom: .nan) == 0.25)
        }

        @Test func pressureIsKeptPerPoint() throws {
            let samples = StrokeFixtures.smoothWave(count: 2000)
            var builder = StrokeBuilder()
            builder.append(samples)
            let stroke = try #require(builder.finish(zoom: 1))
            let pressures = try #require(stroke.pressures)
            #expect(pressures.count == stroke.points.count)
            for (point, pressure) in zip(stroke.points, pressures) {
                let sample = try #require(samples.first { $0.point == point })
                #expect(sample.pressure == pressure)
            }
            #expect(pressures.max()! > 0.75)
            #expect(pressures.first! < 0.25)
        }

        @Test func constantPressureStoresNoPressures() throws {
            var builder = StrokeBuilder()
            builder.append(StrokeFixtures.samples([CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 3), CGPoint(x: 20, y: 0)]))
            #expect(try #require(builder.finish(zoom: 1)).pressures == nil)
        }

        @Test func boundsAreTightAroundTheCurvePlusHalfTheWidth() throws {
            var builder = StrokeBuilder(width: 6)
            builder.append(StrokeFixtures.samples([CGPoint(x: 100, y: 100), CGPoint(x: 200, y: 100), CGPoint(x: 200, y: 150)]))
            let stroke = try #require(builder.finish(zoom: 1))
            // Exactly the drawn curve's extent (Catmull–Rom bulges a little at the corner)
            // plus half the width: nothing like the page.
            #expect(stroke.bounds == stroke.smoothedPath.bounds.insetBy(dx: -3, dy: -3))
            #expect(abs(stroke.bounds.minX - 97) < 1e-9)
            #expect(abs(stroke.bounds.maxY - 153) < 1e-9)
            #expect(stroke.bounds.width < 115 && stroke.bounds.height < 65)
        }

        @Test func millionPointStrokeFinishes() throws {
            var noise = StrokeFixtures.Noise(seed: 3)
            var samples: [StrokeSample] = []
            samples.reserveCapacity(1_000_000)
            var point = CGPoint(x: 300, y: 400)
            for index in 0..<1_000_000 {
                point.x += noise.next() * 2
                point.y += noise.next() * 2
                samples.append(StrokeSample(point: point, pressure: 0.5, time: Double(index)))
            }
            var builder = StrokeBuilder()
            builder.append(samples)
            let start = Date()
            let stroke = try #require(builder.finish(zoom: 1))
            #expect(Date().timeIntervalSince(start) < 120)
            #expect(stroke.points.count > 1 && stroke.points.count < 1_000_000)
        }
    }
}

#if !hasFeature(Embedded)
import Foundation
#endif

/// One pen, finger or mouse sample of a stroke, already mapped into page space.
public struct StrokeSample: Hashable, Sendable {
    /// Where the pointer was, in page space (PDF points, y up).
    public var point: CGPoint
    /// How hard the pen pressed, 0...1; mice and fingers report a constant.
    public var pressure: Double
    /// When the sample was taken, in seconds on the editor clock.
    public var time: Double

    public init(point: CGPoint, pressure: Double = 1, time: Double = 0) {
        self.point = point
        self.pressure = pressure
        self.time = time
    }

    /// True when every number is finite, so the sample can be drawn and stored.
    var isFinite: Bool {
        point.x.isFinite && point.y.isFinite && pressure.isFinite && time.isFinite
    }

    /// The sample with its pressure clamped into 0...1.
    var clamped: StrokeSample {
        StrokeSample(point: point, pressure: min(1, max(0, pressure)), time: time)
    }
}

/// A completed stroke ready to become an ink annotation: simplified points, one pressure per
/// point when pressure varied, and the tight bounds of what will be drawn.
public struct FinishedStroke: Hashable, Sendable {
    /// The kept points in page space, in drawing order; one point is a dot.
    public var points: [CGPoint]
    /// One pressure per point, or nil when the stroke's pressure never varied (a mouse or a
    /// finger), so the annotation is drawn at constant width.
    public var pressures: [Double]?
    /// The tight bounds of the smoothed curve outset by half the stroke width: the
    /// annotation's /Rect, never the page's bounds.
    public var bounds: CGRect

    public init(points: [CGPoint], pressures: [Double]?, bounds: CGRect) {
        self.points = points
        self.pressures = pressures
        self.bounds = bounds
    }

    /// The curve the appearance draws: a Catmull–Rom spline through the kept points.
    public var smoothedPath: BezierPath { BezierPath.smoothed(points: points) }
}

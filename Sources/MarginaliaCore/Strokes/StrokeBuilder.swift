#if !hasFeature(Embedded)
import Foundation
#endif

/// Collects the samples of one stroke while it is drawn and turns them into a
/// ``FinishedStroke`` when it ends.
///
/// Coalesced samples are committed with ``append(_:predicted:)``; predicted samples (where
/// the platform guesses the pen is going) only extend the ``preview`` and are replaced by the
/// next event, never committed. The preview is deliberately cheap (no smoothing, no
/// simplification) so it can be redrawn at every event; the expensive work happens once, in
/// ``finish(zoom:)``.
public struct StrokeBuilder: Sendable {
    /// The stroke's nominal width in page points, used for the bounds of the result.
    public var width: Double
    /// The committed samples, finite, with pressure clamped to 0...1 and no consecutive
    /// repeats of a point.
    public private(set) var samples: [StrokeSample] = []
    /// The latest event's predicted samples: shown in the preview only.
    public var predicted: [StrokeSample] = [] {
        didSet { predicted = predicted.filter({ $0.isFinite }).map({ $0.clamped }) }
    }

    /// The largest distance, in view pixels, the finished stroke may stray from the samples.
    /// A quarter pixel is below what anyone sees, at any zoom.
    public static let toleranceInViewPixels: Double = 0.25

    public init(width: Double = 1) {
        self.width = width.isFinite ? max(0, width) : 1
    }

    /// True when no sample has been committed.
    public var isEmpty: Bool { samples.isEmpty }

    /// Commits an event's coalesced samples and replaces the predicted ones.
    ///
    /// Samples with a NaN or infinite coordinate, pressure or time are dropped. A sample at
    /// the same point as the previous one is merged into it, keeping the higher pressure (a
    /// pen pressing harder on one spot should draw a bigger dot).
    public mutating func append(_ newSamples: [StrokeSample], predicted: [StrokeSample] = []) {
        for sample in newSamples where sample.isFinite {
            let sample = sample.clamped
            if let last = samples.last, last.point == sample.point {
                samples[samples.count - 1].pressure = max(last.pressure, sample.pressure)
            } else {
                samples.append(sample)
            }
        }
        self.predicted = predicted
    }

    /// The points to draw while the stroke is in progress: the committed points followed by
    /// the predicted ones, as straight segments.
    public var preview: [CGPoint] {
        samples.map({ $0.point }) + predicted.map({ $0.point })
    }

    /// The page-space tolerance for a zoom: ``toleranceInViewPixels`` divided by the zoom
    /// (view pixels per page point). A zoom that is not a positive finite number counts as 1.
    public static func tolerance(forZoom zoom: Double) -> CGFloat {
        let zoom = zoom.isFinite && zoom > 0 ? zoom : 1
        return CGFloat(toleranceInViewPixels / zoom)
    }

    /// The stroke to store: simplified with a tolerance tied to the zoom, or nil when no
    /// sample was committed. One point gives a one-point stroke, drawn as a dot.
    ///
    /// Simplification is a radial filter (a quarter of the tolerance) followed by
    /// Ramer–Douglas–Peucker (the remaining three quarters), so every committed sample lies
    /// within the tolerance of the simplified polyline. Each kept point keeps its own
    /// sample's pressure; the appearance interpolates between kept points. Pressures are nil
    /// when every sample had the same pressure.
    ///
    /// - Parameter zoom: View pixels per page point when the stroke ended.
    public func finish(zoom: Double) -> FinishedStroke? {
        guard !samples.isEmpty else { return nil }
        let tolerance = StrokeBuilder.tolerance(forZoom: zoom)
        let raw = samples.map({ $0.point })
        let filtered = StrokeSimplifier.radialFilter(raw, radius: tolerance / 4)
        let filteredPoints = filtered.map { raw[$0] }
        let kept = StrokeSimplifier.keptIndices(of: filteredPoints, tolerance: tolerance * 3 / 4)
            .map { filtered[$0] }
        let points = kept.map { raw[$0] }
        let firstPressure = samples[0].pressure
        let varies = samples.contains { $0.pressure != firstPressure }
        let pressures = varies ? kept.map { samples[$0].pressure } : nil
        let halfWidth = CGFloat(width / 2)
        let curveBounds = BezierPath.smoothed(points: points).bounds
        return FinishedStroke(points: points, pressures: pressures,
                              bounds: curveBounds.insetBy(dx: -halfWidth, dy: -halfWidth))
    }
}

#if !hasFeature(Embedded)
import Foundation
#endif

/// A signature drawn in the Sign tool's signing pad, placed on a page as ink.
///
/// The pad is a box of its own (`padSize`, CSS pixels, origin at the top left, y down, as
/// the browser reports pointer positions); a signature is kept as the samples each stroke
/// had there, so it can be placed at any size. Placing it maps the pad onto the page rect
/// the Sign tool's tap gave (the pad's proportions kept: the placement asks for them) and
/// finishes each stroke with the Draw tool's own code (``StrokeBuilder``: the same
/// simplification, and pressure kept where it varies), so a signature is ink as a stroke
/// drawn on the page would be, with one path per stroke in one annotation.
public struct HandwrittenSignature: Sendable {
    /// Each stroke's samples in pad space.
    public var strokes: [[StrokeSample]]
    /// The pad's width and height.
    public var padSize: CGSize

    /// The most strokes and samples a signature holds: a hand signs with tens of strokes and
    /// a few thousand samples; this bounds what one placement costs.
    public static let maximumStrokes = 200
    public static let maximumSamples = 50_000

    public init(strokes: [[StrokeSample]], padSize: CGSize) {
        self.strokes = strokes
        self.padSize = padSize
    }

    /// The map from pad space onto `rect` in page space: uniform scale (the smaller of the
    /// two ratios, centred on the other axis) and the y axis turned up.
    public func padToPage(_ rect: CGRect) -> AffineTransform {
        let scale = min(rect.width / padSize.width, rect.height / padSize.height)
        let dx = rect.minX + (rect.width - padSize.width * scale) / 2
        let dy = rect.minY + (rect.height - padSize.height * scale) / 2
        return AffineTransform(m11: scale, m12: 0, m21: 0, m22: -scale, tX: dx, tY: dy + padSize.height * scale)
    }

    /// The finished strokes placed in `rect`, drawn `width` page points wide: each stroke's
    /// samples mapped onto the page and finished as the Draw tool finishes a stroke at the
    /// zoom that maps pad pixels onto the page (so it keeps the detail the pad showed).
    /// Pressures are kept for every stroke when `usesPressure` and any stroke's pressure
    /// varies; otherwise none are (the ink is then drawn at one width).
    public func finished(in rect: CGRect, width: Double, usesPressure: Bool) -> (paths: [[CGPoint]], pressures: [[Double]]?) {
        let t = padToPage(rect)
        let scale = Double(t.m11)
        let zoom = scale > 0 ? 1 / scale : 1
        var paths: [[CGPoint]] = []
        var pressures: [[Double]] = []
        var varies = false
        for stroke in strokes {
            var builder = StrokeBuilder(width: width)
            builder.append(stroke.map { StrokeSample(point: t.transform($0.point), pressure: $0.pressure, time: $0.time) })
            guard let done = builder.finish(zoom: zoom) else { continue }
            paths.append(done.points)
            if let p = done.pressures { varies = true; pressures.append(p) } else {
                pressures.append(Array(repeating: stroke.first?.clamped.pressure ?? 1, count: done.points.count))
            }
        }
        return (paths, usesPressure && varies ? pressures : nil)
    }
}

#if !hasFeature(Embedded)
import Foundation
#endif

/// How one ink stroke is drawn: the one definition the appearance stream (Marginalia), the
/// hit tests and the browser's live preview and overlay (through the WebAssembly build) all
/// use, so what the pen shows while drawing is what the saved file shows.
///
/// Without pressure a stroke is the Catmull–Rom curve through its points, stroked with the
/// annotation's width, round caps and joins. With pressure it is a filled outline
/// (``VariableWidthStroke``) whose width at each point is ``width(_:pressure:)``.
public enum InkOutline {
    /// The widest a pressure stroke gets, as a multiple of its nominal width (at full pressure).
    public static let maximumWidthFactor = 1.5
    /// The lightest pressure drawn (a lighter touch still draws this wide).
    public static let minimumPressure = 0.1
    /// How far the saved appearance of a stroke without pressure may stray from its curve,
    /// in points: the appearance writes the curve with fewer cubics
    /// (``BezierPath/fittingCurves(tolerance:)``), a twentieth of the thinnest pen weight and
    /// far under a pixel at any zoom a page is read at, where one cubic per sample made the
    /// ink three times the size of a stroke of straight segments.
    public static let appearanceTolerance: CGFloat = 0.05

    /// The full width of a pressure stroke at a sample of `pressure` (0...1).
    public static func width(_ width: Double, pressure: Double) -> CGFloat {
        let p = pressure.isFinite ? min(1, max(minimumPressure, pressure)) : 1
        return CGFloat(width * p * maximumWidthFactor)
    }

    /// One stroke's path and whether it is filled (pressure) or stroked with `width`.
    /// Non-finite points are dropped; a single point is a dot.
    public static func path(points: [CGPoint], pressures: [Double]?, width: Double) -> (path: BezierPath, filled: Bool) {
        if let pressures {
            var clean: [CGPoint] = [], widths: [CGFloat] = []
            for (index, point) in points.enumerated() where point.x.isFinite && point.y.isFinite {
                clean.append(point)
                widths.append(Self.width(width, pressure: index < pressures.count ? pressures[index] : (pressures.last ?? 1)))
            }
            guard !clean.isEmpty else { return (BezierPath(), true) }
            return (VariableWidthStroke.outline(points: clean, widths: widths), true)
        }
        let clean = points.filter { $0.x.isFinite && $0.y.isFinite }
        guard let first = clean.first else { return (BezierPath(), false) }
        if clean.count == 1 {
            // A zero-length segment, which round caps turn into a disc.
            return (BezierPath(polyline: [first, first], closed: false), false)
        }
        return (BezierPath.smoothed(points: clean), false)
    }
}

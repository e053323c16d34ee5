#if !hasFeature(Embedded)
import Foundation
#endif

/// The layers each textured brush is made of. Every length is a fraction of the ink's
/// nominal width, so a brush looks the same at any width.
struct BrushStyle {
    struct Layer {
        /// Line width.
        var width: Double
        /// Distance of the layer's centreline from the stroke's, to the left of travel.
        var offset: Double
        /// Amplitude of a slow wobble across the stroke, so layers do not run parallel.
        var jitter: Double
        /// Opacity of the layer.
        var alpha: Double
        /// Line cap: 0 butt (rough, broken ends), 1 round.
        var cap: Int
        /// Dash lengths in points drawn from these ranges (on, off): the grain. nil is solid.
        var grain: (on: ClosedRange<Double>, off: ClosedRange<Double>)?
        /// With pressure, this layer is the filled outline whose width follows it.
        var followsPressure: Bool = false
    }

    var layers: [Layer]
    var blendMode: String?

    /// The layers of `brush` for ink `width` points wide. Grain (dash lengths) is measured in
    /// points, not widths: paper's tooth has one size whatever the pencil's width.
    static func of(_ brush: InkBrush, width: Double) -> BrushStyle {
        switch brush {
        case .pen, .fountainPen:
            // Drawn elsewhere (a plain stroke, a nib outline); one solid layer if asked.
            return BrushStyle(layers: [Layer(width: 1, offset: 0, jitter: 0, alpha: 1, cap: 1, grain: nil, followsPressure: true)])
        case .monoline:
            // One stroked line at the nominal width, round caps and joins; never a pressure outline.
            return BrushStyle(layers: [Layer(width: 1, offset: 0, jitter: 0, alpha: 1, cap: 1, grain: nil)])
        case .pencil:
            // A light body of graphite, and fine streaks across it broken by the paper's tooth.
            return BrushStyle(layers: [Layer(width: 0.95, offset: 0, jitter: 0.03, alpha: 0.2, cap: 1, grain: nil, followsPressure: true)]
                + streaks(width: width, spacing: 0.7, thickness: 0.45...0.8, alpha: 0.35...0.6,
                          grain: (on: 0.6...3.5, off: 0.3...1.6), seed: 1))
        case .marker:
            // Translucent ink laid over the page (not multiplied: a red marker stays red on a
            // dark photo, as a marker's colour does); ink pools a little at the rims.
            return BrushStyle(layers: [
                Layer(width: 1, offset: 0, jitter: 0, alpha: 0.7, cap: 1, grain: nil, followsPressure: true),
                Layer(width: 0.12, offset: 0.43, jitter: 0.02, alpha: 0.22, cap: 1, grain: nil),
                Layer(width: 0.12, offset: -0.43, jitter: 0.02, alpha: 0.22, cap: 1, grain: nil),
                Layer(width: 0.1, offset: 0.12, jitter: 0.06, alpha: 0.12, cap: 1, grain: nil),
            ])
        case .crayon:
            // A thin waxy body and coarse, broken streaks that leave the paper showing.
            return BrushStyle(layers: [Layer(width: 0.9, offset: 0, jitter: 0.04, alpha: 0.18, cap: 1, grain: nil, followsPressure: true)]
                + streaks(width: width, spacing: 1.1, thickness: 0.8...1.4, alpha: 0.5...0.75,
                          grain: (on: 0.4...2.5, off: 0.4...1.8), seed: 2))
        case .watercolor:
            // Widening washes: colour builds up towards the middle, edges stay soft.
            return BrushStyle(layers: [
                Layer(width: 1.4, offset: 0, jitter: 0.1, alpha: 0.12, cap: 1, grain: nil),
                Layer(width: 1.15, offset: 0.06, jitter: 0.08, alpha: 0.14, cap: 1, grain: nil),
                Layer(width: 0.9, offset: -0.05, jitter: 0.06, alpha: 0.18, cap: 1, grain: nil, followsPressure: true),
                Layer(width: 0.55, offset: 0.03, jitter: 0.1, alpha: 0.2, cap: 1, grain: nil),
            ], blendMode: "Multiply")
        }
    }

    /// Thin broken lines spread across the stroke, one every `spacing` points (at least two,
    /// at most sixteen), each `thickness` points thick, with its own wobble, opacity and
    /// dash pattern drawn from the ranges.
    private static func streaks(width: Double, spacing: Double, thickness: ClosedRange<Double>, alpha: ClosedRange<Double>,
                                grain: (on: ClosedRange<Double>, off: ClosedRange<Double>), seed: UInt64) -> [Layer] {
        let width = max(width, 0.1)
        let count = Int(saturating: (width / spacing).rounded(), in: 2...16)
        var random = BrushRandom(seed: seed &* 0xD6E8_FEB8_6659_FD93)
        return (0..<count).map { i in
            // Evenly across the middle 90% of the stroke, nudged so the streaks are not regular.
            let position = (Double(i) + 0.5) / Double(count) - 0.5
            let lineWidth = min(random.next(in: thickness), width * 0.6)
            let nudge = random.next(in: -0.15...0.15) / Double(count)
            return Layer(width: lineWidth / width, offset: (position + nudge) * 0.9, jitter: 0.05 + 0.1 / Double(count),
                         alpha: random.next(in: alpha), cap: 0, grain: grain)
        }
    }
}

/// Centrelines moved sideways for a layer.
enum BrushGeometry {
    /// The most wobble knots one centreline gets (a stroke longer than this many wavelengths
    /// gets longer waves).
    static let maximumKnots = 65_536

    /// `points` moved `offset` to the left of travel plus a smooth wobble of amplitude
    /// `jitter` that changes over about `wavelength` points of arc length.
    static func offset(_ points: [CGPoint], by offset: Double, jitter: Double, wavelength: Double,
                       random: inout BrushRandom) -> [CGPoint] {
        guard points.count > 1, offset != 0 || jitter != 0 else { return points }
        // Knots of the wobble, one per wavelength, eased between (smoothstep).
        var length = 0.0
        var arc: [Double] = [0]
        for i in 1..<points.count {
            length += Double(hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y))
            arc.append(length)
        }
        // A stroke no page could hold (its length overflows) is left as it is; a very long one
        // gets longer waves, so the knots stay a bounded list whatever the file says.
        guard length.isFinite else { return points }
        let step = max(wavelength, length / Double(maximumKnots))
        let knots = (0...(Int(saturating: length / step, in: 0...maximumKnots) + 1)).map { _ in random.next(in: -1...1) }
        func wobble(_ s: Double) -> Double {
            let t = s / step
            let i = Int(saturating: t, in: 0...(knots.count - 2))
            let f = t - Double(i)
            let eased = f * f * (3 - 2 * f)
            return knots[i] + (knots[i + 1] - knots[i]) * eased
        }
        return points.indices.map { i in
            let before = points[max(0, i - 1)], after = points[min(points.count - 1, i + 1)]
            let dx = Double(after.x - before.x), dy = Double(after.y - before.y)
            let norm = hypot(dx, dy)
            guard norm > 0 else { return points[i] }
            let shift = offset + jitter * wobble(arc[i])
            return CGPoint(x: points[i].x + CGFloat(-dy / norm * shift), y: points[i].y + CGFloat(dx / norm * shift))
        }
    }
}

/// SplitMix64: a tiny generator whose sequence depends only on its seed, so a brush's grain
/// is the same on every machine and every run.
struct BrushRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func nextBits() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number spread evenly over `range`.
    mutating func next(in range: ClosedRange<Double>) -> Double {
        // UInt64: Int is 32 bits wide in the WebAssembly build, where 1 << 53 would be 0.
        let unit = Double(nextBits() >> 11) / Double(UInt64(1) << 53)
        return range.lowerBound + (range.upperBound - range.lowerBound) * unit
    }
}

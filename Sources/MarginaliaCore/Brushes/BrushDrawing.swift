#if !hasFeature(Embedded)
import Foundation
#endif

/// One layer of a textured ink stroke as plain vector drawing: a path stroked (or filled)
/// once, in the ink's colour, at a fraction of the ink's opacity.
///
/// Each layer is one painting operator over every stroke of the annotation, so a layer
/// crossing itself is not darker where it crosses; the texture comes from layers lying over
/// one another with small offsets, different widths and dash patterns (the grain).
public struct BrushMark: Hashable, Sendable {
    /// How the path is painted.
    public enum Paint: Hashable, Sendable {
        /// Stroked `width` points wide with line cap `cap` (0 butt, 1 round, 2 square), round
        /// joins, and the dash lengths `dash` (empty: solid).
        case stroke(width: Double, cap: Int, dash: [Double])
        /// Filled with the nonzero rule (a variable-width outline).
        case fill
    }

    /// The path in page space.
    public var path: BezierPath
    public var paint: Paint
    /// This layer's opacity, which the annotation's own opacity multiplies.
    public var alpha: Double
}

/// What a brush draws for an ink annotation: layers in painting order, the blend mode they
/// are painted with, and how far they reach beyond the centreline.
///
/// The appearance stream writes these marks (Marginalia); the browser draws the same marks
/// through the engine bridge (`inkPaths`, the live stroke's preview, `brushSample`), so the
/// preview is the stroke the file will hold.
public struct BrushDrawing: Hashable, Sendable {
    public var marks: [BrushMark]
    /// A PDF blend mode (`Multiply`) for every layer, or nil for Normal.
    public var blendMode: String?
    /// The greatest distance, in points, from a centreline point to anything drawn.
    public var reach: Double

    /// The layers `brush` draws for strokes through `paths` of nominal `width`, with optional
    /// per-point `pressures` (0...1, parallel to `paths`; a brush that does not follow
    /// pressure, ``InkBrush/followsPressure``, ignores them). The drawing depends only on its
    /// arguments: drawing the same ink twice gives the same bytes.
    public static func make(_ brush: InkBrush, paths: [[CGPoint]], pressures: [[Double]]?, width: Double) -> BrushDrawing {
        let strokes = paths.map { $0.filter { $0.x.isFinite && $0.y.isFinite } }
        let pressures = brush.followsPressure ? pressures : nil
        let width = width.isFinite ? max(0, width) : 0
        if brush == .fountainPen { return fountainPen(strokes, pressures: pressures, width: width) }
        let style = BrushStyle.of(brush, width: width)
        let pressureScale = pressures.map(BrushDrawing.meanPressureScale) ?? 1
        var marks: [BrushMark] = []
        var reach = 0.0
        for (index, layer) in style.layers.enumerated() {
            let layerWidth = max(0.05, width * layer.width * pressureScale)
            reach = max(reach, width * ((layer.followsPressure && pressures != nil ? 0.75 : layer.width * pressureScale / 2)
                                        + abs(layer.offset) + layer.jitter))
            var path = BezierPath()
            if layer.followsPressure, let pressures {
                for (stroke, pressure) in zip(strokes, pressures) {
                    let widths = pressure.map { CGFloat(width * layer.width * BrushDrawing.pressureFactor($0)) }
                    path.append(VariableWidthStroke.outline(points: stroke, widths: widths))
                }
                marks.append(BrushMark(path: path, paint: .fill, alpha: layer.alpha))
                continue
            }
            for (strokeIndex, stroke) in strokes.enumerated() where !stroke.isEmpty {
                // Seeded by the layer and the stroke's place, not its length: a stroke being drawn
                // keeps the wobble it started with as it grows (the live preview is the saved look).
                var random = BrushRandom(seed: UInt64(index + 1) &* 0x9E37_79B9 ^ UInt64(strokeIndex) &* 0x85EB_CA6B)
                let moved = BrushGeometry.offset(stroke, by: layer.offset * width, jitter: layer.jitter * width,
                                                 wavelength: max(2, 4 * width), random: &random)
                path.append(moved.count == 1 ? BezierPath(polyline: [moved[0], moved[0]], closed: false)
                                             : BezierPath.smoothed(points: moved))
            }
            var dash: [Double] = []
            if let grain = layer.grain {
                var random = BrushRandom(seed: UInt64(index + 1) &* 0xC2B2_AE35 ^ UInt64(brush.hashSeed))
                dash = (0..<16).map { i in
                    let range = i % 2 == 0 ? grain.on : grain.off
                    return max(0.2, random.next(in: range)).rounded(toPlaces: 3)
                }
            }
            marks.append(BrushMark(path: path, paint: .stroke(width: layerWidth, cap: layer.cap, dash: dash), alpha: layer.alpha))
        }
        return BrushDrawing(marks: marks, blendMode: style.blendMode, reach: reach)
    }

    /// The width factor a pressure gives (the pen's rule: 0.1 to 1, times 1.5).
    static func pressureFactor(_ pressure: Double) -> Double {
        max(0.1, min(1, pressure.isFinite ? pressure : 1)) * 1.5
    }

    static func meanPressureScale(_ pressures: [[Double]]) -> Double {
        let all = pressures.joined()
        guard !all.isEmpty else { return 1 }
        return all.reduce(0) { $0 + pressureFactor($1) } / Double(all.count)
    }

    /// A broad nib at 45°: the width at each point follows the angle between the direction of
    /// travel and the nib (and the pressure, when there is one); one filled outline.
    private static func fountainPen(_ strokes: [[CGPoint]], pressures: [[Double]]?, width: Double) -> BrushDrawing {
        var path = BezierPath()
        for (index, stroke) in strokes.enumerated() where !stroke.isEmpty {
            let pressure = pressures.flatMap { index < $0.count ? $0[index] : nil }
            let widths = stroke.indices.map { i -> CGFloat in
                let before = stroke[max(0, i - 1)], after = stroke[min(stroke.count - 1, i + 1)]
                let angle = atan2(Double(after.y - before.y), Double(after.x - before.x))
                let across = before == after ? 1 : abs(sin(angle - Double.pi / 4))
                let factor = pressure.map { i < $0.count ? pressureFactor($0[i]) : 1 } ?? 1
                return CGFloat(width * (0.25 + 0.95 * across) * factor)
            }
            path.append(VariableWidthStroke.outline(points: stroke, widths: widths))
        }
        let reach = width * 1.2 * (pressures == nil ? 1 : 1.5) / 2
        return BrushDrawing(marks: [BrushMark(path: path, paint: .fill, alpha: 1)], blendMode: nil, reach: reach)
    }
}

extension InkBrush {
    /// A fixed number per brush that seeds its grain (stable across runs, unlike `hashValue`).
    var hashSeed: Int {
        InkBrush.allCases.firstIndex(of: self) ?? 0
    }
}

extension Double {
    func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}

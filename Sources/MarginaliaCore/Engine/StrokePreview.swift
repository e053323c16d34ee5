#if !hasFeature(Embedded)
import Foundation
#endif

/// The live preview of a stroke being drawn, with the widths the finished ink will have.
///
/// The finished ink (``InkOutline``) is a stroked curve of the preset's width when pressure
/// does not vary (mice, fingers, a preset without pressure), and a filled outline of widths
/// ``InkOutline/width(_:pressure:)`` when it does. The preview uses the same rule and the
/// same widths, drawn as the union of one tapered capsule per pair of samples (two discs
/// joined by their common tangents): a piece is added per new sample, so each event costs
/// the same however long the stroke is, and the union matches the finished outline to well
/// under a pixel (the finished curve is the smoothed, simplified centreline of the same
/// samples). Everything is filled with the nonzero rule.
///
/// A value made when asked (``EditorEngine/preview``) over the stroke's samples: it shares
/// them and is let go before the stroke grows, so they are never copied.
public struct StrokePreview: Sendable {
    public let preset: InkPreset
    public let samples: [StrokeSample]
    public let predicted: [StrokeSample]
    /// Whether pressure varies along the stroke (and the preset uses it): the widths follow it.
    public let followsPressure: Bool

    public init(preset: InkPreset, samples: [StrokeSample], predicted: [StrokeSample], followsPressure: Bool) {
        self.preset = preset
        self.samples = samples
        self.predicted = predicted
        self.followsPressure = followsPressure
    }

    /// Whether a stroke's widths follow its pressure: the preset applies pressure
    /// (``InkPreset/appliesPressure``) and the samples' pressures differ (the finished stroke
    /// keeps pressures only then).
    public static func followsPressure(_ preset: InkPreset, first: StrokeSample?, next samples: ArraySlice<StrokeSample>) -> Bool {
        guard preset.appliesPressure, let first else { return false }
        return samples.contains { $0.pressure != first.pressure }
    }

    /// The full width drawn at a sample.
    public func width(at sample: StrokeSample) -> CGFloat {
        followsPressure ? InkOutline.width(preset.width, pressure: sample.pressure) : CGFloat(preset.width)
    }

    /// The pieces for samples `from...` (a disc for the first sample, then a capsule from
    /// each sample's predecessor), to add to what was drawn before.
    public func pieces(from start: Int) -> BezierPath {
        var path = BezierPath()
        guard !samples.isEmpty else { return path }
        let first = max(0, start)
        for index in first..<samples.count {
            if index == 0 {
                Self.addDisc(&path, samples[0].point, width(at: samples[0]) / 2)
            } else {
                Self.addCapsule(&path, samples[index - 1].point, width(at: samples[index - 1]) / 2,
                                samples[index].point, width(at: samples[index]) / 2)
            }
        }
        return path
    }

    /// The pieces from the last committed sample through the predicted ones (replaced at
    /// every event).
    public var tail: BezierPath {
        var path = BezierPath()
        guard var previous = samples.last else { return path }
        for sample in predicted {
            Self.addCapsule(&path, previous.point, width(at: previous) / 2, sample.point, width(at: sample) / 2)
            previous = sample
        }
        return path
    }

    // MARK: - Geometry

    /// A disc as four quarter arcs, anticlockwise in page space.
    static func addDisc(_ path: inout BezierPath, _ c: CGPoint, _ r: CGFloat) {
        guard r > 0, c.x.isFinite, c.y.isFinite else { return }
        let k = r * 0.5522847498
        path.move(to: CGPoint(x: c.x + r, y: c.y))
        path.addCurve(to: CGPoint(x: c.x, y: c.y + r), control1: CGPoint(x: c.x + r, y: c.y + k), control2: CGPoint(x: c.x + k, y: c.y + r))
        path.addCurve(to: CGPoint(x: c.x - r, y: c.y), control1: CGPoint(x: c.x - k, y: c.y + r), control2: CGPoint(x: c.x - r, y: c.y + k))
        path.addCurve(to: CGPoint(x: c.x, y: c.y - r), control1: CGPoint(x: c.x - r, y: c.y - k), control2: CGPoint(x: c.x - k, y: c.y - r))
        path.addCurve(to: CGPoint(x: c.x + r, y: c.y), control1: CGPoint(x: c.x + k, y: c.y - r), control2: CGPoint(x: c.x + r, y: c.y - k))
        path.close()
    }

    /// Two discs and the quadrilateral between their outer common tangents, all
    /// anticlockwise, so their union is the tapered capsule.
    static func addCapsule(_ path: inout BezierPath, _ a: CGPoint, _ ra: CGFloat, _ b: CGPoint, _ rb: CGFloat) {
        addDisc(&path, b, rb)
        let dx = b.x - a.x, dy = b.y - a.y
        let d = hypot(dx, dy)
        // One disc inside the other: the bigger one is the whole piece (a is drawn already).
        guard d > abs(ra - rb), d > 0 else { return }
        let theta = atan2(dy, dx)
        let alpha = acos((ra - rb) / d)
        func at(_ c: CGPoint, _ r: CGFloat, _ angle: CGFloat) -> CGPoint { CGPoint(x: c.x + r * cos(angle), y: c.y + r * sin(angle)) }
        // Tangent points at θ ± α on each disc; walk them anticlockwise.
        path.move(to: at(a, ra, theta - alpha))
        path.addLine(to: at(b, rb, theta - alpha))
        path.addLine(to: at(b, rb, theta + alpha))
        path.addLine(to: at(a, ra, theta + alpha))
        path.close()
    }
}

extension BezierPath {
    /// The path as SVG path data in page coordinates (`M x y L x y C ... Z`), numbers with
    /// at most `decimals` decimals: what the browser draws, inside a group carrying the page
    /// transform.
    public func svgPathData(decimals: Int = 2) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(elements.count * 16)
        appendSVGPathData(to: &out, decimals: decimals)
        return String(decoding: out, as: UTF8.self)
    }

    /// ``svgPathData(decimals:)``'s text as UTF-8, appended to `out`: the one writer of it, for
    /// the JSON answers and for the binary answer of a pointer event
    /// (``EngineBridge/pointer(numbers:)``), which hands the bytes to the browser as they are.
    public func appendSVGPathData(to out: inout [UInt8], decimals: Int = 2) {
        var scale = 1.0
        for _ in 0..<max(0, min(6, decimals)) { scale *= 10 }
        func number(_ value: CGFloat) {
            out.append(UInt8(ascii: " "))
            JSONWriter.writeNumber((Double(value) * scale).rounded() / scale, to: &out)
        }
        for element in elements {
            switch element {
            case .move(let p):
                out.append(UInt8(ascii: "M")); number(p.x); number(p.y)
            case .line(let p):
                out.append(UInt8(ascii: "L")); number(p.x); number(p.y)
            case .curve(let p, let c1, let c2):
                out.append(UInt8(ascii: "C")); number(c1.x); number(c1.y); number(c2.x); number(c2.y); number(p.x); number(p.y)
            case .close:
                out.append(UInt8(ascii: "Z"))
            }
        }
    }
}

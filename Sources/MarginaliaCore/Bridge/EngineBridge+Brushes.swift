#if !hasFeature(Embedded)
import Foundation
#endif

// What the browser draws for brushed ink (``InkBrush``): the layers ``BrushDrawing`` makes,
// the same marks the appearance stream paints, as SVG path data with their paint.

extension EngineBridge {
    /// The marks of `drawing` as `[{d, filled, alpha, blendMode?}]` (a filled outline) or
    /// `[{d, filled: false, width, cap, dash, alpha, blendMode?}]` (a stroked layer), the blend
    /// mode in CSS's words (`multiply`); empty layers are left out.
    static func marksJSON(_ drawing: BrushDrawing) -> [JSONValue] {
        drawing.marks.compactMap { mark -> JSONValue? in
            guard !mark.path.isEmpty else { return nil }
            var pairs: [(String, JSONValue)] = [("d", .string(mark.path.svgPathData(decimals: 3)))]
            switch mark.paint {
            case .fill:
                pairs.append(("filled", .bool(true)))
            case .stroke(let width, let cap, let dash):
                pairs += [("filled", .bool(false)), ("width", .number(width)),
                          ("cap", .string(cssLineCap(cap))),
                          ("dash", .array(dash.map { .number($0) }))]
            }
            pairs.append(("alpha", .number(mark.alpha)))
            if let blend = drawing.blendMode { pairs.append(("blendMode", .string(blend.lowercased()))) }
            return .object(pairs)
        }
    }

    /// A PDF line cap (0 butt, 1 round, 2 square) in CSS's words; another number is round.
    static func cssLineCap(_ cap: Int) -> String {
        cap == 0 ? "butt" : cap == 2 ? "square" : "round"
    }

    /// `{paths: MARKS, width, brush}` for ink drawn with a brush other than the pen.
    static func brushedInkJSON(brush: InkBrush, paths: [[CGPoint]], pressures: [[Double]]?, width: Double) -> JSONValue {
        let drawing = BrushDrawing.make(brush, paths: paths, pressures: pressures, width: width)
        return .object([("paths", .array(marksJSON(drawing))), ("width", .number(width)), ("brush", .string(brush.rawValue))])
    }

    /// The live stroke drawn with its brush: the whole stroke again at every event (a brush's
    /// layers and grain run along the stroke, so pieces cannot be appended), its samples'
    /// pressures when they vary, exactly as the finished ink's appearance will be drawn.
    static func brushedStrokeJSON(page: Int, _ stroke: StrokePreview) -> JSONValue {
        let points = stroke.samples.map { $0.point }
        let pressures: [[Double]]? = stroke.followsPressure ? [stroke.samples.map { $0.pressure }] : nil
        let drawing = BrushDrawing.make(stroke.preset.brush, paths: [points], pressures: pressures, width: stroke.preset.width)
        return .object([("type", .string("stroke")), ("pageIndex", .integer(page)),
                        ("color", .string(stroke.preset.paintHex)), ("opacity", .number(stroke.preset.opacity)),
                        ("reset", .bool(true)), ("brush", .string(stroke.preset.brush.rawValue)),
                        ("marks", .array(marksJSON(drawing)))])
    }

    /// The sides a `brushSample` box may have, in points.
    static let brushSampleSizeRange: ClosedRange<Double> = 8...2000

    /// `brushSample`: a sample stroke of `brush` `width` points wide across a box `size`
    /// points (y up, origin at the lower left), with a pressure ramp when `usesPressure`:
    /// the Draw settings' brush picker and preview. `{paths: MARKS, width, brush,
    /// viewBox: [0, 0, w, h]}`.
    func brushSample(_ request: JSONField) throws(CommandError) -> JSONValue {
        let brush = try request.member("brush").choice(InkBrush.self)
        let width = try request.optionalMember("width")?.number() ?? InkPreset.pen.width
        guard width > 0, width <= InkPreset.widthRange.upperBound else {
            throw CommandError.malformed("width: expected a number above 0 and at most \(JSONWriter.number(InkPreset.widthRange.upperBound))")
        }
        let size = try request.optionalMember("size")?.numbers(count: 2...2, what: "[width, height]") ?? [120, 36]
        guard size.allSatisfy({ Self.brushSampleSizeRange.contains($0) }) else {
            throw CommandError.malformed("size: expected [width, height], each \(Self.brushSampleSizeRange.spelled)")
        }
        let usesPressure = try request.optionalMember("usesPressure")?.bool() ?? false
        let (points, pressures) = Self.samplePath(width: size[0], height: size[1], inset: min(width * 0.75 + 2, size[1] / 2))
        var answer = Self.brushedInkJSON(brush: brush, paths: [points], pressures: usesPressure ? [pressures] : nil, width: width)
        if case .object(var object) = answer {
            object["viewBox"] = .array([0, 0, size[0], size[1]].map { .number($0) })
            answer = .object(object)
        }
        return answer
    }

    /// A gentle S across the box, `inset` from its edges, with the pressure of a stroke that
    /// starts light, presses in the middle and lifts.
    static func samplePath(width: Double, height: Double, inset: Double) -> ([CGPoint], [Double]) {
        let count = 48
        var points: [CGPoint] = []
        var pressures: [Double] = []
        for i in 0..<count {
            let t = Double(i) / Double(count - 1)
            let x = inset + (width - 2 * inset) * t
            let y = height / 2 + (height / 2 - inset) * sin(t * 2 * Double.pi) * 0.8
            points.append(CGPoint(x: x, y: y))
            pressures.append(0.25 + 0.75 * sin(t * Double.pi))
        }
        return (points, pressures)
    }
}

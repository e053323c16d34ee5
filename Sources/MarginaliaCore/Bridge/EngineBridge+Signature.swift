#if !hasFeature(Embedded)
import Foundation
#endif

// The Sign tool's drawn signature (docs/engine.md, docs/signatures.md): the strokes of the
// signing pad finished as ink in a page rect, the annotation the tool adds and the pad shows.

extension EngineBridge {
    /// Answers `signatureInk`, or nil for another call.
    func signatureCall(_ name: String, _ request: JSONField) throws(CommandError) -> JSONValue? {
        guard name == "signatureInk" else { return nil }
        return try signatureInk(request)
    }

    /// The sides a signature pad (`padSize`) may have.
    static let padSizeRange: ClosedRange<Double> = 1...10_000

    /// `signatureInk`: `strokes` `[[[x, y, pressure?, time?]]]` (pad space: y down), `padSize`
    /// `[w, h]`, `rect` (page space), `pageIndex`, `ink` (`{color, width, opacity,
    /// usesPressure}`, the Draw tool's keys; the width in page points) → `{annotation}`: an ink
    /// annotation (docs/annotations-json.md) of one path per stroke, finished as the Draw
    /// tool's strokes are (``HandwrittenSignature``).
    func signatureInk(_ request: JSONField) throws(CommandError) -> JSONValue {
        let size = try request.member("padSize").numbers(count: 2...2, what: "[width, height]")
        guard size.allSatisfy({ Self.padSizeRange.contains($0) }) else {
            throw CommandError.malformed("padSize: expected [width, height], each \(Self.padSizeRange.spelled)")
        }
        let list = try request.member("strokes").array(maximumCount: HandwrittenSignature.maximumStrokes)
        var strokes: [[StrokeSample]] = []
        var total = 0
        for stroke in list {
            let samples = try stroke.array(maximumCount: HandwrittenSignature.maximumSamples)
            total += samples.count
            guard total <= HandwrittenSignature.maximumSamples else {
                throw CommandError.malformed("strokes: more than \(HandwrittenSignature.maximumSamples) samples")
            }
            var points: [StrokeSample] = []
            for item in samples {
                let n = try item.numbers(count: 2...4, what: "[x, y], [x, y, pressure] or [x, y, pressure, time]")
                guard n[0] >= -size[0], n[0] <= 2 * size[0], n[1] >= -size[1], n[1] <= 2 * size[1] else {
                    throw item.problem("expected a point near the pad (\(Int(size[0])) by \(Int(size[1])))")
                }
                points.append(StrokeSample(point: CGPoint(x: n[0], y: n[1]), pressure: n.count > 2 ? n[2] : 1,
                                           time: n.count > 3 ? n[3] : 0))
            }
            if !points.isEmpty { strokes.append(points) }
        }
        guard !strokes.isEmpty else { throw CommandError.malformed("strokes: no samples to sign with") }
        let rect = try request.member("rect").boundedRect()
        guard rect.width > 0, rect.height > 0 else { throw CommandError.malformed("rect: expected a rect with an area") }
        let page = try request.member("pageIndex").integer(in: 0...Int(Int32.max))
        let ink = try request.optionalMember("ink").map { (ink) throws(CommandError) -> InkPreset in try InkPreset(json: ink) } ?? .pen
        let signature = HandwrittenSignature(strokes: strokes, padSize: CGSize(width: size[0], height: size[1]))
        let (paths, pressures) = signature.finished(in: rect, width: ink.width, usesPressure: ink.appliesPressure)
        var annotation: [(String, JSONValue)] = [
            ("type", .string(AnnotationSubtype.ink.jsonType)), ("pageIndex", .integer(page)), ("color", .string(ink.paintHex)),
            ("opacity", .number(ink.opacity)), ("width", .number(ink.width)),
            ("paths", .array(paths.map { path in .array(path.map { .array([.number(Double($0.x)), .number(Double($0.y))]) }) })),
        ]
        if let pressures { annotation.append(("pressures", .array(pressures.map { .array($0.map { .number($0) }) }))) }
        return .object([("annotation", .object(annotation))])
    }
}

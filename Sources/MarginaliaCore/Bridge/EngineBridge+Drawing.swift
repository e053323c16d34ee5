#if !hasFeature(Embedded)
import Foundation
#endif

// `annotationDrawing` (docs/engine.md, "Drawn once"): an annotation under edit as its
// appearance stream will paint it, for the browser's overlay to draw without geometry of its own.

extension EngineBridge {
    /// `annotationDrawing`: `{marks: [{d, fill, stroke, width, cap, join, miterLimit, dash}], opacity,
    /// blendMode?, bounds}` for one annotation JSON object of a kind the engine draws (text
    /// markup, squares, circles, lines, polylines, polygons and redaction marks; no `id` or
    /// `pageIndex` needed, so drafts are drawn too): each mark's path data in page space (y up), `fill` and
    /// `stroke` the colours to paint it with (`"#RRGGBB"`, or null for none), the stroke's
    /// width, cap and join in CSS's words and its dash lengths; `blendMode` in CSS's words
    /// (`multiply`); `bounds` the box holding all of it (the `/Rect` the file gets).
    ///
    /// - Throws: ``CommandError/malformed(_:)`` naming a bad field, or the type when the engine
    ///   does not draw that kind.
    static func annotationDrawingJSON(_ field: JSONField) throws(CommandError) -> JSONValue {
        let color = try field.optionalMember("color")?.color()
        let interior = try field.optionalMember("fill")?.color()
        let drawing = try annotationDrawing(field, hasColor: color != nil, hasInterior: interior != nil)
        let marks: [JSONValue] = drawing.marks.map { mark in
            let fill: Color? = switch mark.fill {
            case .color?: color
            case .interior?: interior
            case nil: nil
            }
            return .object([("d", .string(mark.path.svgPathData(decimals: 3))),
                            ("fill", fill.map { .string($0.hex) } ?? .null),
                            ("stroke", mark.stroke ? color.map { .string($0.hex) } ?? .null : .null),
                            ("width", .number(mark.lineWidth)),
                            ("cap", .string(cssLineCap(mark.lineCap))),
                            ("join", .string(mark.lineJoin == 0 ? "miter" : mark.lineJoin == 2 ? "bevel" : "round")),
                            ("miterLimit", .number(AnnotationDrawing.miterLimit)),
                            ("dash", .array(mark.dash.map { .number($0) }))])
        }
        return .object(omittingNils: [("marks", .array(marks)), ("opacity", .number(drawing.opacity)),
                                      ("blendMode", drawing.blendMode.map { .string($0.lowercased()) }),
                                      ("bounds", .rect(drawing.bounds))])
    }

    /// The drawing of one annotation JSON object (``AnnotationDrawing``): `width` (default 1)
    /// and `dash` lengths from 0 to the coordinate limit (a file another tool wrote may hold a
    /// width the annotation JSON would refuse to set, and is drawn as it is), `opacity` 0 to 1
    /// (default 1), `borderStyle` `dashed` with `dash` (default `[3]`), `lineEndings`
    /// `[start, end]`.
    static func annotationDrawing(_ field: JSONField, hasColor: Bool, hasInterior: Bool) throws(CommandError) -> AnnotationDrawing {
        let type = try field.member("type").string()
        let width = try field.optionalMember("width")?.number(in: 0...CoordinateLimit.magnitude) ?? 1
        let opacity = try field.optionalMember("opacity")?.number(in: 0...1) ?? 1
        var dash: [Double] = []
        if try field.optionalMember("borderStyle")?.string() == "dashed" {
            dash = try field.optionalMember("dash")?.numbers(count: 1...64, what: "dash lengths") ?? [3]
            guard dash.allSatisfy({ $0 >= 0 && $0 <= CoordinateLimit.magnitude }) else {
                throw CommandError.malformed("dash: expected lengths from 0 to \(Int(CoordinateLimit.magnitude)) points")
            }
        }
        let style = AnnotationDrawing.Style(hasColor: hasColor, hasInterior: hasInterior, lineWidth: width, dash: dash, opacity: opacity)
        let subtype = AnnotationSubtype(jsonType: type)
        switch subtype {
        case .square?, .circle?:
            return .box(try field.member("rect").rect(), ellipse: subtype == .circle, style: style)
        case .line?, .polyLine?:
            let points = try field.member("points").points(maximumCount: subtype == .line ? 2 : Annotation.maximumPoints)
            return .path(through: points, closed: false, endings: try lineEndings(field), style: style)
        case .polygon?:
            return .path(through: try field.member("points").points(maximumCount: Annotation.maximumPoints), closed: true,
                         style: style)
        case .highlight?, .underline?, .strikeOut?, .squiggly?:
            return .textMarkup(subtype ?? .highlight, quads: try Annotation.quads(field.member("quads")), hasColor: hasColor,
                               opacity: opacity)
        case .redact?:
            // Over text its quads, over an area its rect (a draft of either may leave the other out).
            var quads: [[CGPoint]] = []
            if let list = try field.optionalMember("quads") { quads = try Annotation.quads(list) }
            let rect = quads.isEmpty ? try field.member("rect").rect() : try field.optionalMember("rect")?.rect() ?? .zero
            return .redaction(quads: quads, rect: rect, hasColor: hasColor, opacity: opacity)
        default:
            throw CommandError.malformed("type: the engine does not draw \"\(type)\" (text markup, squares, circles, lines, "
                                         + "polylines, polygons and redaction marks only)")
        }
    }

    /// `lineEndings`: `[start, end]` by their JSON names (`openArrow`...), `none` when absent.
    static func lineEndings(_ field: JSONField) throws(CommandError) -> (start: LineEnding, end: LineEnding) {
        guard let list = try field.optionalMember("lineEndings") else { return (.none, .none) }
        let names = try list.strings(maximumCount: 2)
        guard names.count == 2 else { throw list.problem("expected [start, end]") }
        var endings: [LineEnding] = []
        for name in names {
            guard let ending = LineEnding(jsonName: name) else {
                throw list.problem("expected line endings among \(LineEnding.allCases.map { $0.jsonName }.joined(separator: ", ")), found \"\(name)\"")
            }
            endings.append(ending)
        }
        return (endings[0], endings[1])
    }
}

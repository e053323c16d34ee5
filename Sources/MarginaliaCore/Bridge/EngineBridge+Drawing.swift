#if !hasFeature(Embedded)
import Foundation
#endif

// `annotationDrawing` (docs/engine.md, "Drawn once"): an annotation under edit as its
// appearance stream will paint it, for the browser's overlay to draw without geometry of its own.

extension EngineBridge {
    /// `annotationDrawing`: `{marks: [{d, fill, stroke, width, cap, join, miterLimit, dash}], opacity,
    /// blendMode?, bounds}` for one annotation JSON object of a kind the engine draws (text
    /// markup, squares, circles, lines, polylines, polygons and redaction marks): each mark's
    /// path data in page space (y up), `fill` and `stroke` the colours to paint it with
    /// (`"#RRGGBB"`, or null for none), the stroke's width, cap and join in CSS's words and its
    /// dash lengths; `blendMode` in CSS's words (`multiply`); `bounds` the box holding all of it
    /// (the `/Rect` the file gets).
    ///
    /// The object is read once, by the one reading of the annotation JSON in its lenient mode
    /// (``AnnotationJSONReading/lenient``), as the engine reads a document's annotations: the
    /// overlay draws those while they are edited, and a file another tool wrote may hold what a
    /// new annotation may not. No `id` or `pageIndex` is needed, so drafts are drawn too. The
    /// drawing is the value's (``AnnotationDrawing/init(_:)``), the one the appearance stream
    /// paints.
    ///
    /// - Throws: ``CommandError/malformed(_:)`` naming a bad field, or the type when the engine
    ///   does not draw that kind.
    static func annotationDrawingJSON(_ field: JSONField) throws(CommandError) -> JSONValue {
        let annotation = try Annotation.lenient(field, placed: false)
        guard let drawing = AnnotationDrawing(annotation) else {
            throw CommandError.malformed("type: the engine does not draw \"\(annotation.kind.jsonType)\" (text markup, squares, "
                                         + "circles, lines, polylines, polygons and redaction marks only)")
        }
        try checkDrawn(annotation, path: field.path)
        let color = annotation.color, interior = annotation.interiorColor
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

    /// Refuses what the lenient reading takes but the overlay is not drawn from: a kind drawn
    /// over its rect (a square, a circle, a redaction mark without quads) without a `rect`; an
    /// `opacity` outside 0 to 1; a `width`, or a dashed border's lengths (1 to 64 of them),
    /// outside 0 to the ``CoordinateLimit``: a file another tool wrote may hold a width a new
    /// annotation may not have (above 1000), and is drawn as it is.
    ///
    /// - Throws: ``CommandError/malformed(_:)`` naming the field under `path`.
    private static func checkDrawn(_ annotation: Annotation, path: String) throws(CommandError) {
        // The lenient reading leaves a null rect where none is given and no point bounds one.
        guard annotation.kind.rectFollowsDrawing || !annotation.rect.isNull else { throw CommandError.malformed("\(path).rect: missing") }
        let limit = 0...CoordinateLimit.magnitude
        guard (0...1).contains(annotation.opacity) else { throw CommandError.malformed("\(path).opacity: expected a number from 0 to 1") }
        guard limit.contains(annotation.border.width) else {
            throw CommandError.malformed("\(path).width: expected a number from 0 to \(JSONWriter.number(limit.upperBound))")
        }
        let dash = annotation.border.dashPattern
        guard annotation.border.style != .dashed || ((1...64).contains(dash.count) && dash.allSatisfy { limit.contains($0) }) else {
            throw CommandError.malformed("\(path).dash: expected 1 to 64 lengths from 0 to \(JSONWriter.number(limit.upperBound)) points")
        }
    }
}

#if !hasFeature(Embedded)
import Foundation
#endif

/// The kind of an annotation read from the annotation JSON: the payload's fields for
/// ``Annotation/init(checking:path:reading:)``, each checked for its range and its kind, with
/// the messages the API, the CLI and the server have always given (docs/annotations-json.md);
/// lenient, with the wider values of ``AnnotationJSONLeniency/widerValues``.
extension AnnotationKind {
    /// The kind `fields` describe, of the modelled `subtype`.
    ///
    /// - Throws: ``AnnotationJSONError`` naming the first bad field under `path`.
    init(checking fields: AnnotationJSONFields, subtype: AnnotationSubtype, path: String,
         reading: AnnotationJSONReading) throws(AnnotationJSONError) {
        func fail(_ field: String, _ message: String) -> AnnotationJSONError {
            AnnotationJSONError(path: "\(path).\(field)", message: message)
        }
        let wider = reading.tolerates(.widerValues)
        switch subtype {
        case .ink:
            self = .ink(try Self.ink(fields, reading: reading, fail: fail))
        case .square: self = .square
        case .circle: self = .circle
        case .line:
            let p = try Self.points(fields, reading: reading, fail: fail)
            guard p.count == 2 else { throw fail("points", "a line has exactly two points") }
            let (start, end) = try Self.endings(fields, fail: fail)
            self = .line(Line(start: p[0], end: p[1], startEnding: start, endEnding: end))
        case .polygon:
            let p = try Self.points(fields, reading: reading, fail: fail)
            guard p.count >= 2 || wider else { throw fail("points", "a polygon needs at least two points") }
            self = .polygon(vertices: p)
        case .polyLine:
            let p = try Self.points(fields, reading: reading, fail: fail)
            guard p.count >= 2 || wider else { throw fail("points", "a polyline needs at least two points") }
            let (start, end) = try Self.endings(fields, fail: fail)
            self = .polyLine(PolyLine(vertices: p, startEnding: start, endEnding: end))
        case .freeText:
            guard let text = fields.text ?? (wider ? "" : nil) else { throw fail("text", "missing") }
            let size = fields.fontSize ?? FreeText.defaultFontSize
            // Any size drawn as given (TextBoxLayout.drawnFontSize), so that a file's box above
            // the size a new one may have is read back; the commands and the CLI refuse that
            // size in what they add or change (Annotation.checkNewValues(keeping:path:)).
            guard size.isFinite, size > 0 || (wider && size == 0), size <= CoordinateLimit.magnitude || wider else {
                throw fail("fontSize", FreeText.fontSizeExpectation)
            }
            let alignment: FreeText.Alignment
            switch fields.alignment ?? "left" {
            case "left": alignment = .left
            case "center": alignment = .center
            case "right": alignment = .right
            default: throw fail("alignment", "expected left, center or right")
            }
            let textColor = try Annotation.color(fields.textColor, "textColor", fail: fail) ?? FreeText.defaultTextColor
            self = .freeText(FreeText(text: text, font: fields.font ?? "Helvetica", fontSize: size, textColor: textColor,
                                      alignment: alignment, richText: fields.richText))
        case .note:
            self = .note(Note(icon: fields.icon ?? "Note", isOpen: fields.open ?? false))
        case .stamp:
            self = .stamp(try Self.stamp(fields, reading: reading, fail: fail))
        case .highlight, .underline, .strikeOut, .squiggly:
            guard let quads = fields.quads, !quads.isEmpty || wider else { throw fail("quads", "text markup needs at least one quad") }
            self = .textMarkup(TextMarkup(subtype: subtype) ?? .highlight, quads: try Self.quads(quads, reading: reading, fail: fail))
        case .redact:
            self = .redact(Redact(quads: try Self.quads(fields.quads ?? [], reading: reading, fail: fail), overlayText: fields.overlayText,
                                  repeatsOverlayText: fields.repeatOverlayText ?? false))
        default:
            throw AnnotationJSONError(path: "\(path).type", message: "cannot create annotations of type \"\(fields.type)\"")
        }
    }

    /// Whether the `/Rect` of this kind is derived from its geometry rather than given (and
    /// so may be left out of its JSON).
    public var rectFollowsDrawing: Bool {
        switch self {
        case .ink, .line, .polygon, .polyLine, .textMarkup: return true
        case .redact(let redact): return !redact.quads.isEmpty
        default: return false
        }
    }

    private typealias Failure = (String, String) -> AnnotationJSONError

    /// `paths`, `pressures` and `brush`.
    private static func ink(_ fields: AnnotationJSONFields, reading: AnnotationJSONReading, fail: Failure) throws(AnnotationJSONError) -> Ink {
        let wider = reading.tolerates(.widerValues)
        guard let paths = fields.paths, !paths.isEmpty || wider else { throw fail("paths", "ink needs at least one stroke") }
        var total = 0
        for path in paths { total += path.count }
        guard total <= Annotation.maximumPoints else { throw fail("paths", "more than \(Annotation.maximumPoints) points") }
        var strokes: [[CGPoint]] = []
        strokes.reserveCapacity(paths.count)
        for (i, stroke) in paths.enumerated() {
            guard !stroke.isEmpty || wider else { throw fail("paths[\(i)]", "a stroke needs at least one point") }
            var points: [CGPoint] = []
            points.reserveCapacity(stroke.count)
            for (j, pair) in stroke.enumerated() { points.append(try point(pair, reading: reading, fail: fail) { "paths[\(i)][\(j)]" }) }
            strokes.append(points)
        }
        if let pressures = fields.pressures, !wider {
            var matches = pressures.count == strokes.count
            if matches { for (values, stroke) in zip(pressures, strokes) where values.count != stroke.count { matches = false } }
            guard matches else { throw fail("pressures", "needs one pressure per point of every stroke") }
            for values in pressures {
                for value in values where !(value.isFinite && value >= 0 && value <= 1) {
                    throw fail("pressures", "pressures are numbers from 0 to 1")
                }
            }
        }
        var brush = InkBrush.pen
        if let name = fields.brush {
            guard let known = InkBrush(name: name) else { throw fail("brush", "unknown brush \"\(name)\" (known: \(InkBrush.knownNames))") }
            brush = known
        }
        return Ink(paths: strokes, pressures: fields.pressures, brush: brush)
    }

    /// `name`, `image` (Base64, decoded here), `crop` and `rotation`; lenient, a crop of any
    /// four numbers and a rotation from -360 to 360 as given, picture or not.
    private static func stamp(_ fields: AnnotationJSONFields, reading: AnnotationJSONReading, fail: Failure) throws(AnnotationJSONError) -> Stamp {
        var bytes: [UInt8]? = nil
        if let image = fields.image {
            guard let decoded = Base64.decode(image) else { throw fail("image", "not base64") }
            bytes = decoded
        }
        var stamp = Stamp(name: fields.name ?? "Draft", imageBytes: bytes)
        if reading.tolerates(.widerValues) {
            if let crop = fields.crop {
                guard crop.count == 4 else { throw fail("crop", "expected [left, top, right, bottom] with finite numbers") }
                stamp.crop = CGRect(x: min(crop[0], crop[2]), y: min(crop[1], crop[3]), width: abs(crop[2] - crop[0]), height: abs(crop[3] - crop[1]))
            }
            if let rotation = fields.rotation {
                guard (-360...360).contains(rotation) else { throw fail("rotation", "expected a whole number from -360 to 360") }
                stamp.rotation = rotation
            }
            return stamp
        }
        if let crop = fields.crop {
            guard bytes != nil else { throw fail("crop", "only image stamps can be cropped") }
            let fractions = crop.count == 4
                ? CGRect(x: min(crop[0], crop[2]), y: min(crop[1], crop[3]), width: abs(crop[2] - crop[0]), height: abs(crop[3] - crop[1]))
                : CGRect.null
            guard crop.count == 4, ImageFit.isValidCrop(fractions) else {
                throw fail("crop", "expected [left, top, right, bottom] fractions of the image from 0 to 1, with some area")
            }
            stamp.crop = fractions
        }
        if let rotation = fields.rotation {
            guard bytes != nil else { throw fail("rotation", "only image stamps can be turned") }
            guard let turn = ImageFit.normalizedRotation(rotation) else {
                throw fail("rotation", "expected 0, 90, 180 or 270 degrees, got \(rotation)")
            }
            stamp.rotation = turn
        }
        return stamp
    }

    /// `[x, y]` within the ``CoordinateLimit`` (lenient, finite); the field's path is only built
    /// for an error.
    private static func point(_ pair: [Double], reading: AnnotationJSONReading, fail: Failure, _ field: () -> String) throws(AnnotationJSONError) -> CGPoint {
        guard pair.count == 2, reading.isCoordinate(pair[0]), reading.isCoordinate(pair[1]) else {
            throw fail(field(), "expected [x, y] with \(reading.coordinates)")
        }
        return CGPoint(x: pair[0], y: pair[1])
    }

    /// `points`: a line's ends or the vertices of a polygon or polyline.
    private static func points(_ fields: AnnotationJSONFields, reading: AnnotationJSONReading, fail: Failure) throws(AnnotationJSONError) -> [CGPoint] {
        guard let list = fields.points else { throw fail("points", "missing") }
        guard list.count <= Annotation.maximumPoints else { throw fail("points", "more than \(Annotation.maximumPoints) points") }
        var points: [CGPoint] = []
        points.reserveCapacity(list.count)
        for (i, pair) in list.enumerated() { points.append(try point(pair, reading: reading, fail: fail) { "points[\(i)]" }) }
        return points
    }

    /// `lineEndings`: `[start, end]` by their JSON names; none when left out.
    private static func endings(_ fields: AnnotationJSONFields, fail: Failure) throws(AnnotationJSONError) -> (LineEnding, LineEnding) {
        guard let names = fields.lineEndings else { return (.none, .none) }
        guard names.count == 2 else { throw fail("lineEndings", "expected [start, end]") }
        var endings: [LineEnding] = []
        for (i, name) in names.enumerated() {
            guard let ending = LineEnding(jsonName: name) else {
                var known: [String] = []
                for ending in LineEnding.allCases { known.append(ending.jsonName) }
                throw fail("lineEndings[\(i)]", "unknown line ending \"\(name)\" (known: \(known.joined(separator: ", ")))")
            }
            endings.append(ending)
        }
        return (endings[0], endings[1])
    }

    /// `quads`: eight numbers per quadrilateral within the ``CoordinateLimit`` (lenient, finite).
    private static func quads(_ list: [[Double]], reading: AnnotationJSONReading, fail: Failure) throws(AnnotationJSONError) -> [Quad] {
        var quads: [Quad] = []
        quads.reserveCapacity(list.count)
        for (i, q) in list.enumerated() {
            var valid = q.count == 8
            for value in q where !reading.isCoordinate(value) { valid = false }
            guard valid else { throw fail("quads[\(i)]", "a quad is eight \(reading.coordinates)") }
            quads.append(Quad(points: [CGPoint(x: q[0], y: q[1]), CGPoint(x: q[2], y: q[3]),
                                       CGPoint(x: q[4], y: q[5]), CGPoint(x: q[6], y: q[7])]))
        }
        return quads
    }
}

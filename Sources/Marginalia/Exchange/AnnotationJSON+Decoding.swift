import Foundation
import MarginaliaCore

extension AnnotationJSON.Record {
    /// Builds the annotation this record describes, checking every value.
    func annotation(path: String) throws -> PDFAnnotation {
        func fail(_ field: String, _ message: String) -> AnnotationJSONError {
            AnnotationJSONError(path: "\(path).\(field)", message: message)
        }
        // The field's path is only built for an error: strokes have thousands of points.
        func point(_ pair: [Double], _ field: @autoclosure () -> String) throws -> CGPoint {
            guard pair.count == 2, CoordinateLimit.contains(pair[0]), CoordinateLimit.contains(pair[1]) else {
                throw fail(field(), "expected [x, y] with numbers \(CoordinateLimit.description)")
            }
            return CGPoint(x: pair[0], y: pair[1])
        }
        func parseColor(_ text: String?, _ field: String) throws -> Color? {
            guard let text else { return nil }
            guard let color = Color(hex: text) else { throw fail(field, "expected a colour like \"#FF8800\", got \"\(text)\"") }
            return color
        }
        func parsePoints(_ field: String) throws -> [CGPoint] {
            guard let list = self.points else { throw fail(field, "missing") }
            guard list.count <= AnnotationJSON.maximumPoints else { throw fail(field, "more than \(AnnotationJSON.maximumPoints) points") }
            return try list.enumerated().map { try point($1, "\(field)[\($0)]") }
        }
        func endings() throws -> (LineEnding, LineEnding) {
            guard let names = lineEndings else { return (.none, .none) }
            guard names.count == 2 else { throw fail("lineEndings", "expected [start, end]") }
            return try (ending(names[0], 0), ending(names[1], 1))
        }
        func ending(_ name: String, _ i: Int) throws -> LineEnding {
            guard let value = LineEnding(jsonName: name) else {
                let known = LineEnding.allCases.map(\.jsonName).joined(separator: ", ")
                throw fail("lineEndings[\(i)]", "unknown line ending \"\(name)\" (known: \(known))")
            }
            return value
        }

        guard let subtype = AnnotationSubtype(jsonType: type), subtype.entry.isModelled else {
            let known = AnnotationVocabulary.entries.filter(\.isModelled).map(\.jsonType).joined(separator: ", ")
            throw AnnotationJSONError(path: "\(path).type", message: "cannot create annotations of type \"\(type)\" (known: \(known))")
        }
        try checkCapabilities(of: subtype, path: path)
        let kind: PDFAnnotation.Kind
        switch subtype {
        case .ink:
            guard let paths, !paths.isEmpty else { throw fail("paths", "ink needs at least one stroke") }
            guard paths.reduce(0, { $0 + $1.count }) <= AnnotationJSON.maximumPoints else {
                throw fail("paths", "more than \(AnnotationJSON.maximumPoints) points")
            }
            let strokes = try paths.enumerated().map { i, stroke -> [CGPoint] in
                guard !stroke.isEmpty else { throw fail("paths[\(i)]", "a stroke needs at least one point") }
                return try stroke.enumerated().map { try point($1, "paths[\(i)][\($0)]") }
            }
            if let pressures {
                guard pressures.count == strokes.count, zip(pressures, strokes).allSatisfy({ $0.count == $1.count }) else {
                    throw fail("pressures", "needs one pressure per point of every stroke")
                }
                guard pressures.allSatisfy({ $0.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 } }) else {
                    throw fail("pressures", "pressures are numbers from 0 to 1")
                }
            }
            var inkBrush = InkBrush.pen
            if let brush {
                guard let known = InkBrush(name: brush) else {
                    throw fail("brush", "unknown brush \"\(brush)\" (known: \(InkBrush.knownNames))")
                }
                inkBrush = known
            }
            kind = .ink(PDFAnnotation.Ink(paths: strokes, pressures: pressures, brush: inkBrush))
        case .square: kind = .square
        case .circle: kind = .circle
        case .line:
            let p = try parsePoints("points")
            guard p.count == 2 else { throw fail("points", "a line has exactly two points") }
            let (start, end) = try endings()
            kind = .line(PDFAnnotation.Line(start: p[0], end: p[1], startEnding: start, endEnding: end))
        case .polygon:
            let p = try parsePoints("points")
            guard p.count >= 2 else { throw fail("points", "a polygon needs at least two points") }
            kind = .polygon(vertices: p)
        case .polyLine:
            let p = try parsePoints("points")
            guard p.count >= 2 else { throw fail("points", "a polyline needs at least two points") }
            let (start, end) = try endings()
            kind = .polyLine(PDFAnnotation.PolyLine(vertices: p, startEnding: start, endEnding: end))
        case .freeText:
            guard let text else { throw fail("text", "missing") }
            let size = fontSize ?? 12
            guard size.isFinite, size > 0, size <= 1000 else { throw fail("fontSize", "expected a size from 0 to 1000 points") }
            let align: PDFAnnotation.FreeText.Alignment
            switch alignment ?? "left" {
            case "left": align = .left
            case "center": align = .center
            case "right": align = .right
            default: throw fail("alignment", "expected left, center or right")
            }
            kind = .freeText(PDFAnnotation.FreeText(text: text, font: font ?? "Helvetica", fontSize: size,
                                                    textColor: try parseColor(textColor, "textColor") ?? .black,
                                                    alignment: align, richText: richText))
        case .note:
            kind = .note(PDFAnnotation.Note(icon: icon ?? "Note", isOpen: open ?? false))
        case .stamp:
            var data: Data? = nil
            if let image {
                guard let decoded = Data(base64Encoded: image, options: .ignoreUnknownCharacters) else {
                    throw fail("image", "not base64")
                }
                data = decoded
            }
            var stamp = PDFAnnotation.Stamp(name: name ?? "Draft", imageData: data)
            if let crop {
                guard data != nil else { throw fail("crop", "only image stamps can be cropped") }
                let fractions = crop.count == 4
                    ? CGRect(x: min(crop[0], crop[2]), y: min(crop[1], crop[3]), width: abs(crop[2] - crop[0]), height: abs(crop[3] - crop[1]))
                    : CGRect.null
                guard crop.count == 4, PDFAnnotation.Stamp.isValidCrop(fractions) else {
                    throw fail("crop", "expected [left, top, right, bottom] fractions of the image from 0 to 1, with some area")
                }
                stamp.crop = fractions
            }
            if let rotation {
                guard data != nil else { throw fail("rotation", "only image stamps can be turned") }
                guard let turn = PDFAnnotation.Stamp.normalizedRotation(rotation) else {
                    throw fail("rotation", "expected 0, 90, 180 or 270 degrees, got \(rotation)")
                }
                stamp.rotation = turn
            }
            kind = .stamp(stamp)
        case .highlight, .underline, .strikeOut, .squiggly:
            guard let quads, !quads.isEmpty else { throw fail("quads", "text markup needs at least one quad") }
            let parsed = try quads.enumerated().map { i, q -> PDFAnnotation.Quad in
                guard q.count == 8, q.allSatisfy(CoordinateLimit.contains) else {
                    throw fail("quads[\(i)]", "a quad is eight numbers \(CoordinateLimit.description)")
                }
                return PDFAnnotation.Quad(points: stride(from: 0, to: 8, by: 2).map { CGPoint(x: q[$0], y: q[$0 + 1]) })
            }
            kind = .textMarkup(PDFAnnotation.TextMarkup(subtype: subtype) ?? .highlight, quads: parsed)
        case .redact:
            let parsed = try (quads ?? []).enumerated().map { i, q -> PDFAnnotation.Quad in
                guard q.count == 8, q.allSatisfy(CoordinateLimit.contains) else {
                    throw fail("quads[\(i)]", "a quad is eight numbers \(CoordinateLimit.description)")
                }
                return PDFAnnotation.Quad(points: stride(from: 0, to: 8, by: 2).map { CGPoint(x: q[$0], y: q[$0 + 1]) })
            }
            kind = .redact(PDFAnnotation.Redact(quads: parsed, overlayText: overlayText, repeatsOverlayText: repeatOverlayText ?? false))
        default:
            throw AnnotationJSONError(path: "\(path).type", message: "cannot create annotations of type \"\(type)\"")
        }

        var rectangle = CGRect.zero
        if let rect {
            guard rect.count == 4, rect.allSatisfy(CoordinateLimit.contains) else {
                throw fail("rect", "expected [x1, y1, x2, y2] with numbers \(CoordinateLimit.description)")
            }
            rectangle = CGRect(x: min(rect[0], rect[2]), y: min(rect[1], rect[3]),
                               width: abs(rect[2] - rect[0]), height: abs(rect[3] - rect[1]))
        } else if !kind.rectFollowsDrawing {
            throw fail("rect", "missing (only ink, lines, polygons, polylines and text markup may leave it out)")
        }
        var annotation = PDFAnnotation(kind: kind, rect: rectangle, color: try parseColor(self.color, "color") ?? defaultColor(kind))
        if let id, !id.isEmpty { annotation.id = id }
        if let pageIndex {
            guard pageIndex >= 0 else { throw fail("pageIndex", "must be 0 or more") }
            annotation.pageIndex = pageIndex
        }
        annotation.interiorColor = try parseColor(fill, "fill")
        if let opacity {
            guard opacity.isFinite, opacity >= 0, opacity <= 1 else { throw fail("opacity", "expected a number from 0 to 1") }
            annotation.opacity = opacity
        }
        if let width {
            guard width.isFinite, width >= 0, width <= 1000 else { throw fail("width", "expected a width from 0 to 1000 points") }
            annotation.border.width = width
        }
        if let borderStyle {
            guard let style = PDFBorder.Style(jsonName: borderStyle) else {
                throw fail("borderStyle", PDFBorder.Style.expectedNames)
            }
            annotation.border.style = style
        }
        if let dash {
            guard !dash.isEmpty, dash.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1000 }) else {
                throw fail("dash", "expected lengths from 0 to 1000 points")
            }
            annotation.border.dashPattern = dash
        }
        annotation.contents = contents ?? (subtype == .freeText ? text : nil)
        annotation.author = author
        annotation.subject = subject
        let iso = AnnotationJSON.iso8601
        if let creationDate {
            guard let date = try? iso.parse(creationDate) else { throw fail("creationDate", "expected an ISO 8601 date") }
            annotation.creationDate = date
        }
        if let modificationDate {
            guard let date = try? iso.parse(modificationDate) else { throw fail("modificationDate", "expected an ISO 8601 date") }
            annotation.modificationDate = date
        }
        try decodeThread(into: &annotation, fail: fail)
        if let flags {
            var set = PDFAnnotationFlags()
            for (i, name) in flags.enumerated() {
                guard let flag = AnnotationFlags.jsonNames.first(where: { $0.0 == name })?.1 else { throw fail("flags[\(i)]", "unknown flag \"\(name)\"") }
                set.insert(flag)
            }
            annotation.flags = set
        } else if case .note = kind {
            annotation.flags = [.print, .noZoom, .noRotate]
        }
        return annotation
    }

    /// `inReplyTo`, `replyType`, `state` and `stateModel`: a reply needs the id of another
    /// annotation; a review state is a note in reply to the annotation whose state it sets,
    /// with a state its model allows (the model is inferred from a standard state).
    private func decodeThread(into annotation: inout PDFAnnotation,
                              fail: (String, String) -> AnnotationJSONError) throws {
        if let inReplyTo {
            guard !inReplyTo.isEmpty else { throw fail("inReplyTo", "expected the id of the annotation replied to") }
            guard inReplyTo != annotation.id else { throw fail("inReplyTo", "an annotation cannot reply to itself") }
            annotation.inReplyTo = inReplyTo
        }
        if let replyType {
            guard let kind = ReplyType(jsonName: replyType) else { throw fail("replyType", "expected reply or group") }
            guard inReplyTo != nil else { throw fail("replyType", "only an annotation in reply to another has a reply type") }
            annotation.replyType = kind
        }
        guard state != nil || stateModel != nil else { return }
        guard case .note = annotation.kind, inReplyTo != nil else {
            throw fail("state", "a review state is a note in reply to the annotation it is about (give type note and inReplyTo)")
        }
        guard let model = stateModel ?? state.flatMap(AnnotationState.model(ofState:)) else {
            throw fail("stateModel", "missing (the state is not one of the Review or Marked models)")
        }
        let value = AnnotationState(model: model, state: state ?? AnnotationState.defaultState(ofModel: model))
        guard value.isValid else {
            let allowed = AnnotationState.states(ofModel: model)?.joined(separator: ", ") ?? "a state"
            throw fail("state", "expected one of \(allowed) for the \(model) model, got \"\(value.state)\"")
        }
        annotation.state = value
    }

    /// Colours used when the JSON gives none: black ink and shapes, yellow notes and
    /// highlights, no background for free text.
    private func defaultColor(_ kind: PDFAnnotation.Kind) -> Color? {
        switch kind {
        case .freeText: return nil
        case .note, .textMarkup(.highlight, _): return Color(red: 1, green: 0.85, blue: 0.2)
        case .stamp(let stamp) where stamp.isImage: return .black  // the frame, drawn only when `width` is given
        case .stamp, .redact: return Color(red: 0.8, green: 0.1, blue: 0.1)
        default: return .black
        }
    }
}

import Foundation

/// Turns one annotation element of an XFDF file into a ``PDFAnnotation``.
///
/// Strict where a wrong value would put the annotation somewhere else or draw it wrong
/// (page, rectangle, coordinates, colours, widths: an ``XFDFError``); lenient, with a
/// warning, where a reader is told to tolerate what it does not know (unknown flag,
/// border-style and line-ending names, as ISO 32000-2, 12.5.4 asks) or where nothing
/// is drawn from the value (an unreadable date).
struct XFDFAnnotationDecoder {
    /// The annotation elements Marginalia imports: those of the kinds it models.
    static let elementNames: Set<String> = Set(AnnotationVocabulary.entries.filter(\.isModelled).compactMap(\.xfdfElement))

    private(set) var warnings: [String] = []
    /// Points read so far in this file, against ``XFDFDocument/maximumPoints``.
    private(set) var pointCount = 0

    mutating func decode(_ node: XFDFNode) throws -> PDFAnnotation {
        let element = node.localName
        let page = try pageIndex(node)
        let (kind, geometry) = try self.kind(element, node)
        let rect: CGRect
        if let text = node.attributes["rect"] {
            let n = try numbers(text, name: "rect", node, expected: "four numbers x1,y1,x2,y2") { $0 == 4 }
            rect = CGRect(x: min(n[0], n[2]), y: min(n[1], n[3]), width: abs(n[2] - n[0]), height: abs(n[3] - n[1]))
        } else if let bounds = XFDFAnnotationDecoder.bounds(geometry) {
            rect = bounds  // the spec requires rect; where the points give it, do without
        } else {
            throw XFDFError.missing(name: "the rect attribute", path: node.path, line: node.line)
        }

        var a = PDFAnnotation(kind: kind, rect: rect, color: nil, pageIndex: page)
        if let name = node.attributes["name"], !name.isEmpty { a.id = name }
        a.color = try color("color", node)
        a.interiorColor = try color("interior-color", node)
        if a.interiorColor != nil, !kind.allows(.interiorColor) {
            let kinds = AnnotationVocabulary.modelledEntries(havingAnyOf: .interiorColor).compactMap(\.xfdfElement)
            throw XFDFError.invalidValue(name: "interior-color", value: node.attributes["interior-color"] ?? "",
                                         expected: "no interior colour on <\(element)> (only \(kinds.joined(separator: ", ")) have one)",
                                         path: node.path, line: node.line)
        }
        a.opacity = try number("opacity", node).map { max(0, min(1, $0)) } ?? 1
        a.border = try border(node)
        if case .stamp(let stamp) = kind, stamp.isImage, node.attributes["width"] == nil { a.border.width = 0 }
        a.flags = flags(node)
        a.author = node.attributes["title"]
        a.subject = node.attributes["subject"]
        a.modificationDate = date("date", node)
        a.creationDate = date("creationdate", node)
        a.contents = node.child(named: "contents")?.text
        try readThread(node, into: &a)
        return a
    }

    /// `inreplyto` (the parent's name), `replyType` and, on `text`, `state` and `statemodel`.
    private func readThread(_ node: XFDFNode, into a: inout PDFAnnotation) throws {
        if let parent = nonEmpty(node.attributes["inreplyto"]) {
            guard parent != a.id else {
                throw XFDFError.invalidValue(name: "inreplyto", value: parent, expected: "the name of another annotation",
                                             path: node.path, line: node.line)
            }
            a.inReplyTo = parent
            if let type = node.attributes["replyType"] {
                guard let replyType = ReplyType(jsonName: type.lowercased()) else {
                    throw XFDFError.invalidValue(name: "replyType", value: type, expected: "reply or group", path: node.path, line: node.line)
                }
                a.replyType = replyType
            }
        }
        guard AnnotationSubtype(xfdfElement: node.localName) == .note else { return }
        let state = nonEmpty(node.attributes["state"]), model = nonEmpty(node.attributes["statemodel"])
        guard state != nil || model != nil else { return }
        guard a.inReplyTo != nil else {
            throw XFDFError.missing(name: "the inreplyto attribute of a state", path: node.path, line: node.line)
        }
        guard let resolvedModel = model ?? state.flatMap(AnnotationState.model(ofState:)) else {
            throw XFDFError.missing(name: "the statemodel attribute", path: node.path, line: node.line)
        }
        let value = AnnotationState(model: resolvedModel, state: state ?? AnnotationState.defaultState(ofModel: resolvedModel))
        guard value.isValid else {
            throw XFDFError.invalidValue(name: "state", value: value.state, expected: "a state of the \(resolvedModel) model",
                                         path: node.path, line: node.line)
        }
        a.state = value
    }

    // MARK: - Kinds

    /// The kind, and the points that bound it (for a file without `rect`).
    private mutating func kind(_ element: String, _ node: XFDFNode) throws -> (PDFAnnotation.Kind, [CGPoint]) {
        guard let subtype = AnnotationSubtype(xfdfElement: element), subtype.entry.isModelled else {
            throw XFDFError.unsupportedElement(name: node.name, path: node.path, line: node.line)
        }
        switch subtype {
        case .ink:
            guard let list = node.child(named: "inklist") else {
                throw XFDFError.missing(name: "<inklist>", path: node.path, line: node.line)
            }
            let gestures = list.children(named: "gesture")
            guard !gestures.isEmpty else { throw XFDFError.missing(name: "<gesture>", path: list.path, line: list.line) }
            var paths: [[CGPoint]] = []
            var pressures: [[Double]] = []
            for gesture in gestures {
                let points = try self.points(gesture.text, name: "gesture", gesture, minimum: 1)
                paths.append(points)
                if let text = gesture.attributes["pressures"] {
                    pressures.append(try numbers(text, name: "pressures", gesture,
                                                 expected: "one number per point (\(points.count))") { $0 == points.count })
                }
            }
            if !pressures.isEmpty && pressures.count != paths.count {
                warn(node, "pressures are given for some gestures only; all pressures ignored")
            }
            var brush = InkBrush.pen
            if let name = node.attributes["brush"] {
                if let known = InkBrush(name: name) { brush = known } else { warn(node, "unknown brush '\(XFDFError.clip(name))' read as pen") }
            }
            return (.ink(PDFAnnotation.Ink(paths: paths, pressures: pressures.count == paths.count ? pressures : nil, brush: brush)),
                    paths.flatMap { $0 })
        case .square: return (.square, [])
        case .circle: return (.circle, [])
        case .line:
            let ends = try budget([try point("start", node), try point("end", node)], node)
            let (start, end) = (ends[0], ends[1])
            let line = PDFAnnotation.Line(start: start, end: end, startEnding: ending("head", node), endEnding: ending("tail", node))
            return (.line(line), [start, end])
        case .polygon, .polyLine:
            guard let vertices = node.child(named: "vertices") else {
                throw XFDFError.missing(name: "<vertices>", path: node.path, line: node.line)
            }
            let points = try self.points(vertices.text, name: "vertices", vertices, minimum: 2)
            if subtype == .polygon { return (.polygon(vertices: points), points) }
            return (.polyLine(PDFAnnotation.PolyLine(vertices: points, startEnding: ending("head", node),
                                                     endEnding: ending("tail", node))), points)
        case .freeText:
            return (.freeText(try freeText(node)), [])
        case .note:
            let open = node.child(named: "popup")?.attributes["open"].map { ["yes", "true"].contains($0.lowercased()) }
            return (.note(PDFAnnotation.Note(icon: nonEmpty(node.attributes["icon"]) ?? "Note", isOpen: open ?? false)), [])
        case .stamp:
            var imageData: Data? = nil
            if let image = node.child(named: "imagedata") {
                guard let data = XFDFSyntax.imageData(image.text) else {
                    throw XFDFError.invalidValue(name: "imagedata", value: image.text, expected: "base64 image data",
                                                 path: image.path, line: image.line)
                }
                imageData = data
            }
            var stamp = PDFAnnotation.Stamp(name: nonEmpty(node.attributes["icon"]) ?? "Draft", imageData: imageData)
            if imageData != nil { try readImageStyle(node, into: &stamp) }
            return (.stamp(stamp), [])
        case .redact:
            var quads: [PDFAnnotation.Quad] = [], points: [CGPoint] = []
            if let text = node.attributes["coords"] {
                let n = try numbers(text, name: "coords", node, expected: "8 numbers per quadrilateral") { $0 > 0 && $0 % 8 == 0 }
                points = try budget(stride(from: 0, to: n.count, by: 2).map { CGPoint(x: n[$0], y: n[$0 + 1]) }, node)
                quads = stride(from: 0, to: points.count, by: 4).map { PDFAnnotation.Quad(points: Array(points[$0..<($0 + 4)])) }
            }
            let repeats = node.attributes["repeat"].map { ["yes", "true"].contains($0.lowercased()) } ?? false
            return (.redact(PDFAnnotation.Redact(quads: quads, overlayText: nonEmpty(node.attributes["overlay-text"]),
                                                 repeatsOverlayText: repeats)), points)
        default:
            guard let markup = PDFAnnotation.TextMarkup(subtype: subtype) else {
                throw XFDFError.unsupportedElement(name: node.name, path: node.path, line: node.line)
            }
            guard let text = node.attributes["coords"] else {
                throw XFDFError.missing(name: "the coords attribute", path: node.path, line: node.line)
            }
            let n = try numbers(text, name: "coords", node, expected: "8 numbers per quadrilateral") { $0 > 0 && $0 % 8 == 0 }
            let points = try budget(stride(from: 0, to: n.count, by: 2).map { CGPoint(x: n[$0], y: n[$0 + 1]) }, node)
            let quads = stride(from: 0, to: points.count, by: 4).map { PDFAnnotation.Quad(points: Array(points[$0..<($0 + 4)])) }
            return (.textMarkup(markup, quads: quads), points)
        }
    }

    /// The extension attributes of an image stamp: `crop="left,top,right,bottom"` (fractions
    /// of the image from its top-left corner) and `image-rotation` (clockwise degrees).
    private func readImageStyle(_ node: XFDFNode, into stamp: inout PDFAnnotation.Stamp) throws {
        if let text = node.attributes["crop"] {
            let n = try numbers(text, name: "crop", node, expected: "four fractions left,top,right,bottom") { $0 == 4 }
            let crop = CGRect(x: min(n[0], n[2]), y: min(n[1], n[3]), width: abs(n[2] - n[0]), height: abs(n[3] - n[1]))
            guard PDFAnnotation.Stamp.isValidCrop(crop) else {
                throw XFDFError.invalidValue(name: "crop", value: text, expected: "fractions of the image from 0 to 1, with some area",
                                             path: node.path, line: node.line)
            }
            stamp.crop = crop
        }
        if let text = node.attributes["image-rotation"] {
            guard let degrees = Int(text.trimmingCharacters(in: .whitespaces)),
                  let turn = PDFAnnotation.Stamp.normalizedRotation(degrees) else {
                throw XFDFError.invalidValue(name: "image-rotation", value: text, expected: "0, 90, 180 or 270",
                                             path: node.path, line: node.line)
            }
            stamp.rotation = turn
        }
    }

    private func freeText(_ node: XFDFNode) throws -> PDFAnnotation.FreeText {
        let appearance = DefaultAppearance(node.child(named: "defaultappearance")?.text ?? "")
        var alignment = PDFAnnotation.FreeText.Alignment.left
        if let justification = node.attributes["justification"] {
            guard let value = XFDFSyntax.alignment(justification) else {
                throw XFDFError.invalidValue(name: "justification", value: justification, expected: "left, centered or right",
                                             path: node.path, line: node.line)
            }
            alignment = value
        }
        let rich = node.child(named: "contents-richtext").map { XFDFRichText.serialize($0.content) }
        return PDFAnnotation.FreeText(text: node.child(named: "contents")?.text ?? "",
                                      font: XFDFSyntax.font(forResourceName: appearance.fontName),
                                      fontSize: appearance.fontSize > 0 ? appearance.fontSize : 12,
                                      textColor: appearance.color ?? .black, alignment: alignment,
                                      richText: rich.flatMap { $0.isEmpty ? nil : $0 })
    }

    // MARK: - Common attributes

    private func pageIndex(_ node: XFDFNode) throws -> Int {
        guard let text = node.attributes["page"] else {
            throw XFDFError.missing(name: "the page attribute", path: node.path, line: node.line)
        }
        guard let page = Int(text.trimmingCharacters(in: .whitespaces)), page >= 0 else {
            throw XFDFError.invalidValue(name: "page", value: text, expected: "a page index of 0 or more",
                                         path: node.path, line: node.line)
        }
        return page
    }

    private func color(_ name: String, _ node: XFDFNode) throws -> Color? {
        guard let text = node.attributes[name]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        let digits = text.dropFirst()
        guard text.hasPrefix("#"), digits.count == 6, digits.allSatisfy(\.isHexDigit), let color = Color(hex: text) else {
            throw XFDFError.invalidValue(name: name, value: text, expected: "a colour #RRGGBB", path: node.path, line: node.line)
        }
        return color
    }

    private mutating func border(_ node: XFDFNode) throws -> PDFBorder {
        var border = PDFBorder()
        if let width = try number("width", node) {
            guard width >= 0 else {
                throw XFDFError.invalidValue(name: "width", value: node.attributes["width"] ?? "", expected: "a width of 0 or more",
                                             path: node.path, line: node.line)
            }
            border.width = width
        }
        if let style = node.attributes["style"] {
            if let match = XFDFSyntax.styleNames.first(where: { $0.0 == style.lowercased() }) {
                border.style = match.1
            } else {
                warn(node, "border style '\(style)' read as solid")
            }
        }
        if let text = node.attributes["dashes"] {
            border.dashPattern = try numbers(text, name: "dashes", node, expected: "dash lengths of 0 or more") { $0 > 0 }
            guard border.dashPattern.allSatisfy({ $0 >= 0 }) else {
                throw XFDFError.invalidValue(name: "dashes", value: text, expected: "dash lengths of 0 or more",
                                             path: node.path, line: node.line)
            }
        }
        return border
    }

    private mutating func flags(_ node: XFDFNode) -> PDFAnnotationFlags {
        var flags: PDFAnnotationFlags = []
        for name in (node.attributes["flags"] ?? "").split(separator: ",") {
            let trimmed = name.trimmingCharacters(in: .whitespaces).lowercased()
            if let match = XFDFSyntax.flagNames.first(where: { $0.0 == trimmed }) {
                flags.insert(match.1)
            } else if !trimmed.isEmpty {
                warn(node, "unknown flag '\(trimmed)' ignored")
            }
        }
        return flags
    }

    private mutating func date(_ name: String, _ node: XFDFNode) -> Date? {
        guard let text = node.attributes[name], !text.isEmpty else { return nil }
        guard let date = PDFDate.parse(text) else {
            warn(node, "\(name)=\"\(XFDFError.clip(text))\" is not a PDF date; ignored")
            return nil
        }
        return date
    }

    private mutating func ending(_ name: String, _ node: XFDFNode) -> LineEnding {
        guard let text = node.attributes[name] else { return .none }
        guard let ending = LineEnding(rawValue: text) else {
            warn(node, "line ending \(name)=\"\(XFDFError.clip(text))\" read as None")
            return .none
        }
        return ending
    }

    // MARK: - Numbers and points

    private func number(_ name: String, _ node: XFDFNode) throws -> Double? {
        guard let text = node.attributes[name] else { return nil }
        guard let value = XFDFSyntax.parseNumber(text) else {
            throw XFDFError.invalidValue(name: name, value: text, expected: "a finite number", path: node.path, line: node.line)
        }
        return value
    }

    /// A comma-separated list of finite numbers whose count satisfies `countIsValid`.
    private func numbers(_ text: String, name: String, _ node: XFDFNode, expected: String,
                         countIsValid: (Int) -> Bool) throws -> [Double] {
        guard let values = XFDFNumberList.numbers(text), countIsValid(values.count) else {
            throw XFDFError.invalidValue(name: name, value: text, expected: expected, path: node.path, line: node.line)
        }
        return values
    }

    /// One point `x,y`.
    private func point(_ name: String, _ node: XFDFNode) throws -> CGPoint {
        guard let text = node.attributes[name] else {
            throw XFDFError.missing(name: "the \(name) attribute", path: node.path, line: node.line)
        }
        let n = try numbers(text, name: name, node, expected: "a point x,y") { $0 == 2 }
        return CGPoint(x: n[0], y: n[1])
    }

    /// `x,y;x,y;...` as `<gesture>` and `<vertices>` hold them; a flat `x,y,x,y` list and a
    /// trailing `;` are accepted too.
    private mutating func points(_ text: String, name: String, _ node: XFDFNode, minimum: Int) throws -> [CGPoint] {
        let expected = "a list of at least \(minimum) point\(minimum == 1 ? "" : "s") x,y;x,y;..."
        guard let (values, sizes) = XFDFNumberList.groups(text), values.count % 2 == 0, values.count >= 2 * minimum,
              sizes.count == 1 || sizes.allSatisfy({ $0 == 2 })
        else {
            throw XFDFError.invalidValue(name: name, value: text, expected: expected, path: node.path, line: node.line)
        }
        guard pointCount + values.count / 2 <= XFDFDocument.maximumPoints else {
            throw XFDFError.limitExceeded(what: "points", limit: XFDFDocument.maximumPoints, path: node.path, line: node.line)
        }
        var points: [CGPoint] = []
        points.reserveCapacity(values.count / 2)
        for i in stride(from: 0, to: values.count, by: 2) { points.append(CGPoint(x: values[i], y: values[i + 1])) }
        return try budget(points, node)
    }

    /// Counts `points` against the file's limit.
    private mutating func budget(_ points: [CGPoint], _ node: XFDFNode) throws -> [CGPoint] {
        pointCount += points.count
        guard pointCount <= XFDFDocument.maximumPoints else {
            throw XFDFError.limitExceeded(what: "points", limit: XFDFDocument.maximumPoints, path: node.path, line: node.line)
        }
        return points
    }

    private mutating func warn(_ node: XFDFNode, _ message: String) {
        warnings.append("line \(node.line), \(node.path): \(message)")
    }

    private func nonEmpty(_ text: String?) -> String? {
        text.flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func bounds(_ points: [CGPoint]) -> CGRect? {
        guard let first = points.first else { return nil }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        for p in points {
            (minX, minY) = (min(minX, p.x), min(minY, p.y))
            (maxX, maxY) = (max(maxX, p.x), max(maxY, p.y))
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

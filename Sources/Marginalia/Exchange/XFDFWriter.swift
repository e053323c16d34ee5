import Foundation

/// Writes annotations as an XFDF 3.0 document (ISO 19444-1): one element per annotation in
/// `<annots>`, the model's properties as the spec's attributes and child elements.
///
/// The writer only writes what ``XFDFReader`` reads back: an annotation it cannot represent
/// (an unknown subtype, no page, a number that is not finite, no geometry) is left out and
/// reported in ``skipped``, never written half.
struct XFDFWriter {
    private(set) var skipped: [XFDFDocument.SkippedAnnotation] = []
    private(set) var exportedCount = 0

    mutating func document(_ annotations: [PDFAnnotation], sourceFileName: String?) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<xfdf xmlns=\"\(XFDFSyntax.namespace)\" xml:space=\"preserve\">\n<annots>\n"
        for annotation in annotations {
            if let reason = XFDFWriter.reasonToSkip(annotation) {
                skipped.append(XFDFDocument.SkippedAnnotation(id: annotation.id, subtype: annotation.subtype, reason: reason))
                continue
            }
            out += element(annotation)
            exportedCount += 1
        }
        out += "</annots>\n"
        if let sourceFileName {
            out += "<f href=\"\(XFDFSyntax.escapeAttribute(sourceFileName))\"/>\n"
        }
        out += "</xfdf>\n"
        return out
    }

    // MARK: - Elements

    /// The element name of a kind (ISO 19444-1, the children of `annots`), from the
    /// vocabulary table; nil for the kinds Marginalia does not model.
    static func elementName(_ kind: PDFAnnotation.Kind) -> String? {
        if case .other = kind { return nil }
        return kind.annotationSubtype?.xfdfElement
    }

    private func element(_ a: PDFAnnotation) -> String {
        guard let name = XFDFWriter.elementName(a.kind) else { return "" }
        let attributes = commonAttributes(a) + kindAttributes(a)
        let children = self.children(a)
        var out = "<" + name
        for (key, value) in attributes {
            out += " \(key)=\"\(XFDFSyntax.escapeAttribute(value))\""
        }
        guard !children.isEmpty else { return out + "/>\n" }
        out += ">\n"
        for child in children { out += child + "\n" }
        return out + "</\(name)>\n"
    }

    /// The attributes every annotation element has (ISO 19444-1: the FDF, common and
    /// markup annotation attributes, and the border attributes).
    private func commonAttributes(_ a: PDFAnnotation) -> [(String, String)] {
        var list: [(String, String)] = [
            ("page", String(a.pageIndex ?? 0)),
            ("rect", XFDFSyntax.flatList([a.rect.minX, a.rect.minY, a.rect.maxX, a.rect.maxY].map { Double($0) })),
        ]
        if let color = a.color { list.append(("color", color.hex)) }
        // Only where the reader takes it: an /IC another tool wrote on a kind without one stays in the file.
        if let interior = a.interiorColor, a.kind.allows(.interiorColor) { list.append(("interior-color", interior.hex)) }
        if a.opacity < 1 { list.append(("opacity", XFDFSyntax.number(max(0, a.opacity)))) }
        list.append(("width", XFDFSyntax.number(a.border.width)))
        if a.border.style != .solid { list.append(("style", XFDFSyntax.styleName(a.border.style))) }
        if a.border.style == .dashed { list.append(("dashes", XFDFSyntax.flatList(a.border.dashPattern))) }
        if !a.flags.isEmpty { list.append(("flags", XFDFSyntax.flags(a.flags))) }
        list.append(("name", a.id))
        if let author = a.author { list.append(("title", author)) }
        if let subject = a.subject { list.append(("subject", subject)) }
        if let date = a.modificationDate { list.append(("date", PDFDate.format(date))) }
        if let date = a.creationDate { list.append(("creationdate", PDFDate.format(date))) }
        // Markup attributes of a thread: the parent's name (the FDF form of /IRT) and /RT.
        if let parent = a.inReplyTo {
            list.append(("inreplyto", parent))
            if a.replyType == .group { list.append(("replyType", a.replyType.jsonName)) }
        }
        return list
    }

    private func kindAttributes(_ a: PDFAnnotation) -> [(String, String)] {
        switch a.kind {
        case .line(let line):
            return [("start", XFDFSyntax.pointList([line.start])), ("end", XFDFSyntax.pointList([line.end])),
                    ("head", line.startEnding.rawValue), ("tail", line.endEnding.rawValue)]
        case .polyLine(let polyLine):
            return [("head", polyLine.startEnding.rawValue), ("tail", polyLine.endEnding.rawValue)]
        case .freeText(let text):
            return [("justification", XFDFSyntax.justification(text.alignment))]
        case .note(let note):
            var list = [("icon", note.icon)]
            if let state = a.state { list += [("state", state.state), ("statemodel", state.model)] }
            return list
        case .stamp(let stamp):
            var list = [("icon", stamp.name)]
            // Marginalia extensions: the image's crop and turn.
            if stamp.isImage, let crop = stamp.crop {
                list.append(("crop", XFDFSyntax.flatList([crop.minX, crop.minY, crop.maxX, crop.maxY].map { Double($0) })))
            }
            if stamp.isImage, stamp.rotation != 0 { list.append(("image-rotation", String(stamp.rotation))) }
            return list
        case .textMarkup(_, let quads):
            // One quadrilateral after another, each in /QuadPoints order.
            return [("coords", XFDFSyntax.flatList(quads.flatMap(\.points).flatMap { [Double($0.x), Double($0.y)] }))]
        case .redact(let redact):
            var list: [(String, String)] = []
            if !redact.quads.isEmpty {
                list.append(("coords", XFDFSyntax.flatList(redact.quads.flatMap(\.points).flatMap { [Double($0.x), Double($0.y)] })))
            }
            if let text = redact.overlayText { list.append(("overlay-text", text)) }
            if redact.repeatsOverlayText { list.append(("repeat", "yes")) }
            return list
        case .ink(let ink):
            // Marginalia extension: the brush (absent for the plain pen).
            return ink.brush == .pen ? [] : [("brush", ink.brush.rawValue)]
        case .square, .circle, .polygon, .other:
            return []
        }
    }

    /// The child elements, each already serialised.
    private func children(_ a: PDFAnnotation) -> [String] {
        var list: [String] = []
        func text(_ name: String, _ value: String) -> String {
            "<\(name)>\(XFDFSyntax.escapeText(value))</\(name)>"
        }
        switch a.kind {
        case .freeText(let freeText):
            // /Contents of a free text annotation is its text (ISO 32000-2, 12.5.6.6).
            if !freeText.text.isEmpty || a.contents != nil { list.append(text("contents", freeText.text)) }
            let appearance = DefaultAppearance(fontName: XFDFSyntax.resourceName(forFont: freeText.font),
                                               fontSize: freeText.fontSize, color: freeText.textColor)
            list.append(text("defaultappearance", appearance.string))
            if let rich = freeText.richText {
                list.append("<contents-richtext>\(XFDFRichText.embeddable(rich))</contents-richtext>")
            }
        default:
            if let contents = a.contents { list.append(text("contents", contents)) }
        }
        switch a.kind {
        case .ink(let ink):
            var gestures = ["<inklist>"]
            for (index, path) in ink.paths.enumerated() {
                // Marginalia extension: per-point pressure, parallel to the gesture's points.
                let pressure = ink.pressures.map { index < $0.count ? " pressures=\"\(XFDFSyntax.flatList($0[index]))\"" : "" } ?? ""
                gestures.append("<gesture\(pressure)>\(XFDFSyntax.pointList(path))</gesture>")
            }
            gestures.append("</inklist>")
            list.append(gestures.joined(separator: "\n"))
        case .polygon(let vertices):
            list.append("<vertices>\(XFDFSyntax.pointList(vertices))</vertices>")
        case .polyLine(let polyLine):
            list.append("<vertices>\(XFDFSyntax.pointList(polyLine.vertices))</vertices>")
        case .note(let note) where note.isOpen:
            // XFDF keeps the open state on the note's popup (ISO 32000-2, 12.5.6.14, /Open).
            let r = a.rect
            let popup = [Double(r.maxX), Double(r.maxY) - 120, Double(r.maxX) + 200, Double(r.maxY)]
            list.append("<popup open=\"yes\" page=\"\(a.pageIndex ?? 0)\" rect=\"\(XFDFSyntax.flatList(popup))\"/>")
        case .stamp(let stamp):
            // Marginalia extension: the image itself (Acrobat writes an <appearance> stream).
            if let data = stamp.imageData { list.append("<imagedata>\(XFDFSyntax.dataURL(data))</imagedata>") }
        default:
            break
        }
        return list
    }

    // MARK: - What cannot be written

    /// Why `a` cannot be written so that the reader gets it back, or nil when it can.
    static func reasonToSkip(_ a: PDFAnnotation) -> String? {
        guard elementName(a.kind) != nil else { return "subtype /\(a.subtype) has no XFDF element Marginalia writes" }
        guard let page = a.pageIndex else { return "it is on no page" }
        guard page >= 0 else { return "its page index is negative" }
        let r = a.rect
        var numbers = [Double(r.minX), Double(r.minY), Double(r.maxX), Double(r.maxY), a.opacity, a.border.width]
        numbers += a.border.dashPattern
        var points: [CGPoint] = []
        switch a.kind {
        case .ink(let ink):
            guard !ink.paths.isEmpty, ink.paths.allSatisfy({ !$0.isEmpty }) else { return "ink needs strokes with points" }
            points = ink.paths.flatMap { $0 }
            if let pressures = ink.pressures {
                guard pressures.count == ink.paths.count, zip(pressures, ink.paths).allSatisfy({ $0.count == $1.count }) else {
                    return "ink pressures do not match its points"
                }
                numbers += pressures.flatMap { $0 }
            }
        case .line(let line):
            points = [line.start, line.end]
        case .polygon(let vertices):
            guard vertices.count >= 2 else { return "a polygon needs at least two vertices" }
            points = vertices
        case .polyLine(let polyLine):
            guard polyLine.vertices.count >= 2 else { return "a polyline needs at least two vertices" }
            points = polyLine.vertices
        case .textMarkup(_, let quads):
            guard !quads.isEmpty, quads.allSatisfy({ $0.points.count == 4 }) else { return "text markup needs quadrilaterals of four points" }
            points = quads.flatMap(\.points)
        case .redact(let redact):
            guard redact.quads.allSatisfy({ $0.points.count == 4 }) else { return "a redaction's quadrilaterals need four points" }
            points = redact.quads.flatMap(\.points)
        case .freeText(let text):
            numbers.append(text.fontSize)
        default:
            break
        }
        numbers += points.flatMap { [Double($0.x), Double($0.y)] }
        guard numbers.allSatisfy(\.isFinite) else { return "it has a coordinate or value that is not a finite number" }
        guard a.border.width >= 0, a.border.dashPattern.allSatisfy({ $0 >= 0 }) else { return "its border has a negative width or dash" }
        return nil
    }
}

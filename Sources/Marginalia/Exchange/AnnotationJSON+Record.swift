import Foundation

extension AnnotationJSON {
    /// One annotation as JSON: every field optional but `type`, so each type uses its own.
    /// Only written: the reading is the core's (`AnnotationJSONFields`, `Annotation(checking:path:)`).
    struct Record: Encodable, Equatable {
        var type: String
        var pageIndex: Int?
        var id: String?
        var rect: [Double]?
        var color: String?
        var fill: String?
        var opacity: Double?
        var width: Double?
        var borderStyle: String?
        var dash: [Double]?
        var contents: String?
        var author: String?
        var subject: String?
        var creationDate: String?
        var modificationDate: String?
        var flags: [String]?
        /// True when the appearance was drawn by another application (read-only: clients draw
        /// such an annotation from the file; left out otherwise).
        var foreignAppearance: Bool?
        // threads and review states
        /// The id of the annotation this one is in reply to.
        var inReplyTo: String?
        /// `reply` (the default, left out) or `group`.
        var replyType: String?
        var state: String?
        var stateModel: String?
        // ink
        var paths: [[[Double]]]?
        var pressures: [[Double]]?
        /// An ``InkBrush`` name; absent for the plain pen.
        var brush: String?
        // line, polygon, polyline
        var points: [[Double]]?
        var lineEndings: [String]?
        // freeText
        var text: String?
        var font: String?
        var fontSize: Double?
        var textColor: String?
        var alignment: String?
        var richText: String?
        // note
        var icon: String?
        var open: Bool?
        // stamp
        var name: String?
        var image: String?
        /// Image stamps: `[left, top, right, bottom]` fractions of the image from its top-left corner.
        var crop: [Double]?
        /// Image stamps: clockwise quarter turns in degrees (0, 90, 180, 270).
        var rotation: Int?
        // text markup: eight numbers per quad (upper-left, upper-right, lower-left, lower-right)
        var quads: [[Double]]?
        // redact: the text drawn in the overlay once applied, and whether it repeats
        var overlayText: String?
        var repeatOverlayText: Bool?

        static func point(_ p: CGPoint) -> [Double] { [Double(p.x), Double(p.y)] }

        init(_ a: PDFAnnotation) {
            type = AnnotationJSON.typeName(of: a)
            pageIndex = a.pageIndex
            id = a.id
            rect = [a.rect.minX, a.rect.minY, a.rect.maxX, a.rect.maxY].map { Double($0) }
            color = a.color?.hex
            // Only where `fill` may be set: an /IC another tool wrote on a kind without one
            // (12.5.6) stays in the file, out of JSON its own decoder would refuse.
            fill = a.kind.allows(.interiorColor) ? a.interiorColor?.hex : nil
            opacity = a.opacity
            width = a.kind.drawsBorder ? a.border.width : nil
            borderStyle = a.kind.drawsBorder && a.border.style != .solid ? a.border.style.jsonName : nil
            dash = a.border.style == .dashed ? a.border.dashPattern : nil
            contents = a.contents
            author = a.author
            subject = a.subject
            creationDate = a.annotation.creationDate?.iso8601
            modificationDate = a.annotation.modificationDate?.iso8601
            flags = AnnotationFlags.jsonNames.filter { a.flags.contains($0.1) }.map(\.0)
            foreignAppearance = a.hasForeignAppearance ? true : nil
            inReplyTo = a.inReplyTo
            replyType = a.inReplyTo != nil && a.replyType == .group ? a.replyType.jsonName : nil
            state = a.state?.state
            stateModel = a.state?.model
            switch a.kind {
            case .ink(let ink):
                paths = ink.paths.map { $0.map(Record.point) }
                pressures = ink.pressures
                brush = ink.brush == .pen ? nil : ink.brush.rawValue
            case .line(let line):
                points = [Record.point(line.start), Record.point(line.end)]
                lineEndings = [line.startEnding.jsonName, line.endEnding.jsonName]
            case .polygon(let vertices):
                points = vertices.map(Record.point)
            case .polyLine(let p):
                points = p.vertices.map(Record.point)
                lineEndings = [p.startEnding.jsonName, p.endEnding.jsonName]
            case .freeText(let t):
                text = t.text
                font = t.font
                fontSize = t.fontSize
                textColor = t.textColor.hex
                alignment = "\(t.alignment)"
                richText = t.richText
            case .note(let note):
                icon = note.icon
                open = note.isOpen
            case .stamp(let stamp):
                name = stamp.name
                image = stamp.imageBytes.map(Base64.encode)
                crop = stamp.isImage ? stamp.crop.map { [$0.minX, $0.minY, $0.maxX, $0.maxY].map { Double($0) } } : nil
                rotation = stamp.isImage && stamp.rotation != 0 ? stamp.rotation : nil
            case .textMarkup(_, let q):
                quads = q.map { $0.points.flatMap(Record.point) }
            case .redact(let r):
                quads = r.quads.isEmpty ? nil : r.quads.map { $0.points.flatMap(Record.point) }
                overlayText = r.overlayText
                repeatOverlayText = r.repeatsOverlayText ? true : nil
            case .square, .circle, .other:
                break
            }
        }
    }
}

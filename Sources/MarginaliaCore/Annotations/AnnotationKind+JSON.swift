#if !hasFeature(Embedded)
import Foundation
#endif

/// Reading the kind from the annotation JSON (docs/annotations-json.md), for the engine's
/// ``Annotation/init(json:)``: the payload's fields as the server writes them, each
/// checked for its type; a field left out takes the document model's default.
extension AnnotationKind {
    /// The kind of one annotation JSON object whose `type` is `type`.
    ///
    /// - Throws: ``CommandError/malformed(_:)`` naming the first bad field.
    init(json field: JSONField, type: String) throws(CommandError) {
        let limit = Annotation.maximumPoints
        guard let subtype = AnnotationSubtype(jsonType: type), subtype.entry.isModelled else {
            // Links, widgets and the rest: named as the file names them.
            self = .other(subtype: AnnotationSubtype(jsonType: type)?.pdfName ?? type)
            return
        }
        switch subtype {
        case .ink:
            let brush = try field.optionalMember("brush")?.choice(InkBrush.self) ?? .pen
            var paths: [[CGPoint]] = []
            for path in try field.member("paths").array(maximumCount: limit) {
                paths.append(try path.points(maximumCount: limit))
            }
            var pressures: [[Double]]?
            if let list = try field.optionalMember("pressures") {
                var all: [[Double]] = []
                for item in try list.array(maximumCount: limit) {
                    var values: [Double] = []
                    for value in try item.array(maximumCount: limit) { values.append(try value.number()) }
                    all.append(values)
                }
                pressures = all
            }
            self = .ink(Ink(paths: paths, pressures: pressures, brush: brush))
        case .square: self = .square
        case .circle: self = .circle
        case .line:
            let points = try field.member("points").points(maximumCount: 2)
            guard points.count == 2 else { throw field.problem("a line has exactly two points") }
            let (start, end) = try Self.endings(field)
            self = .line(Line(start: points[0], end: points[1], startEnding: start, endEnding: end))
        case .polygon: self = .polygon(vertices: try field.member("points").points(maximumCount: limit))
        case .polyLine:
            let vertices = try field.member("points").points(maximumCount: limit)
            let (start, end) = try Self.endings(field)
            self = .polyLine(PolyLine(vertices: vertices, startEnding: start, endEnding: end))
        case .freeText:
            self = .freeText(try Self.freeText(field))
        case .note:
            self = .note(Note(icon: try field.optionalMember("icon")?.string() ?? "Note",
                              isOpen: try field.optionalMember("open")?.bool() ?? false))
        case .stamp:
            var stamp = Stamp(name: try field.optionalMember("name")?.string() ?? "Draft")
            if let crop = try field.optionalMember("crop") {
                let n = try crop.numbers(count: 4...4, what: "[left, top, right, bottom]")
                stamp.crop = CGRect(x: min(n[0], n[2]), y: min(n[1], n[3]), width: abs(n[2] - n[0]), height: abs(n[3] - n[1]))
            }
            stamp.rotation = try field.optionalMember("rotation")?.integer(in: -360...360) ?? 0
            self = .stamp(stamp)
        case .redact:
            // Over an area a mark has no quads: its rect is the area.
            var redact = Redact(quads: try field.optionalMember("quads").map { (list) throws(CommandError) in try Self.quads(list) } ?? [])
            redact.overlayText = try field.optionalMember("overlayText")?.string()
            redact.repeatsOverlayText = try field.optionalMember("repeatOverlayText")?.bool() ?? false
            self = .redact(redact)
        default:
            // The four text markups (the only other modelled subtypes).
            guard let markup = TextMarkup(subtype: subtype) else { self = .other(subtype: subtype.pdfName); return }
            self = .textMarkup(markup, quads: try Self.quads(field.member("quads")))
        }
    }

    /// `lineEndings`: `[start, end]` by their JSON names; none when left out.
    private static func endings(_ field: JSONField) throws(CommandError) -> (LineEnding, LineEnding) {
        guard let list = try field.optionalMember("lineEndings") else { return (.none, .none) }
        let names = try list.strings(maximumCount: 2)
        guard names.count == 2 else { throw list.problem("expected [start, end]") }
        guard let start = LineEnding(jsonName: names[0]), let end = LineEnding(jsonName: names[1]) else {
            throw list.problem("unknown line ending in [\"\(names[0])\", \"\(names[1])\"]")
        }
        return (start, end)
    }

    /// Free text's `text`, `font`, `fontSize`, `textColor`, `alignment` and `richText`.
    private static func freeText(_ field: JSONField) throws(CommandError) -> FreeText {
        var text = FreeText(text: try field.optionalMember("text")?.string() ?? "")
        if let font = try field.optionalMember("font") { text.font = try font.string() }
        if let size = try field.optionalMember("fontSize") { text.fontSize = try size.number(in: 0...1000) }
        if let color = try field.optionalMember("textColor") { text.textColor = try color.color() }
        if let alignment = try field.optionalMember("alignment") {
            let name = try alignment.string()
            switch name {
            case "left": text.alignment = .left
            case "center": text.alignment = .center
            case "right": text.alignment = .right
            default: throw alignment.problem("expected left, center or right, found \"\(name)\"")
            }
        }
        text.richText = try field.optionalMember("richText")?.string()
        return text
    }

    /// A `quads` list: eight numbers per quadrilateral, corners in /QuadPoints order.
    private static func quads(_ list: JSONField) throws(CommandError) -> [Quad] {
        var quads: [Quad] = []
        for points in try Annotation.quads(list) { quads.append(Quad(points: points)) }
        return quads
    }
}

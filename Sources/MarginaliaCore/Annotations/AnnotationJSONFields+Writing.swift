#if !hasFeature(Embedded)
import Foundation
#endif

/// Where ``AnnotationJSONFields/write(to:)`` sends an annotation's members: the text of the
/// operation log (keys sorted, compact), a `Codable` encoder (the API, the CLI). A sink
/// formats; which members an annotation has, and their values, are the core's alone.
public protocol AnnotationJSONSink {
    mutating func write(_ key: AnnotationJSONKey, string: String)
    mutating func write(_ key: AnnotationJSONKey, strings: [String])
    mutating func write(_ key: AnnotationJSONKey, integer: Int)
    mutating func write(_ key: AnnotationJSONKey, number: Double)
    mutating func write(_ key: AnnotationJSONKey, bool: Bool)
    mutating func write(_ key: AnnotationJSONKey, numbers: [Double])
    mutating func write(_ key: AnnotationJSONKey, numberLists: [[Double]])
    mutating func write(_ key: AnnotationJSONKey, pointLists: [[[Double]]])
}

extension AnnotationJSONFields {
    /// The fields that write the annotation `a`: every shared property, the payload of its kind,
    /// and `foreignAppearance` when another application drew its appearance (`hasForeignAppearance`:
    /// what only a file has). A field at its default is left out where the reading takes the
    /// default back (a solid border, the plain pen, a reply, an image stamp not turned).
    public init(_ a: Annotation, foreignAppearance: Bool) {
        type = a.kind.jsonType
        pageIndex = a.pageIndex
        id = a.id
        rect = [Double(a.rect.minX), Double(a.rect.minY), Double(a.rect.maxX), Double(a.rect.maxY)]
        color = a.color?.hex
        // Only where `fill` may be set: an /IC another tool wrote on a kind without one
        // (12.5.6) stays in the file, out of JSON its own reading would refuse.
        fill = a.kind.allows(.interiorColor) ? a.interiorColor?.hex : nil
        opacity = a.opacity
        width = a.kind.drawsBorder ? a.border.width : nil
        borderStyle = a.kind.drawsBorder && a.border.style != .solid ? a.border.style.jsonName : nil
        dash = a.border.style == .dashed ? a.border.dashPattern : nil
        contents = a.contents
        author = a.author
        subject = a.subject
        creationDate = a.creationDate?.iso8601
        modificationDate = a.modificationDate?.iso8601
        flags = AnnotationFlags.jsonNames.filter { a.flags.contains($0.1) }.map { $0.0 }
        self.foreignAppearance = foreignAppearance ? true : nil
        inReplyTo = a.inReplyTo
        replyType = a.inReplyTo != nil && a.replyType == .group ? a.replyType.jsonName : nil
        state = a.state?.state
        stateModel = a.state?.model
        switch a.kind {
        case .ink(let ink):
            paths = ink.paths.map { $0.map(Self.point) }
            pressures = ink.pressures
            brush = ink.brush == .pen ? nil : ink.brush.rawValue
        case .line(let line):
            points = [Self.point(line.start), Self.point(line.end)]
            lineEndings = [line.startEnding.jsonName, line.endEnding.jsonName]
        case .polygon(let vertices):
            points = vertices.map(Self.point)
        case .polyLine(let p):
            points = p.vertices.map(Self.point)
            lineEndings = [p.startEnding.jsonName, p.endEnding.jsonName]
        case .freeText(let t):
            text = t.text
            font = t.font
            fontSize = t.fontSize
            textColor = t.textColor.hex
            alignment = t.alignment.jsonName
            richText = t.richText
        case .note(let note):
            icon = note.icon
            open = note.isOpen
        case .stamp(let stamp):
            name = stamp.name
            image = stamp.imageBytes.map { Base64.encode($0) }
            if stamp.isImage {
                crop = stamp.crop.map { [Double($0.minX), Double($0.minY), Double($0.maxX), Double($0.maxY)] }
                rotation = stamp.rotation != 0 ? stamp.rotation : nil
            }
        case .textMarkup(_, let q):
            quads = q.map { $0.points.flatMap(Self.point) }
        case .redact(let r):
            quads = r.quads.isEmpty ? nil : r.quads.map { $0.points.flatMap(Self.point) }
            overlayText = r.overlayText
            repeatOverlayText = r.repeatsOverlayText ? true : nil
        case .square, .circle, .other:
            break
        }
    }

    private static func point(_ p: CGPoint) -> [Double] { [Double(p.x), Double(p.y)] }

    /// Sends the fields present to `sink`, in ``AnnotationJSONKey``'s order (absent ones left
    /// out): the one writing of an annotation's JSON.
    public func write<Sink: AnnotationJSONSink>(to sink: inout Sink) {
        sink.write(.type, string: type)
        if let pageIndex { sink.write(.pageIndex, integer: pageIndex) }
        if let id { sink.write(.id, string: id) }
        if let rect { sink.write(.rect, numbers: rect) }
        if let color { sink.write(.color, string: color) }
        if let fill { sink.write(.fill, string: fill) }
        if let opacity { sink.write(.opacity, number: opacity) }
        if let width { sink.write(.width, number: width) }
        if let borderStyle { sink.write(.borderStyle, string: borderStyle) }
        if let dash { sink.write(.dash, numbers: dash) }
        if let contents { sink.write(.contents, string: contents) }
        if let author { sink.write(.author, string: author) }
        if let subject { sink.write(.subject, string: subject) }
        if let creationDate { sink.write(.creationDate, string: creationDate) }
        if let modificationDate { sink.write(.modificationDate, string: modificationDate) }
        if let flags { sink.write(.flags, strings: flags) }
        if let foreignAppearance { sink.write(.foreignAppearance, bool: foreignAppearance) }
        if let inReplyTo { sink.write(.inReplyTo, string: inReplyTo) }
        if let replyType { sink.write(.replyType, string: replyType) }
        if let state { sink.write(.state, string: state) }
        if let stateModel { sink.write(.stateModel, string: stateModel) }
        if let paths { sink.write(.paths, pointLists: paths) }
        if let pressures { sink.write(.pressures, numberLists: pressures) }
        if let brush { sink.write(.brush, string: brush) }
        if let points { sink.write(.points, numberLists: points) }
        if let lineEndings { sink.write(.lineEndings, strings: lineEndings) }
        if let text { sink.write(.text, string: text) }
        if let font { sink.write(.font, string: font) }
        if let fontSize { sink.write(.fontSize, number: fontSize) }
        if let textColor { sink.write(.textColor, string: textColor) }
        if let alignment { sink.write(.alignment, string: alignment) }
        if let richText { sink.write(.richText, string: richText) }
        if let icon { sink.write(.icon, string: icon) }
        if let open { sink.write(.open, bool: open) }
        if let name { sink.write(.name, string: name) }
        if let image { sink.write(.image, string: image) }
        if let crop { sink.write(.crop, numbers: crop) }
        if let rotation { sink.write(.rotation, integer: rotation) }
        if let quads { sink.write(.quads, numberLists: quads) }
        if let overlayText { sink.write(.overlayText, string: overlayText) }
        if let repeatOverlayText { sink.write(.repeatOverlayText, bool: repeatOverlayText) }
    }
}

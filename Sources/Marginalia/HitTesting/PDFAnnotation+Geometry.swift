import Foundation

extension PDFAnnotation {
    /// What the editor engine needs of this annotation (MarginaliaCore's hit tests, erasers
    /// and selection): the same fields the engine reads from the annotation JSON in the
    /// browser (``AnnotationJSON``), taken from the model directly.
    public var geometry: AnnotationGeometry {
        let geometryKind: AnnotationGeometry.Kind
        var brush = InkBrush.pen
        switch kind {
        case .ink(let ink):
            geometryKind = .ink(paths: ink.paths, pressures: ink.pressures)
            brush = ink.brush
        case .square: geometryKind = .square
        case .circle: geometryKind = .circle
        case .line(let line): geometryKind = .line(start: line.start, end: line.end)
        case .polygon(let vertices): geometryKind = .polygon(vertices)
        case .polyLine(let polyLine): geometryKind = .polyline(polyLine.vertices)
        case .textMarkup(let markup, let quads):
            geometryKind = .markup(type: markup.subtype.jsonType, quads: quads.map(\.points))
        case .redact(let redact): geometryKind = .redact(quads: redact.quads.map(\.points))
        case .freeText: geometryKind = .freeText
        case .note: geometryKind = .note
        case .stamp: geometryKind = .stamp
        case .other: geometryKind = .other(type: AnnotationJSON.typeName(of: self))
        }
        // /IC fills squares, circles and polygons; other kinds are never hit inside for it.
        return AnnotationGeometry(id: id, pageIndex: pageIndex ?? 0, kind: geometryKind, rect: rect,
                                  lineWidth: border.width, filled: interiorColor != nil,
                                  flags: AnnotationGeometry.Flags(rawValue: Int(flags.rawValue)), author: author,
                                  inReplyTo: inReplyTo, replyType: replyType, state: state, brush: brush)
    }
}

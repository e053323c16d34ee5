#if !hasFeature(Embedded)
import Foundation
#endif

// The drawing of one annotation value, for both of its painters (docs/engine.md, "Drawn
// once"): Marginalia's appearance writer, which paints it into the appearance stream, and the
// bridge's `annotationDrawing`, which answers it to the browser's overlay. One switch decides
// which kinds are drawn here and from which of their properties.

extension AnnotationDrawing {
    /// The drawing of `annotation` when its kind is drawn here: squares and circles over
    /// their rect, lines, polylines and polygons through their points with their endings,
    /// text markup over its quads, and a redaction mark (its quads' outlines, or its rect's
    /// without them). Nil for every other kind (ink, free text, notes, stamps, and the kinds
    /// Marginalia keeps as they are), which have drawings of their own.
    public init?(_ annotation: Annotation) {
        let style = Style(annotation)
        let hasColor = annotation.color != nil
        switch annotation.kind {
        case .square: self = .box(annotation.rect, ellipse: false, style: style)
        case .circle: self = .box(annotation.rect, ellipse: true, style: style)
        case .line(let line):
            self = .path(through: [line.start, line.end], closed: false, endings: (line.startEnding, line.endEnding), style: style)
        case .polygon(let vertices): self = .path(through: vertices, closed: true, style: style)
        case .polyLine(let polyLine):
            self = .path(through: polyLine.vertices, closed: false, endings: (polyLine.startEnding, polyLine.endEnding), style: style)
        case .textMarkup(let markup, let quads):
            self = .textMarkup(markup.subtype, quads: quads.map { $0.points }, hasColor: hasColor, opacity: annotation.opacity)
        case .redact(let redact):
            self = .redaction(quads: redact.quads.map { $0.points }, rect: annotation.rect, hasColor: hasColor,
                              opacity: annotation.opacity)
        case .ink, .freeText, .note, .stamp, .other:
            return nil
        }
    }
}

extension AnnotationDrawing.Style {
    /// The style of `annotation`: whether it has a colour and an interior colour, its
    /// border's width, the dash of a dashed border (solid when the border gives no lengths)
    /// and its opacity.
    public init(_ annotation: Annotation) {
        let border = annotation.border
        let dashed = border.style == .dashed && !border.dashPattern.isEmpty
        self.init(hasColor: annotation.color != nil, hasInterior: annotation.interiorColor != nil, lineWidth: border.width,
                  dash: dashed ? border.dashPattern : [], opacity: annotation.opacity)
    }
}

import Foundation

extension AppearanceBuilder {
    /// The drawing-once kinds (``AnnotationDrawing``): squares, circles, lines, polylines,
    /// polygons, text markup and redaction marks (their outline before they are applied),
    /// drawn by MarginaliaCore as the browser draws them while they are edited, and written
    /// here as they are described.
    func drawn(_ a: PDFAnnotation) -> AnnotationDrawing? {
        let style = AnnotationDrawing.Style(a)
        switch a.kind {
        case .square: return .box(a.rect, ellipse: false, style: style)
        case .circle: return .box(a.rect, ellipse: true, style: style)
        case .line(let line): return .path(through: [line.start, line.end], closed: false, endings: (line.startEnding, line.endEnding), style: style)
        case .polygon(let vertices): return .path(through: vertices, closed: true, style: style)
        case .polyLine(let p): return .path(through: p.vertices, closed: false, endings: (p.startEnding, p.endEnding), style: style)
        case .textMarkup(let markup, let quads):
            return .textMarkup(markup.subtype, quads: quads.map(\.points), hasColor: a.color != nil, opacity: a.opacity)
        case .redact(let redact):
            return .redaction(quads: redact.quads.map(\.points), rect: a.rect, hasColor: a.color != nil, opacity: a.opacity)
        default: return nil
        }
    }

    /// The appearance painting `drawing` in the annotation's colours: `/C` for strokes and a
    /// highlight's fill, `/IC` for interiors. A state operator is written only where it
    /// changes (the line width always with the first stroke).
    func appearance(of drawing: AnnotationDrawing, _ a: PDFAnnotation) -> AppearanceStream {
        var appearance = AppearanceStream(bounds: drawing.bounds)
        appearance.setOpacity(drawing.opacity, blendMode: drawing.blendMode)
        var painter = MarkPainter(color: a.color?.pdfComponents, interior: a.interiorColor?.pdfComponents)
        for mark in drawing.marks { painter.paint(mark, &appearance.content) }
        return appearance
    }
}

extension AnnotationDrawing.Style {
    /// The style of `a`: its colours, border width, dash (a dashed border's) and opacity.
    init(_ a: PDFAnnotation) {
        let dashed = a.border.style == .dashed && !a.border.dashPattern.isEmpty
        self.init(hasColor: a.color != nil, hasInterior: a.interiorColor != nil, lineWidth: a.border.width,
                  dash: dashed ? a.border.dashPattern : [], opacity: a.opacity)
    }
}

/// Writes marks into a content stream, keeping track of the graphics state it has set.
private struct MarkPainter {
    let color: [Double]?
    let interior: [Double]?
    private var lineWidth: Double?
    private var lineCap = 0, lineJoin = 0
    private var dash: [Double] = []
    private var strokeSet = false
    private var fill: AnnotationDrawing.Mark.Fill?

    init(color: [Double]?, interior: [Double]?) {
        self.color = color
        self.interior = interior
    }

    mutating func paint(_ mark: AnnotationDrawing.Mark, _ content: inout ContentStreamBuilder) {
        let stroke = mark.stroke && color != nil
        let fillComponents = mark.fill.flatMap { $0 == .color ? color : interior }
        guard stroke || fillComponents != nil else { return }
        // The state first: no operator but path ones may stand between a path and its paint.
        if stroke {
            if lineWidth != mark.lineWidth { content.lineWidth(mark.lineWidth); lineWidth = mark.lineWidth }
            if lineCap != mark.lineCap { content.lineCap(mark.lineCap); lineCap = mark.lineCap }
            if lineJoin != mark.lineJoin { content.lineJoin(mark.lineJoin); lineJoin = mark.lineJoin }
            if dash != mark.dash { content.dash(mark.dash); dash = mark.dash }
            if !strokeSet, let color { content.strokeColor(color); strokeSet = true }
        }
        if let fillComponents, fill != mark.fill { content.fillColor(fillComponents); fill = mark.fill }
        content.append(mark.path)
        switch (fillComponents != nil, stroke) {
        case (true, true): content.fillAndStroke()
        case (true, false): content.fill()
        default: content.stroke()
        }
    }
}

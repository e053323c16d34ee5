import Foundation

extension AppearanceBuilder {
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

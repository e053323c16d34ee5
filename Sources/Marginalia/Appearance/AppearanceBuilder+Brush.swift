import Foundation

extension AppearanceBuilder {
    /// Ink in a textured brush (``InkBrush``): the layers of ``BrushDrawing``, each painted
    /// once under an ExtGState whose alpha is the layer's times the annotation's `/CA` (the
    /// `gs` operator sets alpha, it does not multiply it), with the brush's blend mode.
    func brushedInk(_ a: PDFAnnotation, _ ink: PDFAnnotation.Ink) -> AppearanceStream {
        let width = a.border.width
        let drawing = BrushDrawing.make(ink.brush, paths: ink.paths, pressures: ink.pressures, width: width)
        let all = ink.paths.flatMap { $0 }.filter { $0.x.isFinite && $0.y.isFinite }
        var appearance = AppearanceStream(bounds: CGRect.bounding(all).expanded(by: CGFloat(drawing.reach) + 1))
        guard let color = a.color, width > 0 else { return appearance }
        let opacity = max(0, min(1, a.opacity))
        for mark in drawing.marks where !mark.path.isEmpty {
            appearance.content.save()
            appearance.setOpacity(mark.alpha * opacity, blendMode: drawing.blendMode)
            // The state first: no operator but path ones may stand between a path and its paint.
            switch mark.paint {
            case .fill:
                appearance.content.fillColor(color.pdfComponents)
                appearance.content.append(mark.path)
                appearance.content.fill()
            case .stroke(let lineWidth, let cap, let dash):
                appearance.content.strokeColor(color.pdfComponents)
                appearance.content.lineWidth(lineWidth)
                appearance.content.lineCap(cap)
                appearance.content.lineJoin(1)
                if !dash.isEmpty { appearance.content.dash(dash) }
                appearance.content.append(mark.path)
                appearance.content.stroke()
            }
            appearance.content.restore()
        }
        return appearance
    }
}

import Foundation

extension AppearanceBuilder {
    /// Ink: every stroke in one path, stroked once with round caps and joins, so a
    /// translucent drawing is composited once and crossings are no darker (DESIGN.md, Ink).
    /// With pressure, each stroke is a filled outline of varying width instead. A stroke
    /// without pressure is written with as few cubics as keep within
    /// ``InkOutline/appearanceTolerance`` of its curve (the /InkList keeps every point).
    func ink(_ a: PDFAnnotation, _ ink: PDFAnnotation.Ink) -> AppearanceStream {
        if ink.brush != .pen { return brushedInk(a, ink) }
        let width = a.border.width
        let all = ink.paths.flatMap { $0 }.filter { $0.x.isFinite && $0.y.isFinite }
        var appearance = AppearanceStream(bounds: CGRect.bounding(all).expanded(by: width / 2 + 1))
        appearance.setOpacity(a.opacity)
        guard let color = a.color, width > 0 else { return appearance }
        if let pressures = ink.pressures {
            appearance.content.fillColor(color.pdfComponents)
            for (path, pressure) in zip(ink.paths, pressures) {
                appearance.content.append(InkOutline.path(points: path, pressures: pressure, width: width).path)
            }
            appearance.content.fill()
        } else {
            appearance.content.lineWidth(width)
            appearance.content.lineCap(1)
            appearance.content.lineJoin(1)
            appearance.content.strokeColor(color.pdfComponents)
            for path in ink.paths {
                let curve = InkOutline.path(points: path, pressures: nil, width: width).path
                appearance.content.append(curve.fittingCurves(tolerance: InkOutline.appearanceTolerance))
            }
            appearance.content.stroke()
        }
        return appearance
    }
}

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

    /// Text markup: highlights are painted under the text with the Multiply blend mode, so
    /// the text stays readable; the others are lines along each quad.
    func markup(_ a: PDFAnnotation, _ markup: PDFAnnotation.TextMarkup, _ quads: [PDFAnnotation.Quad]) -> AppearanceStream {
        let points = quads.flatMap(\.points)
        var appearance = AppearanceStream(bounds: CGRect.bounding(points).expanded(by: 1))
        appearance.setOpacity(a.opacity, blendMode: markup == .highlight ? "Multiply" : nil)
        guard let color = a.color else { return appearance }
        for quad in quads where quad.points.count == 4 {
            let p = quad.points  // upper-left, upper-right, lower-left, lower-right
            let height = hypot(p[0].x - p[2].x, p[0].y - p[2].y)
            switch markup {
            case .highlight:
                appearance.content.fillColor(color.pdfComponents)
                appearance.content.quadrilateral(p)
                appearance.content.fill()
            case .underline, .strikeOut:
                let t: CGFloat = markup == .underline ? 0.08 : 0.45
                appearance.content.strokeColor(color.pdfComponents)
                appearance.content.lineWidth(Double(max(0.5, height / 14)))
                appearance.content.move(interpolate(p[2], p[0], t))
                appearance.content.line(interpolate(p[3], p[1], t))
                appearance.content.stroke()
            case .squiggly:
                appearance.content.strokeColor(color.pdfComponents)
                appearance.content.lineWidth(Double(max(0.5, height / 18)))
                let start = interpolate(p[2], p[0], 0.05), end = interpolate(p[3], p[1], 0.05)
                let amplitude = height / 12
                let length = hypot(end.x - start.x, end.y - start.y)
                let steps = Int(saturating: length / max(1, height / 6), in: 2...2000)
                for i in 0...steps {
                    let t = CGFloat(i) / CGFloat(steps)
                    let base = interpolate(start, end, t)
                    let up = interpolate(p[2], p[0], 0.05 + (i % 2 == 0 ? 0 : amplitude / max(height, 1) * 2))
                    let point = CGPoint(x: base.x + (up.x - interpolate(p[2], p[0], 0.05).x),
                                        y: base.y + (up.y - interpolate(p[2], p[0], 0.05).y))
                    i == 0 ? appearance.content.move(point) : appearance.content.line(point)
                }
                appearance.content.stroke()
            }
        }
        return appearance
    }

    func interpolate(_ a: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint {
        CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }
}

#if !hasFeature(Embedded)
import Foundation
#endif

extension AnnotationDrawing {
    /// Text markup over `quads` (each four corners in /QuadPoints order: upper-left,
    /// upper-right, lower-left, lower-right), in the annotation's colour (nothing without
    /// one, `hasColor`): a highlight fills each quad and is painted with the Multiply blend
    /// mode, so the text under it stays readable; an underline runs at 0.08 of the quad's
    /// height from its bottom, a strike-out at 0.45 (the middle of lower-case letters), both
    /// a fourteenth of the height wide; a squiggly zigzags along the bottom, an eighteenth of
    /// the height wide. A kind that is not text markup draws nothing.
    public static func textMarkup(_ kind: AnnotationSubtype, quads: [[CGPoint]], hasColor: Bool, opacity: Double = 1) -> AnnotationDrawing {
        let style = Style(hasColor: hasColor, opacity: opacity)
        var drawing = AnnotationDrawing(opacity: style.opacity, blendMode: kind == .highlight ? "Multiply" : nil,
                                        bounds: CGRect.bounding(quads.flatMap { $0 }).expanded(by: 1))
        guard hasColor else { return drawing }
        for quad in quads where quad.count == 4 {
            let p = quad  // upper-left, upper-right, lower-left, lower-right
            let height = hypot(p[0].x - p[2].x, p[0].y - p[2].y)
            switch kind {
            case .highlight:
                var path = BezierPath()
                path.move(to: p[2]); path.addLine(to: p[3]); path.addLine(to: p[1]); path.addLine(to: p[0]); path.close()
                drawing.marks.append(Mark(path: path, fill: .color, stroke: false))
            case .underline, .strikeOut:
                let t: CGFloat = kind == .underline ? underlinePosition : strikeOutPosition
                var path = BezierPath()
                path.move(to: interpolate(p[2], p[0], t))
                path.addLine(to: interpolate(p[3], p[1], t))
                drawing.marks.append(Mark(path: path, fill: nil, stroke: true, lineWidth: Double(max(0.5, height / 14))))
            case .squiggly:
                drawing.marks.append(Mark(path: squiggle(p, height: height), fill: nil, stroke: true,
                                          lineWidth: Double(max(0.5, height / 18))))
            default:
                return drawing
            }
        }
        return drawing
    }

    /// Where an underline runs: this fraction of the quad's height above its bottom edge.
    public static let underlinePosition: CGFloat = 0.08
    /// Where a strike-out runs: this fraction of the quad's height above its bottom edge.
    public static let strikeOutPosition: CGFloat = 0.45

    /// The zigzag of a squiggly along a quad's bottom: a step a sixth of the height long,
    /// rising and falling a sixth of the height.
    static func squiggle(_ p: [CGPoint], height: CGFloat) -> BezierPath {
        let start = interpolate(p[2], p[0], 0.05), end = interpolate(p[3], p[1], 0.05)
        let amplitude = height / 12
        let length = hypot(end.x - start.x, end.y - start.y)
        let steps = Int(saturating: Double(length / max(1, height / 6)), in: 2...2000)
        var path = BezierPath()
        for i in 0...steps {
            let t = CGFloat(i) / CGFloat(steps)
            let base = interpolate(start, end, t)
            let up = interpolate(p[2], p[0], 0.05 + (i % 2 == 0 ? 0 : amplitude / max(height, 1) * 2))
            let point = CGPoint(x: base.x + (up.x - interpolate(p[2], p[0], 0.05).x),
                                y: base.y + (up.y - interpolate(p[2], p[0], 0.05).y))
            i == 0 ? path.move(to: point) : path.addLine(to: point)
        }
        return path
    }

    static func interpolate(_ a: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint {
        CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }
}

#if !hasFeature(Embedded)
import Foundation
#endif

extension AnnotationDrawing {
    /// The width of a redaction mark's outline, in points.
    public static let redactionOutlineWidth: CGFloat = 1

    /// A redaction mark before it is applied (`/Redact`, docs/redaction.md): the outline of
    /// each quadrilateral (`quads`, /QuadPoints order: upper-left, upper-right, lower-left,
    /// lower-right), or over an area (no quads) the outline of `rect` inset half its width so
    /// that all of it lies inside the area, stroked 1 point wide with mitred corners in the
    /// mark's colour (`/C`; nothing without one), as Acrobat and MuPDF show a mark under review.
    /// One path holds every outline. What replaces the content once applied (`/IC`,
    /// `/OverlayText`) is not part of the mark's drawing.
    ///
    /// The box: an area's is the area itself (a box larger than `/Rect` would be squeezed into
    /// it by every viewer, ISO 32000-2, 12.5.5); over text the quads' grown by the width.
    public static func redaction(quads: [[CGPoint]], rect: CGRect, hasColor: Bool, opacity: Double = 1) -> AnnotationDrawing {
        let width = redactionOutlineWidth
        let area = rect.standardized
        let outlines = quads.isEmpty
            ? [[CGPoint(x: area.minX, y: area.maxY), CGPoint(x: area.maxX, y: area.maxY),
                CGPoint(x: area.minX, y: area.minY), CGPoint(x: area.maxX, y: area.minY)]
                .map { inset($0, in: area, by: width / 2) }]
            : quads
        let style = Style(hasColor: hasColor, lineWidth: Double(width), opacity: opacity)
        var drawing = AnnotationDrawing(opacity: style.opacity,
                                        bounds: quads.isEmpty ? area : CGRect.bounding(quads.flatMap { $0 }).expanded(by: width))
        var path = BezierPath()
        for p in outlines where p.count == 4 {
            path.move(to: p[2]); path.addLine(to: p[3]); path.addLine(to: p[1]); path.addLine(to: p[0]); path.close()
        }
        drawing.addOutline(path, closed: false, style, lineJoin: 0)
        return drawing
    }

    /// A corner of `area` moved `amount` towards its middle (at most to the middle).
    private static func inset(_ corner: CGPoint, in area: CGRect, by amount: CGFloat) -> CGPoint {
        let dx = min(amount, area.width / 2), dy = min(amount, area.height / 2)
        return CGPoint(x: corner.x < area.midX ? corner.x + dx : corner.x - dx, y: corner.y < area.midY ? corner.y + dy : corner.y - dy)
    }
}

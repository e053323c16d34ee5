#if !hasFeature(Embedded)
import Foundation
#endif

// A text box's frame as its appearance stream draws it: the upright box the text is laid out
// in on a turned page, the matrix that turns it onto the page, and the border's centreline.
// Marginalia's appearance writer and the bridge's `textBoxLayout` (the browser's overlay) both
// take them from here (docs/engine.md, "Drawn once").

extension TextBoxLayout {
    /// The box a text box's appearance draws in, at the origin and upright for the reader: the
    /// rect's size, its sides swapped on a page turned a quarter or three (`/Rotate` 90, 270).
    public static func uprightBox(of rect: CGRect, pageRotation: Int) -> CGRect {
        let sideways = quarterTurns(pageRotation) % 2 == 1
        return CGRect(x: 0, y: 0, width: sideways ? rect.height : rect.width, height: sideways ? rect.width : rect.height)
    }

    /// The appearance's `/Matrix` on a page turned `pageRotation` degrees: a turn by the same
    /// angle (counter-clockwise in page space), so the text reads upright once the page is turned.
    public static func uprightMatrix(pageRotation: Int) -> AffineTransform {
        let (c, s): (CGFloat, CGFloat) = [(1, 0), (0, 1), (-1, 0), (0, -1)][quarterTurns(pageRotation)]
        return AffineTransform(m11: c, m12: s, m21: -s, m22: c, tX: 0, tY: 0)
    }

    /// The transform from the upright box (``uprightBox(of:pageRotation:)``) to page space, as
    /// a reader places the appearance (PDF 32000-1, 12.5.5): ``uprightMatrix(pageRotation:)``,
    /// then moved so the turned box's lower-left corner is the rect's.
    public static func boxToPage(rect: CGRect, pageRotation: Int) -> AffineTransform {
        let turn = uprightMatrix(pageRotation: pageRotation)
        let box = uprightBox(of: rect, pageRotation: pageRotation)
        let corners = [CGPoint(x: box.minX, y: box.minY), CGPoint(x: box.maxX, y: box.minY),
                       CGPoint(x: box.minX, y: box.maxY), CGPoint(x: box.maxX, y: box.maxY)]
        let xs = corners.map { turn.m11 * $0.x + turn.m21 * $0.y }
        let ys = corners.map { turn.m12 * $0.x + turn.m22 * $0.y }
        let rect = rect.standardized
        return AffineTransform(m11: turn.m11, m12: turn.m12, m21: turn.m21, m22: turn.m22,
                               tX: rect.minX - (xs.min() ?? 0), tY: rect.minY - (ys.min() ?? 0))
    }

    /// The centreline of a border `width` wide drawn inside `box`: the box inset by half the
    /// width (at most to its middle), so the stroke's outer edge is the box's.
    public static func borderRect(in box: CGRect, width: CGFloat) -> CGRect {
        box.insetBy(dx: min(width / 2, box.width / 2), dy: min(width / 2, box.height / 2))
    }

    /// 0 to 3 quarter turns for a rotation in degrees (a multiple of 90; another counts as the
    /// multiple below it).
    static func quarterTurns(_ degrees: Int) -> Int {
        ((degrees % 360) + 360) % 360 / 90
    }
}

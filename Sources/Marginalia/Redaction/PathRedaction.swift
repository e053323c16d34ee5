import Foundation
import PDFCore

/// Cutting the marks out of a painted path that crosses them: the part under a mark goes
/// from the content (its coordinates are not written), the rest is written again in the
/// path's own user space and paints as before.
///
/// The cut is made in page space (``BezierPath/fillCut(outside:tolerance:)`` for the area a
/// fill paints, ``BezierPath/strokeCut(outside:tolerance:)`` for the line a stroke follows)
/// and mapped back through the inverse of the matrix the path is painted under, so the line
/// width, dash pattern and colours in force apply as they did. Straight segments are cut
/// exactly; curves are kept where they stay clear of the marks and replaced by straight pieces
/// within ``tolerance`` of them only where they cross a mark's edge.
enum PathRedaction {
    /// How far, in page points, the straight pieces that replace a curve where it crosses a
    /// mark's edge may stray from it: 0.05 pt, under a thousandth of an inch.
    static let tolerance: CGFloat = 0.05

    /// The operators painting what is left of `path` outside `areas`, as `painting` painted
    /// it (a fill and a stroke as `f` and then `S`, which is what `B` means, ISO 32000-2,
    /// 8.5.3.1). Nil when no mark reaches into the path, or when the matrix has no inverse
    /// (it paints nothing then); empty when nothing is left.
    static func cut(_ path: BezierPath, painting: String, ctm: TextMatrix, areas: [CGRect]) -> [UInt8]? {
        let matrix = AffineTransform(m11: ctm.a, m12: ctm.b, m21: ctm.c, m22: ctm.d, tX: ctm.e, tY: ctm.f)
        guard let inverse = matrix.inverse else { return nil }
        let fills = ["f", "F", "f*", "B", "B*", "b", "b*"].contains(painting)
        let strokes = ["S", "s", "B", "B*", "b", "b*"].contains(painting)
        var filled = path
        var stroked = path
        // s, b and b* close the last subpath before painting it (8.5.3.1).
        if ["s", "b", "b*"].contains(painting) { stroked.elements.append(.close) }
        var changed = false
        for area in areas where area.width > 0 && area.height > 0 {
            if fills, let cut = filled.fillCut(outside: area, tolerance: tolerance) {
                filled = cut
                changed = true
            }
            if strokes, let cut = stroked.strokeCut(outside: area, tolerance: tolerance) {
                stroked = cut
                changed = true
            }
        }
        guard changed else { return nil }
        var text = ""
        if fills, !filled.isEmpty { text += operators(filled, inverse) + (painting.hasSuffix("*") ? "f*\n" : "f\n") }
        if strokes, !stroked.isEmpty { text += operators(stroked, inverse) + "S\n" }
        return Array(text.utf8)
    }

    /// The construction operators (`m`, `l`, `c`, `h`) of `path` mapped through `matrix`.
    static func operators(_ path: BezierPath, _ matrix: AffineTransform) -> String {
        func point(_ p: CGPoint) -> String {
            let q = matrix.transform(p)
            return PDFSyntax.number(q.x) + " " + PDFSyntax.number(q.y)
        }
        var text = ""
        for element in path.elements {
            switch element {
            case .move(let p): text += point(p) + " m\n"
            case .line(let p): text += point(p) + " l\n"
            case .curve(let p, let c1, let c2): text += point(c1) + " " + point(c2) + " " + point(p) + " c\n"
            case .close: text += "h\n"
            }
        }
        return text
    }
}

import Foundation
import Testing
@testable import Marginalia

/// `CharacterExpander.VisibleArea`, the crop-box test of each glyph's centre with the box's
/// edges read once: the same answer as Foundation's `CGRect.contains(_:)` on and around the
/// edges, for empty, null and flipped rectangles too.
@Suite("Text extraction: the crop box's test of a glyph")
struct VisibleAreaTests {
    static let rects = [CGRect(x: 0, y: 0, width: 612, height: 792), CGRect(x: -1, y: -1, width: 614, height: 794),
                        CGRect(x: 10, y: 20, width: 0, height: 5), CGRect(x: 10, y: 20, width: 5, height: 0), CGRect.null,
                        CGRect(x: 100, y: 100, width: -50, height: -40), CGRect(x: 0.5, y: 0.25, width: 0.1, height: 0.2)]

    @Test(arguments: rects.indices)
    func answersAsCGRectContains(_ index: Int) {
        let rect = Self.rects[index]
        let area = CharacterExpander.VisibleArea(rect)
        let xs = [-1, 0, 0.5, 0.6, 10, 15, 50, 100, 612, 613, -.infinity, .infinity, .nan].map { Double($0) }
        let ys = [-1, 0, 0.25, 0.45, 20, 25, 60, 100, 792, 793, .infinity].map { Double($0) }
        for x in xs {
            for y in ys {
                #expect(area.contains(x, y) == rect.contains(CGPoint(x: x, y: y)), "(\(x), \(y)) in \(rect)")
            }
        }
    }
}

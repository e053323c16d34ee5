import Foundation
import Testing
@testable import MarginaliaEditor

extension ViewportTests {
    @Suite("NoZoom annotations")
    struct NoZoomTests {
        // A 24x20 note whose /Rect upper-left corner is (100, 620) on a Letter page.
        static let note = CGRect(x: 100, y: 600, width: 24, height: 20)

        @Test func sizeStaysAtEveryZoomWhileTheCornerFollowsThePage() {
            for zoom: CGFloat in [0.25, 1, 3, 16] {
                let viewport = Viewport(pages: [ViewportTests.letter], viewSize: CGSize(width: 400, height: 300), zoom: zoom)
                let anchor = viewport.convert(CGPoint(x: 100, y: 620), fromPage: 0)
                let box = viewport.screenSize(forNoZoomAnnotation: Self.note, onPage: 0)
                #expect(close(box, CGRect(x: anchor.x, y: anchor.y, width: 24, height: 20)), "zoom \(zoom)")
            }
            // By hand at zoom 3: frame at (12, 12); corner at (12 + 300, 12 + (792 - 620) * 3).
            let viewport = Viewport(pages: [ViewportTests.letter], viewSize: CGSize(width: 400, height: 300), zoom: 3)
            #expect(viewport.screenSize(forNoZoomAnnotation: Self.note, onPage: 0) == CGRect(x: 312, y: 528, width: 24, height: 20))
        }

        @Test("the box turns with the page about its upper-left corner unless NoRotate",
              arguments: [
                  (0, CGRect(x: 0, y: 0, width: 24, height: 20)),
                  (90, CGRect(x: -20, y: 0, width: 20, height: 24)),
                  (180, CGRect(x: -24, y: -20, width: 24, height: 20)),
                  (270, CGRect(x: 0, y: -24, width: 20, height: 24)),
              ])
        func rotation(rotation: Int, relative: CGRect) {
            let page = PageGeometry(size: CGSize(width: 612, height: 792), rotation: rotation)
            let viewport = Viewport(pages: [page], viewSize: CGSize(width: 400, height: 300), zoom: 2)
            let anchor = viewport.convert(CGPoint(x: 100, y: 620), fromPage: 0)
            let turned = viewport.screenSize(forNoZoomAnnotation: Self.note, onPage: 0)
            #expect(close(turned, relative.offsetBy(dx: anchor.x, dy: anchor.y)))
            let upright = viewport.screenSize(forNoZoomAnnotation: Self.note, onPage: 0, noRotate: true)
            #expect(close(upright, CGRect(x: anchor.x, y: anchor.y, width: 24, height: 20)))
        }

        @Test func invalidRectangles() {
            let viewport = Viewport(pages: [ViewportTests.letter], viewSize: CGSize(width: 400, height: 300))
            #expect(viewport.screenSize(forNoZoomAnnotation: .null, onPage: 0).isNull)
            #expect(viewport.screenSize(forNoZoomAnnotation: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1), onPage: 0).isNull)
        }
    }
}

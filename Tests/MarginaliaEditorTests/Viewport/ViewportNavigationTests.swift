import Foundation
import Testing
@testable import MarginaliaEditor

extension ViewportTests {
    @Suite("Navigation")
    struct NavigationTests {
        @Test("zoom keeps the page point under the anchor", arguments: [0, 90, 180, 270])
        func zoomAnchoring(rotation: Int) throws {
            var viewport = ViewportTests.viewport(zoom: 1.5, viewRotation: rotation)
            viewport.scroll(by: CGPoint(x: 40, y: 500))
            let anchor = CGPoint(x: 420, y: 310)
            let before = try #require(viewport.convertToPage(anchor))
            for zoom: CGFloat in [3, 7.25, 2, 1.6] {
                viewport.zoom(to: zoom, anchor: anchor)
                #expect(viewport.zoom == zoom)
                #expect(close(viewport.convert(before.point, fromPage: before.pageIndex), anchor, tolerance: 1e-9))
            }
        }

        @Test func zoomAnchoringStopsAtTheContentEdge() {
            var viewport = ViewportTests.viewport()
            // Zooming out about the bottom-right corner would need a negative offset: the
            // offset stops at 0 and the anchored point moves up and left instead.
            let anchor = CGPoint(x: 800, y: 600)
            let pagePoint = viewport.convert(anchor, toPage: 0)
            viewport.zoom(to: 0.5, anchor: anchor)
            #expect(viewport.contentOffset == .zero)
            let landed = viewport.convert(pagePoint, fromPage: 0)
            #expect(landed.x < anchor.x && landed.y < anchor.y)
        }

        @Test func zoomIsClamped() {
            var viewport = ViewportTests.viewport()
            viewport.zoom(to: 100, anchor: CGPoint(x: 10, y: 10))
            #expect(viewport.zoom == 16)
            viewport.zoom = 0.001
            #expect(viewport.zoom == 0.1)
            viewport.zoom(to: .nan, anchor: CGPoint(x: CGFloat.nan, y: 1))
            #expect(viewport.zoom == 1)
        }

        @Test func scrollIsClampedToTheContent() {
            var viewport = ViewportTests.viewport()
            viewport.scroll(by: CGPoint(x: -100, y: -100))
            #expect(viewport.contentOffset == .zero)
            viewport.scroll(by: CGPoint(x: 1e6, y: 1e6))
            #expect(viewport.contentOffset == CGPoint(x: 66, y: 1135))
            viewport.scroll(by: CGPoint(x: CGFloat.nan, y: -35))
            #expect(viewport.contentOffset == CGPoint(x: 66, y: 1100))
            viewport.zoom = 0.3 // content (276.6 x 554.1) smaller than the view: no scrolling at all
            #expect(viewport.contentOffset == .zero)
        }

        @Test func fitWidthFillsTheViewWidth() {
            var viewport = ViewportTests.viewport()
            viewport.fitWidth()
            #expect(close(viewport.zoom, 776 / 842))
            #expect(close(viewport.contentSize.width, 800))
            #expect(close(viewport.frame(ofPage: 1).minX, 12))
            var single = ViewportTests.viewport(layout: .singlePage(2))
            single.fitWidth()
            #expect(close(single.zoom, 776 / 400))
        }

        @Test func fitPageShowsTheWholePageCentred() {
            var viewport = ViewportTests.viewport()
            viewport.fitPage(0)
            let zoom: CGFloat = 576 / 792
            #expect(close(viewport.zoom, zoom))
            #expect(close(viewport.frame(ofPage: 0), CGRect(x: 400 - 306 * zoom, y: 12, width: 612 * zoom, height: 576)))
            viewport.fitPage(2) // 400x300 shown: height limits, min(776/400, 576/300)
            #expect(close(viewport.zoom, 1.92))
            #expect(close(viewport.frame(ofPage: 2).minY, 12))
            #expect(viewport.visiblePages.contains(2))
        }

        @Test func showPage() {
            var viewport = ViewportTests.viewport(zoom: 2)
            viewport.showPage(1)
            #expect(viewport.frame(ofPage: 1).minY == 12)
            viewport.showPage(99) // clamped to the last page
            #expect(viewport.frame(ofPage: 2).minY == 12)
            viewport.showPage(-3)
            #expect(viewport.contentOffset.y == 0)
            var single = ViewportTests.viewport(layout: .singlePage(0))
            single.showPage(2)
            #expect(single.layout == .singlePage(2))
        }

        @Test("rotation keeps the page point at the view centre", arguments: [true, false])
        func rotationKeepsCentre(clockwise: Bool) throws {
            var viewport = ViewportTests.viewport(zoom: 2)
            viewport.showPage(1)
            viewport.scroll(by: CGPoint(x: 300, y: 200))
            let centre = CGPoint(x: 400, y: 300)
            let before = try #require(viewport.convertToPage(centre))
            viewport.rotateView(clockwise: clockwise)
            #expect(viewport.viewRotation == (clockwise ? 90 : 270))
            #expect(close(viewport.convert(before.point, fromPage: before.pageIndex), centre))
            viewport.setRotation(180, ofPage: before.pageIndex)
            #expect(viewport.pages[before.pageIndex].rotation == 180)
            #expect(close(viewport.convert(before.point, fromPage: before.pageIndex), centre))
        }
    }
}

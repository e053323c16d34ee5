import Foundation
import Testing
@testable import MarginaliaEditor

// Numbers below: the mixed pages at zoom 1 show as 612x792, 842x595 and 400x300 (the third
// page's /Rotate 90 swaps it), in an 800x600 view with the default 12-point gap.

extension ViewportTests {
    @Suite("Layout and hit testing")
    struct LayoutTests {
        @Test func continuousVerticalFrames() {
            let viewport = ViewportTests.viewport()
            #expect(viewport.contentSize == CGSize(width: 866, height: 1735))
            #expect(viewport.frame(ofPage: 0) == CGRect(x: 127, y: 12, width: 612, height: 792))
            #expect(viewport.frame(ofPage: 1) == CGRect(x: 12, y: 816, width: 842, height: 595))
            #expect(viewport.frame(ofPage: 2) == CGRect(x: 233, y: 1423, width: 400, height: 300))
        }

        @Test func horizontalFrames() {
            let viewport = ViewportTests.viewport(layout: .horizontal)
            #expect(viewport.contentSize == CGSize(width: 1902, height: 816))
            #expect(viewport.frame(ofPage: 1) == CGRect(x: 636, y: 110.5, width: 842, height: 595))
            #expect(viewport.frame(ofPage: 2) == CGRect(x: 1490, y: 258, width: 400, height: 300))
        }

        @Test func smallContentIsCentred() {
            let viewport = ViewportTests.viewport(zoom: 0.5, viewSize: CGSize(width: 1000, height: 2000))
            // Content (842/2 + 24) x ((792 + 595 + 300)/2 + 48) = 445 x 891.5.
            #expect(viewport.contentSize == CGSize(width: 445, height: 891.5))
            #expect(viewport.centringInset == CGPoint(x: 277.5, y: 554.25))
            #expect(viewport.frame(ofPage: 0).origin == CGPoint(x: 277.5 + 12 + 57.5, y: 554.25 + 12))
        }

        @Test func singlePageShowsOnlyItsPage() {
            let viewport = ViewportTests.viewport(layout: .singlePage(1))
            #expect(viewport.contentSize == CGSize(width: 866, height: 619))
            #expect(viewport.frame(ofPage: 1) == CGRect(x: 12, y: 12, width: 842, height: 595))
            #expect(viewport.visiblePages == [1])
            #expect(viewport.convertToPage(CGPoint(x: 100, y: 100))?.pageIndex == 1)
            #expect(viewport.convertToPage(CGPoint(x: 5, y: 5)) == nil)
            let clamped = ViewportTests.viewport(layout: .singlePage(99))
            #expect(clamped.visiblePages == [2])
        }

        @Test func visiblePagesFollowTheScroll() {
            var viewport = ViewportTests.viewport()
            #expect(viewport.visiblePages == [0])
            viewport.contentOffset = CGPoint(x: 0, y: 800)
            #expect(viewport.visiblePages == [0, 1])
            viewport.contentOffset = CGPoint(x: 0, y: 805)
            #expect(viewport.visiblePages == [1])
            viewport.contentOffset = CGPoint(x: 0, y: 1e9)
            #expect(viewport.visiblePages == [1, 2])
            #expect(ViewportTests.viewport(layout: .horizontal).visiblePages == [0, 1])
        }

        @Test func convertToPageInContinuousVertical() throws {
            let viewport = ViewportTests.viewport()
            let hit = try #require(viewport.convertToPage(CGPoint(x: 400, y: 100)))
            #expect(hit.pageIndex == 0)
            #expect(close(hit.point, CGPoint(x: 273, y: 704)))
            #expect(viewport.convertToPage(CGPoint(x: 400, y: 6)) == nil)   // gap above page 0
            #expect(viewport.convertToPage(CGPoint(x: 50, y: 100)) == nil)  // beside page 0
            #expect(viewport.convertToPage(CGPoint(x: 400, y: 810)) == nil) // between pages 0 and 1
            #expect(viewport.convertToPage(CGPoint(x: 400, y: 820))?.pageIndex == 1)
            #expect(viewport.convertToPage(CGPoint(x: 400, y: 1500))?.pageIndex == 2)
            #expect(viewport.convertToPage(CGPoint(x: CGFloat.nan, y: 100)) == nil)
        }

        @Test func convertToPageInHorizontal() {
            let viewport = ViewportTests.viewport(layout: .horizontal)
            #expect(viewport.convertToPage(CGPoint(x: 300, y: 300))?.pageIndex == 0)
            #expect(viewport.convertToPage(CGPoint(x: 630, y: 300)) == nil) // gap between 0 and 1
            #expect(viewport.convertToPage(CGPoint(x: 700, y: 300))?.pageIndex == 1)
            #expect(viewport.convertToPage(CGPoint(x: 700, y: 50)) == nil)  // above the shorter page 1
        }

        @Test func convertToAGivenPageWorksOutsideIt() {
            let viewport = ViewportTests.viewport()
            // A stroke that began on page 0 and crossed into page 1 stays in page 0's space.
            let point = viewport.convert(CGPoint(x: 400, y: 900), toPage: 0)
            #expect(close(point, CGPoint(x: 273, y: 792 - 888)))
        }

        @Test func touchingFramesGoToTheEarlierPage() {
            var viewport = ViewportTests.viewport([ViewportTests.letter, ViewportTests.letter])
            viewport.pageGap = 0
            #expect(viewport.frame(ofPage: 1).minY == 792)
            #expect(viewport.convertToPage(CGPoint(x: 300, y: 792))?.pageIndex == 0)
            #expect(viewport.convertToPage(CGPoint(x: 300, y: 792.5))?.pageIndex == 1)
        }
    }
}

extension ViewportTests.LayoutTests {
    /// The search over ordered frames agrees with checking every frame, at many points.
    @Test("hit tests and visibility agree with a scan of every page", arguments: [Viewport.Layout.continuousVertical, .horizontal,
                                                                                  .twoUp(coverPage: false), .twoUp(coverPage: true)])
    func searchAgreesWithScan(layout: Viewport.Layout) {
        let sizes = (0..<40).map { i in
            PageGeometry(size: CGSize(width: i % 7 == 3 ? 0 : 200 + CGFloat(i * 37 % 300),
                                      height: 150 + CGFloat(i * 53 % 400)), rotation: i * 90)
        }
        var viewport = Viewport(pages: sizes, viewSize: CGSize(width: 700, height: 500), layout: layout, zoom: 0.8)
        var seed: UInt64 = 42
        func next() -> CGFloat {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return CGFloat(seed >> 11) / CGFloat(1 << 53)
        }
        for gap: CGFloat in [12, 0] {
            viewport.pageGap = gap
            for _ in 0..<200 {
                viewport.contentOffset = CGPoint(x: next() * viewport.contentSize.width, y: next() * viewport.contentSize.height)
                let bounds = CGRect(origin: .zero, size: viewport.viewSize)
                let expectedVisible = viewport.pages.indices.filter {
                    let overlap = viewport.frame(ofPage: $0).intersection(bounds)
                    return !overlap.isNull && overlap.width > 0 && overlap.height > 0
                }
                #expect(viewport.visiblePages == expectedVisible)
                for _ in 0..<10 {
                    let point = CGPoint(x: next() * 700, y: next() * 500)
                    let expected = viewport.pages.indices.first {
                        let f = viewport.frame(ofPage: $0)
                        return point.x >= f.minX && point.x <= f.maxX && point.y >= f.minY && point.y <= f.maxY
                    }
                    #expect(viewport.pageIndex(at: point) == expected)
                }
            }
        }
    }
}

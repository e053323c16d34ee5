import Foundation
import Testing
@testable import MarginaliaEditor

// The two-up layout, page turning and the layout choices. Numbers: the mixed pages show as
// 612x792, 842x595 and 400x300 at zoom 1, in an 800x600 view with the default 12-point gap.

extension ViewportTests {
    @Suite("Two-up layout and page turning")
    struct TwoUpTests {
        static let sixLetters = Array(repeating: ViewportTests.letter, count: 6)

        @Test func spreadsWithAndWithoutACoverPage() {
            let cover = Viewport.Layout.twoUp(coverPage: true), plain = Viewport.Layout.twoUp(coverPage: false)
            #expect(cover.spreads(pageCount: 5) == [0..<1, 1..<3, 3..<5])
            #expect(plain.spreads(pageCount: 5) == [0..<2, 2..<4, 4..<5])
            #expect(cover.spread(containing: 2, pageCount: 5) == 1..<3)
            #expect(plain.spread(containing: 99, pageCount: 4) == 2..<4, "clamped to the last page")
            #expect(plain.spread(containing: 0, pageCount: 0) == 0..<0)
            #expect(Viewport.Layout.continuousVertical.spread(containing: 3, pageCount: 5) == 3..<4)
        }

        @Test func pagesSitSideBySideCentredInTheirRow() {
            let viewport = ViewportTests.viewport(layout: .twoUp(coverPage: false))
            // Rows [0, 1] (612 + 12 + 842 wide, 792 tall) and [2] (400 x 300).
            #expect(viewport.contentSize == CGSize(width: 1490, height: 1128))
            #expect(viewport.frame(ofPage: 0) == CGRect(x: 12, y: 12, width: 612, height: 792))
            #expect(viewport.frame(ofPage: 1) == CGRect(x: 636, y: 110.5, width: 842, height: 595))
            #expect(viewport.frame(ofPage: 2) == CGRect(x: 545, y: 816, width: 400, height: 300))
        }

        @Test func aCoverPageStandsAlone() {
            let viewport = ViewportTests.viewport(layout: .twoUp(coverPage: true))
            // Rows [0] (612 x 792) and [1, 2] (842 + 12 + 400 wide, 595 tall).
            #expect(viewport.contentSize == CGSize(width: 1278, height: 1423))
            #expect(viewport.frame(ofPage: 0) == CGRect(x: 333, y: 12, width: 612, height: 792))
            #expect(viewport.frame(ofPage: 1) == CGRect(x: 12, y: 816, width: 842, height: 595))
            #expect(viewport.frame(ofPage: 2) == CGRect(x: 866, y: 963.5, width: 400, height: 300))
        }

        @Test func hitsAndVisibilityFollowTheSpreads() {
            let viewport = ViewportTests.viewport(layout: .twoUp(coverPage: false))
            #expect(viewport.convertToPage(CGPoint(x: 700, y: 120))?.pageIndex == 1)
            #expect(viewport.convertToPage(CGPoint(x: 700, y: 100)) == nil, "above the shorter page of the spread")
            #expect(viewport.convertToPage(CGPoint(x: 630, y: 300)) == nil, "between the pages of the spread")
            #expect(viewport.visiblePages == [0, 1])
            // Page 1 ends above page 0's end: a view below it still shows page 0, and page 2.
            var strip = ViewportTests.viewport(layout: .twoUp(coverPage: false), viewSize: CGSize(width: 800, height: 100))
            strip.contentOffset = CGPoint(x: 0, y: 720)
            #expect(strip.visiblePages == [0, 2])
            #expect(strip.convertToPage(CGPoint(x: 100, y: 50))?.pageIndex == 0)
        }

        @Test func fitWidthFitsTheWidestSpread() {
            for cover in [false, true] {
                var viewport = ViewportTests.viewport(layout: .twoUp(coverPage: cover))
                viewport.fitWidth()
                // Pages 0 + 1 (1454 wide) or 1 + 2 (1242): the spread and its gaps fill 800 points.
                #expect(close(viewport.contentSize.width, 800, tolerance: 1e-6))
            }
        }

        @Test func showPageBringsItsSpreadToTheTop() {
            // A view wide enough for the spread of pages 1 and 2 (1278 points of content).
            var viewport = ViewportTests.viewport(layout: .twoUp(coverPage: true), viewSize: CGSize(width: 1300, height: 600))
            viewport.showPage(2)
            #expect(viewport.contentOffset == CGPoint(x: 0, y: 804))
            #expect(viewport.frame(ofPage: 1).minY == 12)
            #expect(viewport.visiblePages == [1, 2])
        }

        @Test func keysTurnSpreadsAndSinglePages() {
            var viewport = ViewportTests.viewport(Self.sixLetters, layout: .twoUp(coverPage: true), zoom: 0.5)
            // Each step: the direction, and the page that then starts at the view's top.
            for (forward, top) in [(true, 1), (true, 3), (false, 1)] {
                let turned = viewport.turnPage(forward: forward)
                #expect(turned)
                #expect(viewport.frame(ofPage: top).minY == 12, "the spread of page \(top + 1) at the top")
            }
            var single = ViewportTests.viewport(Self.sixLetters, layout: .singlePage(4))
            for (forward, turns, shown) in [(true, true, 5), (true, false, 5), (false, true, 4)] {
                let turned = single.turnPage(forward: forward)
                #expect(turned == turns)
                #expect(single.layout == .singlePage(shown))
            }
        }

        @Test func swipesTurnASinglePageAtItsEdge() {
            var viewport = ViewportTests.viewport(Self.sixLetters, layout: .singlePage(2))
            for (dx, shown) in [(-60.0, 3), (60, 2)] {
                let turned = viewport.turnPage(swipedBy: dx)
                #expect(turned)
                #expect(viewport.layout == .singlePage(shown))
            }
            // Zoomed in, the page pans to its edge before a swipe turns it.
            viewport.zoom = 2
            let turnedAwayFromTheEdge = viewport.turnPage(swipedBy: -60)
            #expect(!turnedAwayFromTheEdge)
            #expect(viewport.layout == .singlePage(2))
            viewport.contentOffset = CGPoint(x: 1e9, y: 0)
            let turnedAtTheEdge = viewport.turnPage(swipedBy: -60)
            #expect(turnedAtTheEdge)
            #expect(viewport.layout == .singlePage(3))
            var scrolling = ViewportTests.viewport(Self.sixLetters)
            let turnedScrolling = scrolling.turnPage(swipedBy: -60)
            #expect(!turnedScrolling, "continuous layouts scroll")
        }

        @Test(arguments: PageLayout.allCases)
        func choicesMapOntoViewportLayouts(choice: PageLayout) {
            #expect(PageLayout(choice.viewportLayout(showing: 2)) == choice)
            var viewport = ViewportTests.viewport(Self.sixLetters, zoom: 0.5)
            viewport.showPage(3)
            let current = viewport.currentPage
            viewport.choose(choice)
            #expect(PageLayout(viewport.layout) == choice)
            #expect(viewport.visiblePages.contains(current ?? -1), "the current page stays in view")
        }
    }
}

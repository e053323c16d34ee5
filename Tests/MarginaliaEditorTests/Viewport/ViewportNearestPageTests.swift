import Foundation
import Testing
@testable import MarginaliaEditor

extension ViewportTests {
    /// Where a stroke begun beside a page goes (issue 34, item 5): the nearest shown page within
    /// a margin of view points, the point kept in that page's space; nothing farther away.
    @Suite("Nearest page within a margin")
    struct NearestPageTests {
        static let margin: CGFloat = 24

        /// Two Letter pages 60 view points apart at zoom 1, in an 800-point-wide view.
        static func viewport(layout: Viewport.Layout = .continuousVertical) -> Viewport {
            Viewport(pages: [ViewportTests.letter, ViewportTests.letter], viewSize: CGSize(width: 800, height: 600),
                     layout: layout, pageGap: 60, zoom: 1)
        }

        @Test func inTheGapThePointGoesToTheNearerPageWithinTheMargin() throws {
            let viewport = Self.viewport()
            let first = viewport.frame(ofPage: 0), second = viewport.frame(ofPage: 1)
            #expect(second.minY - first.maxY == 60)
            let belowFirst = try #require(viewport.convertToPage(CGPoint(x: first.midX, y: first.maxY + 10), within: Self.margin))
            #expect(belowFirst.pageIndex == 0)
            // Outside the page: 10 view points under its bottom edge is 10 points below y = 0.
            #expect(close(belowFirst.point, CGPoint(x: 306, y: -10), tolerance: 1e-9))
            let aboveSecond = try #require(viewport.convertToPage(CGPoint(x: second.midX, y: second.minY - 20), within: Self.margin))
            #expect(aboveSecond.pageIndex == 1 && close(aboveSecond.point, CGPoint(x: 306, y: 812), tolerance: 1e-9))
            // The middle of the gap is 30 points from both: too far for either.
            #expect(viewport.convertToPage(CGPoint(x: first.midX, y: first.maxY + 30), within: Self.margin) == nil)
            // Without a margin a point in the gap is on no page, as before.
            #expect(viewport.convertToPage(CGPoint(x: first.midX, y: first.maxY + 10)) == nil)
        }

        @Test func besideAPageInTheViewersMarginTheMarginDecides() throws {
            let viewport = Self.viewport()
            let first = viewport.frame(ofPage: 0)
            let left = try #require(viewport.convertToPage(CGPoint(x: first.minX - 24, y: first.midY), within: Self.margin))
            #expect(left.pageIndex == 0 && left.point.x == -24)
            #expect(viewport.convertToPage(CGPoint(x: first.minX - 24.5, y: first.midY), within: Self.margin) == nil)
            #expect(viewport.convertToPage(CGPoint(x: first.maxX + 12, y: first.minY + 5), within: Self.margin)?.pageIndex == 0)
            // A corner measures the distance to the corner, not to either edge's line.
            #expect(viewport.convertToPage(CGPoint(x: first.minX - 20, y: first.minY - 20), within: Self.margin) == nil)
            #expect(viewport.convertToPage(CGPoint(x: first.minX - 15, y: first.minY - 15), within: Self.margin)?.pageIndex == 0)
        }

        @Test func onAPageThePageItselfWhateverTheMargin() {
            let viewport = Self.viewport()
            let second = viewport.frame(ofPage: 1)
            let hit = viewport.convertToPage(CGPoint(x: second.minX + 1, y: second.minY + 1), within: Self.margin)
            #expect(hit?.pageIndex == 1)
            #expect(viewport.convertToPage(CGPoint(x: CGFloat.nan, y: 10), within: Self.margin) == nil)
            #expect(viewport.convertToPage(CGPoint(x: second.minX - 5, y: second.midY), within: 0) == nil)
        }

        @Test func horizontalPagesAreSearchedAlongX() throws {
            let viewport = Self.viewport(layout: .horizontal)
            let first = viewport.frame(ofPage: 0), second = viewport.frame(ofPage: 1)
            #expect(second.minX - first.maxX == 60)
            #expect(viewport.convertToPage(CGPoint(x: first.maxX + 20, y: first.midY), within: Self.margin)?.pageIndex == 0)
            #expect(viewport.convertToPage(CGPoint(x: second.minX - 20, y: second.midY), within: Self.margin)?.pageIndex == 1)
            #expect(viewport.convertToPage(CGPoint(x: first.maxX + 30, y: first.midY), within: Self.margin) == nil)
        }
    }
}

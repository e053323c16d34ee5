import Foundation
import Testing
@testable import MarginaliaEditor

extension ViewportTests {
    @Suite("Degenerate input")
    struct DegenerateTests {
        @Test func noPages() {
            var viewport = Viewport(viewSize: CGSize(width: 800, height: 600))
            #expect(viewport.contentSize == .zero)
            #expect(viewport.visiblePages.isEmpty)
            #expect(viewport.currentPage == nil)
            #expect(viewport.convertToPage(CGPoint(x: 10, y: 10)) == nil)
            #expect(viewport.frame(ofPage: 0).isNull)
            #expect(isFinite(viewport.convert(CGPoint(x: 3, y: 4), fromPage: 0)))
            viewport.fitWidth()
            viewport.fitPage(0)
            viewport.showPage(3)
            viewport.rotateView()
            viewport.zoom(to: 4, anchor: CGPoint(x: 1, y: 1))
            viewport.scroll(by: CGPoint(x: 50, y: 50))
            #expect(viewport.zoom == 4)
            #expect(viewport.contentOffset == .zero)
        }

        @Test func zeroSizePages() {
            let empty = PageGeometry(size: .zero, rotation: 90)
            var viewport = Viewport(pages: [empty, empty, ViewportTests.letter], viewSize: CGSize(width: 800, height: 600))
            viewport.fitPage(0)
            viewport.fitWidth()
            #expect(viewport.zoom.isFinite)
            for index in 0..<3 {
                let view = viewport.convert(CGPoint(x: 5, y: 5), fromPage: index)
                #expect(isFinite(view))
                #expect(close(viewport.convert(view, toPage: index), CGPoint(x: 5, y: 5)))
            }
            #expect(viewport.frame(ofPage: 0).size == .zero)
        }

        @Test func nonFiniteInputsAreReplaced() {
            var viewport = Viewport(pages: [PageGeometry(size: CGSize(width: CGFloat.nan, height: -5),
                                                         origin: CGPoint(x: CGFloat.infinity, y: .nan), rotation: -450),
                                            ViewportTests.letter],
                                    viewSize: CGSize(width: CGFloat.nan, height: .infinity),
                                    pageGap: .nan, zoom: .nan, contentOffset: CGPoint(x: CGFloat.nan, y: .infinity))
            #expect(viewport.pages[0] == PageGeometry(size: .zero, origin: .zero, rotation: 270))
            #expect(viewport.viewSize == .zero)
            #expect(viewport.pageGap == 12)
            #expect(viewport.zoom == 1)
            #expect(isFinite(viewport.contentOffset))
            viewport.viewSize = CGSize(width: 300, height: 300)
            viewport.zoom = .infinity
            #expect(viewport.zoom == 16)
            viewport.zoom = -.infinity
            #expect(viewport.zoom == 0.1)
            viewport.zoom = 2
            viewport.contentOffset = CGPoint(x: CGFloat.infinity, y: -.infinity)
            #expect(viewport.contentOffset == CGPoint(x: 0, y: 0))
            viewport.contentOffset = CGPoint(x: 1e300, y: 1e300)
            #expect(viewport.contentOffset == CGPoint(x: viewport.contentSize.width - 300, y: viewport.contentSize.height - 300))
            viewport.zoom(to: 3, anchor: CGPoint(x: CGFloat.nan, y: .infinity))
            viewport.place(CGPoint(x: CGFloat.nan, y: 0), onPage: 1, at: CGPoint(x: 1, y: 1))
            #expect(isFinite(viewport.contentOffset))
            let transform = viewport.pageToView(1)
            let entries = [transform.m11, transform.m12, transform.m21, transform.m22, transform.tX, transform.tY]
            #expect(entries.allSatisfy { $0.isFinite })
        }

        @Test func indicesOutsideThePages() {
            let viewport = ViewportTests.viewport()
            #expect(viewport.frame(ofPage: -1).isNull)
            #expect(viewport.frame(ofPage: 3).isNull)
            #expect(isFinite(viewport.convert(CGPoint(x: 1, y: 2), fromPage: 17)))
            #expect(isFinite(viewport.convert(CGPoint(x: 1, y: 2), toPage: -4)))
            #expect(viewport.displayedSize(ofPage: 9) == .zero)
        }
    }
}

import Foundation
import Testing
@testable import MarginaliaEditor

extension ViewportTests {
    @Suite("Transform")
    struct TransformTests {
        static let rotations = [0, 90, 180, 270]
        static let zooms: [CGFloat] = [0.1, 0.5, 1, 2, 7.3, 16]

        @Test("page -> view -> page round trips", arguments: rotations, ViewportTests.layouts)
        func roundTrip(rotation: Int, layout: Viewport.Layout) {
            for zoom in Self.zooms {
                var viewport = ViewportTests.viewport(layout: layout, zoom: zoom, viewRotation: rotation)
                viewport.scroll(by: CGPoint(x: 137.5, y: 211.25))
                for index in viewport.pages.indices {
                    for point in [CGPoint(x: 0, y: 0), CGPoint(x: 612, y: 792), CGPoint(x: 33.3, y: -12.7), CGPoint(x: 1e4, y: 5e3)] {
                        let view = viewport.convert(point, fromPage: index)
                        let back = viewport.convert(view, toPage: index)
                        #expect(close(back, point, tolerance: 1e-9), "\(rotation)° \(layout) zoom \(zoom) page \(index)")
                    }
                }
            }
        }

        @Test("the page's CropBox maps exactly onto its frame", arguments: rotations, ViewportTests.layouts)
        func cropBoxIsFrame(rotation: Int, layout: Viewport.Layout) {
            let viewport = ViewportTests.viewport(layout: layout, zoom: 1.5, viewRotation: rotation)
            for index in viewport.pages.indices {
                let mapped = viewport.pageToView(index).transform(viewport.pages[index].cropBox)
                #expect(close(mapped, viewport.frame(ofPage: index)))
            }
        }

        // 612 x 792 at zoom 2: frame is 1224 x 1584, or 1584 x 1224 when turned.
        @Test("known corners of a Letter page at zoom 2",
              arguments: [
                  // rotation, where page (0,0), (612,0), (0,792) land, relative to the frame origin
                  (0, CGPoint(x: 0, y: 1584), CGPoint(x: 1224, y: 1584), CGPoint(x: 0, y: 0)),
                  (90, CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 1224), CGPoint(x: 1584, y: 0)),
                  (180, CGPoint(x: 1224, y: 0), CGPoint(x: 0, y: 0), CGPoint(x: 1224, y: 1584)),
                  (270, CGPoint(x: 1584, y: 1224), CGPoint(x: 1584, y: 0), CGPoint(x: 0, y: 1224)),
              ])
        func knownValues(rotation: Int, origin: CGPoint, bottomRight: CGPoint, topLeft: CGPoint) {
            let page = PageGeometry(size: CGSize(width: 612, height: 792), rotation: rotation)
            let viewport = Viewport(pages: [page], viewSize: CGSize(width: 400, height: 300), zoom: 2)
            let frame = viewport.frame(ofPage: 0)
            let turned = rotation % 180 != 0
            #expect(frame.size == (turned ? CGSize(width: 1584, height: 1224) : CGSize(width: 1224, height: 1584)))
            #expect(frame.origin == CGPoint(x: 12, y: 12)) // one gap, no scroll, larger than the view
            func relative(_ p: CGPoint) -> CGPoint {
                let v = viewport.convert(p, fromPage: 0)
                return CGPoint(x: v.x - frame.minX, y: v.y - frame.minY)
            }
            #expect(relative(.zero) == origin)
            #expect(relative(CGPoint(x: 612, y: 0)) == bottomRight)
            #expect(relative(CGPoint(x: 0, y: 792)) == topLeft)
        }

        @Test func viewRotationAddsToPageRotation() {
            let page = PageGeometry(size: CGSize(width: 612, height: 792), rotation: 270)
            let both = Viewport(pages: [page], viewSize: CGSize(width: 400, height: 300), zoom: 2, viewRotation: 180)
            let plain = Viewport(pages: [PageGeometry(size: page.size, rotation: 90)],
                                 viewSize: CGSize(width: 400, height: 300), zoom: 2)
            #expect(both.effectiveRotation(ofPage: 0) == 90)
            #expect(both.pageToView(0) == plain.pageToView(0))
        }

        @Test func cropBoxOriginIsRespected() {
            let page = PageGeometry(size: CGSize(width: 100, height: 200), origin: CGPoint(x: 50, y: 70))
            let viewport = Viewport(pages: [page], viewSize: CGSize(width: 124, height: 224))
            // Content 124 x 224 fills the view: frame at (12, 12).
            #expect(viewport.convert(CGPoint(x: 50, y: 270), fromPage: 0) == CGPoint(x: 12, y: 12))
            #expect(viewport.convert(CGPoint(x: 150, y: 70), fromPage: 0) == CGPoint(x: 112, y: 212))
        }

        @Test func scrollMovesEveryPageByTheOffset() {
            var viewport = ViewportTests.viewport(zoom: 2)
            let before = viewport.convert(CGPoint(x: 10, y: 10), fromPage: 1)
            viewport.scroll(by: CGPoint(x: 30, y: 400))
            let after = viewport.convert(CGPoint(x: 10, y: 10), fromPage: 1)
            #expect(close(after, CGPoint(x: before.x - 30, y: before.y - 400)))
        }
    }
}

import Foundation
import Testing
@testable import MarginaliaCore

/// `fitAutomatic`: the zoom a viewer opens a document at (issue 15: at 1280 x 860 the first
/// view was 205 %, half a page).
@Suite("Viewport: the automatic zoom")
struct ViewportAutomaticZoomTests {
    static let letter = PageGeometry(size: CGSize(width: 612, height: 792))

    static func fitted(_ pages: [PageGeometry], view: CGSize) -> Viewport {
        var viewport = Viewport(pages: pages, viewSize: view)
        viewport.fitAutomatic()
        return viewport
    }

    @Test func aWideWindowShowsAReadablePageNotHalfOfOne() {
        // The editor's page area at 1280 x 860: fit width would be 2.05.
        let viewport = Self.fitted([Self.letter, Self.letter], view: CGSize(width: 1280, height: 800))
        #expect(abs(viewport.zoom - Viewport.automaticZoomLimit) < 1e-9, "\(viewport.zoom)")
        var width = viewport
        width.fitWidth()
        #expect(width.zoom > 2, "fit width itself is unchanged: \(width.zoom)")
    }

    @Test func aTabletInPortraitShowsTheWholePageAtNearlyItsWidth() {
        // iPad portrait: the whole page fits at 98.6 % of the width's zoom, so it is whole.
        let viewport = Self.fitted([Self.letter], view: CGSize(width: 1024, height: 1300))
        var width = viewport
        width.fitWidth()
        #expect(abs(viewport.zoom - (1300 - 24) / 792.0) < 1e-9 && viewport.zoom > 0.98 * width.zoom, "\(viewport.zoom)")
        // A little taller and it is the width.
        let taller = Self.fitted([Self.letter], view: CGSize(width: 1024, height: 1366))
        #expect(abs(taller.zoom - (1024 - 24) / 612.0) < 1e-9, "\(taller.zoom)")
    }

    @Test func aNarrowWindowFitsTheWidth() {
        let viewport = Self.fitted([Self.letter], view: CGSize(width: 400, height: 700))
        #expect(abs(viewport.zoom - (400 - 24) / 612) < 1e-9, "\(viewport.zoom)")
    }

    @Test func aLandscapePageFitsWholeWhenThatIsLargerThanTheLimit() {
        let landscape = PageGeometry(size: CGSize(width: 792, height: 612))
        let viewport = Self.fitted([landscape], view: CGSize(width: 1600, height: 1000))
        let whole = min((1600 - 24) / 792.0, (1000 - 24) / 612.0)
        #expect(abs(viewport.zoom - whole) < 1e-9 && whole > Viewport.automaticZoomLimit, "\(viewport.zoom)")
    }

    @Test func theWidestPageLimitsTheWidthAndTheCurrentPageTheWhole() {
        // The sample's pages: letter, A4 and a turned 540 x 720 page, wider than the others.
        let pages = [Self.letter, PageGeometry(size: CGSize(width: 595.276, height: 841.89)),
                     PageGeometry(size: CGSize(width: 540, height: 720), rotation: 90)]
        let desktop = Self.fitted(pages, view: CGSize(width: 1265, height: 800))
        #expect(abs(desktop.zoom - Viewport.automaticZoomLimit) < 1e-9, "the first page is not whole at the width: \(desktop.zoom)")
        let tablet = Self.fitted(pages, view: CGSize(width: 1024, height: 1309))
        #expect(abs(tablet.zoom - (1024 - 24) / 720.0) < 1e-9, "every page fits the width: \(tablet.zoom)")
    }

    @Test func theBridgeTakesFitAutomatic() throws {
        let bridge = EngineBridge()
        _ = try JSONParser.parse(bridge.call(Array(#"{"call": "init", "pages": [{"box": [0, 0, 612, 792]}], "viewSize": [1280, 800]}"#.utf8)))
        let answer = try JSONParser.parse(bridge.call(Array(#"{"call": "setViewport", "fitAutomatic": true}"#.utf8)))
        #expect(answer["zoom"]?.numberValue == 1.25)
    }
}

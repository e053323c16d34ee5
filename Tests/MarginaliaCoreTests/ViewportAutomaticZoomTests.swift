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

    /// `openingPlace`, which the early page is drawn by (earlypage.js): the zoom and the place
    /// in the view the editor's layout will give the page a document opens at, from a viewport
    /// of its own.
    @Test func theOpeningPlaceIsTheLayoutsAndLeavesTheEnginesViewAlone() throws {
        let bridge = EngineBridge()
        func call(_ json: String) throws -> JSONValue { try JSONParser.parse(bridge.call(Array(json.utf8))) }
        _ = try call(#"{"call": "init", "pages": [{"box": [0, 0, 300, 300]}, {"box": [0, 0, 300, 300]}], "viewSize": [500, 400]}"#)
        let before = try call(#"{"call": "setViewport", "zoom": 0.5}"#)
        func opening(_ view: String, pages: Int = 120) throws -> [Double] {
            let answer = try call(#"{"call": "openingPlace", "page": {"box": [0, 0, 612, 792]}, "pageCount": \#(pages), "viewSize": [1280, 800], "view": \#(view)}"#)
            return ([answer["zoom"]] + (answer["frame"]?.arrayValue ?? [])).compactMap { $0?.numberValue }
        }
        // Letter at 1280 x 800: 125 %, 765 points wide, centred across, one 12-point gap from the top
        // (numbers as the JSON writes them: six decimals).
        #expect(try opening(#"{"fitAutomatic": true, "showPage": 0}"#) == [1.25, 257.5, 12, 765, 990])
        let width = try opening(#"{"fitWidth": true, "showPage": 0}"#)
        #expect(width.count == 5 && abs(width[0] - 1256.0 / 612) < 1e-6 && width[1] == 12 && width[2] == 12, "\(width)")
        #expect(try opening(#"{"zoom": 0.5, "showPage": 3}"#) == [0.5, 487, 12, 306, 396], "page 4 at the top")
        // One page at half size is centred down the view too: (800 - 396 - 24) / 2 + 12.
        #expect(try opening(#"{"zoom": 0.5, "showPage": 0}"#, pages: 1) == [0.5, 487, 202, 306, 396])
        // The engine's own view and pages are as they were.
        #expect(try call(#"{"call": "viewport"}"#) == before)
        #expect(try call(#"{"call": "openingPlace", "page": {"box": [0, 0, 612, 792]}, "pageCount": 2, "viewSize": [1280, 800], "view": {"showPage": 2}}"#)["error"] != nil)
        #expect(try call(#"{"call": "openingPlace", "page": {"box": [0, 0, 612, 792]}, "pageCount": 0, "viewSize": [1280, 800], "view": {}}"#)["error"] != nil)
        #expect(try call(#"{"call": "viewport"}"#) == before, "nor after a refused request")
    }
}

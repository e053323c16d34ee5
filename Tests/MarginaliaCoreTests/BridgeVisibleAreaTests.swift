import Foundation
import Testing
@testable import MarginaliaCore

/// `visibleArea`: the part of the current page the view shows, which "Export view as PDF"
/// sends to the server (the native Editor asks the same EditorEngine.visiblePageRect).
@Suite("Engine bridge: the visible area")
struct BridgeVisibleAreaTests {
    static func call(_ bridge: EngineBridge, _ json: String) throws -> JSONValue {
        try JSONParser.parse(bridge.call(Array(json.utf8)))
    }

    static func rect(_ answer: JSONValue) -> [Double] {
        answer["rect"]?.arrayValue?.compactMap { $0.numberValue } ?? []
    }

    @Test func theVisibleAreaIsThePartOfTheCurrentPageInView() throws {
        let bridge = EngineBridge()
        #expect(try Self.call(bridge, #"{"call": "visibleArea"}"#) == .object([]), "no pages: nothing in view")
        _ = try Self.call(bridge, #"{"call": "init", "pages": [{"box": [0, 0, 600, 800]}, {"box": [0, 0, 600, 800]}], "viewSize": [600, 800]}"#)
        _ = try Self.call(bridge, #"{"call": "setViewport", "fitWidth": true}"#)
        let whole = try Self.call(bridge, #"{"call": "visibleArea"}"#)
        #expect(whole["pageIndex"]?.numberValue == 0)
        let all = Self.rect(whole)
        #expect(all.count == 4 && all[0] == 0 && all[2] == 600 && all[3] == 800, "\(all)")
        // Zoomed in 4x about the view's centre: a quarter of the width, around the page's middle.
        _ = try Self.call(bridge, #"{"call": "setViewport", "zoom": 4, "anchor": [300, 400]}"#)
        let zoomed = try Self.call(bridge, #"{"call": "visibleArea"}"#)
        let part = Self.rect(zoomed)
        #expect(zoomed["pageIndex"]?.numberValue == 0)
        #expect(part.count == 4 && abs((part[2] - part[0]) - 150) < 1 && (part[3] - part[1]) <= 200.5, "\(part)")
        #expect(part[0] < 300 && part[2] > 300, "the middle of the page is in view")
        // Scrolled to the second page: it is the current page.
        _ = try Self.call(bridge, #"{"call": "setViewport", "zoom": 1, "showPage": 1}"#)
        #expect(try Self.call(bridge, #"{"call": "visibleArea"}"#)["pageIndex"]?.numberValue == 1)
    }
}

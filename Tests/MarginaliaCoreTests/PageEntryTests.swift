import Foundation
import Testing
@testable import MarginaliaCore

/// Page labels in the page box (issue 26: "page labels (i, ii, …) in the page box"): what a
/// typed entry names and what the box shows, through the bridge as the browser asks.
@Suite("Page box: labels and numbers")
struct PageEntryTests {
    static let labels: [String?] = ["i", "ii", "iii", "1", "2", "A-1", nil]

    @Test(arguments: [("iii", 2), ("  ii ", 1), ("III", 2), ("a-1", 5), ("1", 3), ("2", 4), ("7", 6), ("6", 5)])
    func anEntryNamesALabelFirstThenANumber(text: String, page: Int) {
        #expect(PageEntry.pageIndex(for: text, labels: Self.labels, pageCount: 7) == page)
    }

    @Test(arguments: ["", "  ", "8", "0", "-1", "iv", "9223372036854775808", "1.5"])
    func anEntryNamingNoPageGoesNowhere(text: String) {
        #expect(PageEntry.pageIndex(for: text, labels: Self.labels, pageCount: 7) == nil)
    }

    @Test func withoutLabelsTheNumbersCount() {
        #expect(PageEntry.pageIndex(for: "3", labels: [], pageCount: 5) == 2)
        #expect(PageEntry.display(2, labels: []) == "3")
        #expect(PageEntry.display(0, labels: Self.labels) == "i" && PageEntry.display(6, labels: Self.labels) == "7")
    }

    @Test func theBridgeKeepsTheLabelsSetPagesGives() throws {
        let bridge = EngineBridge()
        func call(_ json: String) throws -> JSONValue { try JSONParser.parse(bridge.call(Array(json.utf8))) }
        _ = try call(#"{"call": "init", "pages": [], "viewSize": [800, 600]}"#)
        _ = try call(#"{"call": "setPages", "pages": [{"box": [0, 0, 612, 792], "label": "i"}, {"box": [0, 0, 612, 792], "label": "ii"}, {"box": [0, 0, 612, 792]}]}"#)
        #expect(try call(#"{"call": "pageEntry", "text": "ii"}"#)["pageIndex"] == .integer(1))
        #expect(try call(#"{"call": "pageEntry", "text": "3"}"#)["pageIndex"] == .integer(2))
        #expect(try call(#"{"call": "pageEntry", "text": "4"}"#)["pageIndex"] == nil)
        #expect(try call(#"{"call": "pageLabel", "pageIndex": 0}"#)["text"] == .string("i"))
        #expect(try call(#"{"call": "pageLabel", "pageIndex": 2}"#)["text"] == .string("3"))
    }
}

import Foundation
import Testing
@testable import MarginaliaCore

/// A named stamp's frame and title (StampLabel): what its appearance stream and the browser's
/// overlay both draw.
@Suite("Stamp labels")
struct StampLabelTests {
    @Test func theNameBecomesWordsInCapitals() {
        #expect(StampLabel(name: "NotForPublicRelease", box: CGRect(x: 0, y: 0, width: 100, height: 30)).title == "NOT FOR PUBLIC RELEASE")
        #expect(StampLabel(name: "Approved", box: .zero).title == "APPROVED")
        #expect(StampLabel(name: "Café", box: .zero).title == "CAFé", "non-ASCII letters are kept as they are")
        #expect(StampLabel(name: "Checked by Ana Silva, 2026-12-04", box: .zero).title == "CHECKED BY ANA SILVA, 2026-12-04",
                "a custom stamp's own spaces, none added")
        #expect(StampLabel(name: "TOP", box: .zero).title == "TOP", "capitals in a row stay one word")
    }

    @Test func theTitleFitsTheFrame() {
        let label = StampLabel(name: "Approved", box: CGRect(x: 0, y: 0, width: 120, height: 40))
        #expect(label.frame == CGRect(x: 2, y: 2, width: 116, height: 36))
        #expect(label.lineWidth == 3 && abs(label.radius - 5.4) < 1e-9)
        #expect(abs(label.fontSize(titleWidthAtOne: 0.1) - 21.6) < 1e-9, "a short title: 0.6 of the frame's height")
        #expect(abs(label.fontSize(titleWidthAtOne: 5.8) - 17) < 1e-9, "a long one: 0.85 of the frame's width")
        #expect(label.fontSize(titleWidthAtOne: 0) == 12)
    }

    @Test func theBridgeAnswersTheLabel() throws {
        let bridge = EngineBridge()
        let answer = try JSONParser.parse(bridge.call(Array(#"{"call": "stampLabel", "name": "Draft", "rect": [100, 600, 220, 640]}"#.utf8)))
        #expect(answer["title"]?.stringValue == "DRAFT")
        #expect(answer["frame"] == .rect(CGRect(x: 102, y: 602, width: 116, height: 36)))
        #expect(answer["maximumFontSize"]?.numberValue.map { abs($0 - 21.6) < 1e-9 } == true)
        #expect(answer["titleWidth"]?.numberValue.map { abs($0 - 98.6) < 1e-9 } == true)
        // The face the title is written in, for the overlay to show it in: Helvetica-Bold's.
        #expect(answer["face"] == .object([("family", .string("Helvetica")), ("bold", .bool(true)), ("italic", .bool(false))]))
    }

    /// The box a tapped stamp is placed in: 45 points tall, as wide as its title at the
    /// frame's largest size (0.6 of the 41-point frame: 24.6 pt) over 0.85 of the frame, plus
    /// the 4 points of the frame's inset. "APPROVED" is 5612 units wide in Helvetica-Bold's AFM
    /// (A 722, P 667, R 722, O 778, V 667, E 667, D 722): 5.612 x 24.6 / 0.85 + 4 pt.
    @Test func aTappedStampIsAsWideAsItsTitleNeeds() throws {
        let approved = StampLabel.placedSize(name: "Approved")
        #expect(approved.height == 45 && abs(Double(approved.width) - (5.612 * 24.6 / 0.85 + 4)) < 1e-9)
        #expect(StampLabel.placedSize(name: "Draft").width == 130, "a short title: the narrowest stamp")
        #expect(StampLabel.placedSize(name: String(repeating: "W", count: 40)).width == 420, "a long one: the widest")
        let bridge = EngineBridge()
        let answer = try JSONParser.parse(bridge.call(Array(#"{"call": "stampSize", "name": "Approved"}"#.utf8)))
        let size = try #require(answer["size"]?.arrayValue?.compactMap { $0.numberValue })
        #expect(size.count == 2 && abs(size[0] - Double(approved.width)) < 1e-6 && size[1] == 45, "the bridge writes 6 decimals")
    }
}


import Foundation
import Testing
@testable import MarginaliaCore

/// Issue 28, "Drawn once": a named stamp's title is laid out by the core in Helvetica-Bold's
/// widths (StampLabel.titleLayout); the appearance stream writes it there and the browser's
/// overlay draws it there.
@Suite("Stamp titles laid out by the core")
struct StampTitleLayoutTests {
    @Test func aLongTitleFillsTheTitleWidthCentredOnTheFrame() {
        let label = StampLabel(name: "Approved", box: CGRect(x: 0, y: 0, width: 120, height: 40))
        let layout = label.titleLayout
        // A P P R O V E D in Helvetica-Bold: 722 + 667 + 667 + 722 + 778 + 667 + 667 + 722 = 5612.
        #expect(abs(layout.fontSize - 98.6 / 5.612) < 1e-9, "\(layout)")
        #expect(abs(layout.width - 98.6) < 1e-9 && abs(layout.x - (60 - 49.3)) < 1e-9, "\(layout)")
        // (ascent 729 + descent -218) / 2 of the size below the frame's middle.
        #expect(abs(layout.baseline - (20 - 255.5 * layout.fontSize / 1000)) < 1e-9, "\(layout)")
    }

    @Test func aShortTitleStopsAtTheLargestSize() {
        let label = StampLabel(name: "OK", box: CGRect(x: 100, y: 600, width: 200, height: 40))
        let layout = label.titleLayout
        #expect(abs(layout.fontSize - 21.6) < 1e-9)
        // O 778 + K 722 at 21.6.
        #expect(abs(layout.width - 1.5 * 21.6) < 1e-9 && abs(layout.x + layout.width / 2 - 200) < 1e-9, "\(layout)")
    }

    @Test func whatWinAnsiLacksIsMeasuredAsTheQuestionMarkDrawnForIt() {
        // "Ω" (U+03A9) has no WinAnsi code: drawn, and measured, as "?" (611).
        #expect(StampLabel.widestLineUnits("Ω", .helveticaBold) == StampLabel.widestLineUnits("?", .helveticaBold))
        #expect(StampLabel.widestLineUnits("?", .helveticaBold) == 611)
        #expect(StampLabel.widestLineUnits("€", .helveticaBold) == 556, "0x80 in WinAnsi")
        #expect(StampLabel.widestLineUnits("AB\nA", .helveticaBold) == 722 + 722, "the widest line")
        #expect(WinAnsiCodes.code(forScalar: 0x2022) == 0x95 && WinAnsiCodes.code(forScalar: 0x0A) == nil)
    }

    @Test func theBridgeAnswersTheTitlesSizeOriginAndLength() throws {
        let answer = try JSONParser.parse(EngineBridge().call(Array(#"{"call": "stampLabel", "name": "Approved", "rect": [0, 0, 120, 40]}"#.utf8)))
        let layout = StampLabel(name: "Approved", box: CGRect(x: 0, y: 0, width: 120, height: 40)).titleLayout
        // Numbers in the answer are written to six decimals.
        let close = { (value: Double?, expected: Double) in value.map { abs($0 - expected) < 1e-6 } == true }
        let origin = answer["titleOrigin"]?.arrayValue?.compactMap(\.numberValue) ?? []
        #expect(close(answer["fontSize"]?.numberValue, layout.fontSize), "\(answer)")
        #expect(origin.count == 2 && close(origin.first, layout.x) && close(origin.last, layout.baseline), "\(answer)")
        #expect(close(answer["titleLength"]?.numberValue, layout.width), "\(answer)")
    }
}

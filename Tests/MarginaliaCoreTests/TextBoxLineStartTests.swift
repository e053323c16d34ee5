import Foundation
import Testing
@testable import MarginaliaCore

/// Each laid-out line says where it starts in the box's text, in UTF-16 code units, the
/// browser's text offsets (the typing caret is placed by it: review 10, item 3).
@Suite("Text box line starts")
struct TextBoxLineStartTests {
    @Test func eachLineStartsWhereItsFirstCharacterIsInUTF16() {
        // Every character 500 units at 10 points (5 points); 12 points of room (no border:
        // padding 2 each side of a 16-point box) hold two characters a line.
        let text = "ab\r\ncd ef\n\u{1F600}x\u{2029}\u{2029}g"
        let paragraphs = TextBoxLayout.paragraphs(of: text).map { $0.map { _ in 500.0 } }
        let layout = TextBoxLayout(text: text, widths: paragraphs, ascent: 800, descent: -200, fontSize: 10,
                                   box: CGRect(x: 0, y: 0, width: 16, height: 200), borderWidth: 0, alignment: 0)
        let lines = layout.lines.map { [$0.text, String($0.start)] }
        // "ab" 0; CR LF two units; "cd " 4 to 7; LF; the emoji two units from 10; U+2029 at 13,
        // an empty paragraph from 14, U+2029 at 14, "g" at 15.
        #expect(lines == [["ab", "0"], ["cd", "4"], ["ef", "7"], ["\u{1F600}x", "10"], ["", "14"], ["g", "15"]])
        #expect(Array(text.utf16)[15] == UInt16(UInt8(ascii: "g")))
    }
}
